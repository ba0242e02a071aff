/* The suite's shared header, in the style of PolyBench's and NPB's: timers,
 * an allocation macro, a result printer whose parameter is named 'class'
 * (a C++ keyword: pragreduce renames it in the code it compiles as C++). */
#ifndef BENCH_H
#define BENCH_H
#include <stddef.h>
#include <stdlib.h>

#define BENCH_ALLOC(n, type) ((type *)bench_alloc((size_t)(n), sizeof(type)))
#define BENCH_FREE(p) free(p)

void *bench_alloc(size_t n, size_t elem);
void bench_timer_start(void);
double bench_timer_stop(void);
void bench_print(const char *name, char class, double value);

/* a helper the kernels call from marked loops: defined here, in the header */
static inline double bench_weight(long i, int new)
{
    return (double)((i * 7 + new) % 11) - 5.0;
}
#endif
