/* The suite's header, found through -Iutilities and included as
 * <bench.h>; bench.c (built by gcc) defines what it declares. */
#ifndef BENCH_H
#define BENCH_H
#include <stdlib.h>

#define BENCH_ALLOC(n, T) ((T *)bench_alloc((size_t)(n) * sizeof(T)))

extern int bench_allocations;
void *bench_alloc(size_t bytes);
void bench_print(const char *name, double value);
double bench_checksum(const double *a, long n);
#include <bench_util.h>
#endif
