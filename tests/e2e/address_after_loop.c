/* A reduction variable whose address is taken only after its loop, in a
 * lifetime the loop does not run in again: passed to a helper, to memcpy,
 * printed with %p's cousin (compared), or handed to an allreduce-style
 * function, as MPI programs do with MPI_Allreduce(&local, &global, ...).
 * The loop reads through pointers; no pointer it reads can hold that
 * address, so the pragma is taken. Exact values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double seen_total;

static void report(const double *v) { seen_total += *v; }

/* what MPI_Allreduce does on one rank */
static void allreduce_sum(const double *in, double *out) { *out = *in; }

static double block_sum(const double *x, long lo, long hi)
{
    double local = 0.0;
#pragma reduce(+: local)
    for (long i = lo; i < hi; i++)
        local += x[i];
    double global = 0.0;
    allreduce_sum(&local, &global);
    return global;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc((size_t)(n > 0 ? n : 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (double)(i % 9) * 0.5;
    double total = 0.0;
    for (int step = 0; step < 4; step++) {
        /* declared in the step: a new lifetime each time round */
        double part = 0.0;
#pragma reduce(+: part)
        for (long i = 0; i < n; i++)
            part += x[i] * (double)(step + 1);
        report(&part);
        double copy;
        memcpy(&copy, &part, sizeof copy);
        total += copy + block_sum(x, 0, n / 2);
    }
    long long bits = 0;
#pragma reduce(^: bits)
    for (long i = 0; i < n; i++)
        bits ^= (long long)(x[i] * 2.0) << (i % 40);
    const long long *where = &bits;
    printf("n %ld: total %.6f, seen %.6f, bits %lld\n", n, total, seen_total, *where);
    free(x);
    return 0;
}
