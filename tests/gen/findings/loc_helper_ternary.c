/* FINDING: nvcc rejects pragreduce's output (pragreduce exit 0): a helper of
 * the file called in the value of a minloc/maxloc ternary pair
 * (idx = h(..) < v ? i : idx; v = h(..) < v ? h(..) : v;) is not copied as
 * __host__ __device__: "calling a __host__ function from a __global__
 * function is not allowed". Found by tests/gen (seeds 147, 318).
 * Reproduce: build/pragreduce loc_helper_ternary.c -o x.cu && nvcc x.cu */
#include <stdio.h>
#include <stdlib.h>

static long twice(long x) { return x + x; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    long *a = malloc((size_t)(n + 1) * sizeof *a);
    for (long i = 0; i < n; i++)
        a[i] = (i * 7) % 13;
    long v = 1000, at = -1;
#pragma reduce(minloc: v, at)
    for (long i = 0; i < n; i++) {
        at = twice(a[i]) < v ? i : at;
        v = twice(a[i]) < v ? twice(a[i]) : v;
    }
    printf("%ld %ld\n", v, at);
    free(a);
    return 0;
}
