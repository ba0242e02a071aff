/* Helpers a marked loop calls through chains that are not recursive: a
 * function reached on two paths (a diamond), and a chain five deep. Only a
 * cycle is an error (tests/reject/recursive_helper.c). */
#include <stdio.h>
#include <stdlib.h>

static long sq(long k) { return k * k; }
static long left(long k) { return sq(k) + 1; }
static long right(long k) { return sq(k - 1) - 1; }
static long diamond(long k) { return left(k) + right(k); }

static long d5(long k) { return k % 3; }
static long d4(long k) { return d5(k) + 1; }
static long d3(long k) { return d4(k) * 2; }
static long d2(long k) { return d3(k) - d5(k); }
static long d1(long k) { return d2(k) + d4(k); }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long *x = malloc((size_t)(n > 0 ? n : 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = i % 13 - 6;
    long s = 0, t = 0;
#pragma reduce(+: s) reduce(max: t)
    for (long i = 0; i < n; i++) {
        s += diamond(x[i]);
        t = d1(x[i] + i) > t ? d1(x[i] + i) : t;
    }
    printf("diamond %ld, chain max %ld\n", s, t);
    free(x);
    return 0;
}
