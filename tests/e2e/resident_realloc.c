/* Residency: memory freed and allocated again, usually at the same address
 * (malloc, calloc, realloc), and a local array declared again at the same
 * stack address each time round a loop: a kept copy of the old contents
 * must never be taken for the new ones. */
#include <stdio.h>
#include <stdlib.h>

static void fill(long *a, long n, long k)
{
    for (long i = 0; i < n; i++)
        a[i] = (i * k) % 101;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    long *a = malloc((size_t)(n + 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = i % 7;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i];
    printf("a: %ld\n", s);
    free(a);

    /* most likely the same block */
    long *b = malloc((size_t)(n + 1) * sizeof *b);
    if (!b)
        return 1;
    fill(b, n, 3);
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += b[i];
    printf("b: %ld\n", s);
    free(b);

    /* calloc writes its zeros where the analysis cannot see them */
    long *c = calloc((size_t)(n + 1), sizeof *c);
    if (!c)
        return 1;
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += c[i];
    printf("c: %ld\n", s);

    c = realloc(c, (size_t)(2 * n + 1) * sizeof *c);
    if (!c)
        return 1;
    for (long i = n; i < 2 * n; i++)
        c[i] = 2;
    if (n > 0)
        c[0] = 5;
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < 2 * n; i++)
        s += c[i];
    printf("c grown: %ld\n", s);
    free(c);

    /* a local array at the same address each round, with other contents */
    for (int r = 0; r < 3; r++) {
        long w[64];
        for (int j = 0; j < 64; j++)
            w[j] = (long)r * j + n % 5;
        long t = 0;
#pragma reduce(+: t)
        for (int j = 0; j < 64; j++)
            t += w[j];
        printf("round %d: %ld\n", r, t);
    }
    return 0;
}
