/* Residency across calls: functions with marked loops called from loops of
 * their caller (their copies stay with the caller between calls), with the
 * host writing in between in the caller, in the callee itself, in a
 * function that writes a global array, and through the statement that
 * holds the call; recursion; a callee that frees and allocates again. */
#include <stdio.h>
#include <stdlib.h>

static long table[256];

static long sum(const long *x, long n)
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

/* reads, then writes what it read (the callee's own writes) */
static long sum_then_bump(long *x, long n)
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    for (long i = 0; i < n; i += 2)
        x[i] += 1;
    return s;
}

/* writes a global array, not through a parameter */
static void touch_table(int k) { table[k % 256] += 3; }

static long sum_table(void)
{
    long s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < 256; i++)
        s += table[i];
    return s;
}

/* recursion: each level reduces, then the deeper levels write */
static long nested(long *x, long n, int depth)
{
    long s = sum(x, n);
    if (depth > 0 && n > 0) {
        x[depth % n] += 10;
        s += nested(x, n, depth - 1);
    }
    return s + sum(x, n);
}

/* a buffer freed and allocated again, likely at the same address */
static long *refill(long *x, long n, long k)
{
    free(x);
    long *y = malloc((size_t)(n + 1) * sizeof *y);
    for (long i = 0; i < n; i++)
        y[i] = (i * k) % 13;
    return y;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    long *x = malloc((size_t)(n + 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = i % 11;
    for (int i = 0; i < 256; i++)
        table[i] = i;
    long total = 0;
    for (int r = 0; r < 4; r++) {
        long s = sum(x, n);
        printf("round %d: %ld\n", r, s);
        total += s;
        if (n > 0)
            x[(r * 5) % n] = r * 100;
    }
    for (int r = 0; r < 3; r++) {
        long before = sum_then_bump(x, n);
        printf("sum_then_bump %d: %ld, then %ld\n", r, before, sum(x, n));
    }
    for (int r = 0; r < 3; r++) {
        printf("table %d: %ld\n", r, sum_table());
        touch_table(r * 7);
    }
    printf("nested: %ld\n", nested(x, n, 3));
    for (long k = 1; k < 4; k++) {
        x = refill(x, n, k);
        printf("refill %ld: %ld\n", k, sum(x, n));
    }
    long *alias = x;
    for (int r = 0; r < 3; r++) {
        long s = sum(x, n);
        if (n > 1)
            alias[n - 1 - r % n] = -7;
        printf("alias %d: %ld %ld\n", r, s, sum(alias, n));
    }
    printf("total %ld\n", total);
    free(x);
    return 0;
}
