/* FINDING: nvcc rejects pragreduce's output (pragreduce exit 0): `v++` on a
 * _Bool is C (v becomes 1) but C++17 forbids ++ on bool ("use of an operand
 * of type 'bool' in 'operator++' is forbidden in C++17"); the output keeps
 * it, in the marked loop (README: `v++` is a + update, every integer type
 * and _Bool accepted) and in host code. Found by tests/gen (seed 13).
 * Reproduce: build/pragreduce bool_increment.c -o x.cu && nvcc x.cu */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10;
    int *a = calloc((size_t)n + 1, sizeof *a);
    _Bool any = 0, seen = 0;
#pragma reduce(+: any)
    for (long i = 0; i < n; i++)
        if (a[i] == 0)
            any++;
    if (n > 3)
        seen++;
    printf("%d %d\n", any, seen);
    free(a);
    return 0;
}
