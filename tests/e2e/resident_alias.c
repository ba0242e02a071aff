/* Residency traps: the host writes the array between marked loops in every
 * way the analysis cannot follow by name (another pointer to the buffer, a
 * helper writing through its parameter, a global pointer, pointer
 * arithmetic, memset/memcpy, a while loop, a loop's condition); every
 * marked loop must see the host's latest values, as the sequential program
 * does. On the GPU the array stays resident between the loops, so a missed
 * write would show as a stale sum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long *g_alias; /* a global pointer to the array */
static volatile long ticks[4]; /* volatile memory written between loops */

/* writes through its parameter */
static void helper_write(long *p, long k) { p[k] = 1000 + k; }

/* writes through the global pointer */
static void global_write(long k) { g_alias[k] += 7; }

/* reads only, through a non-const pointer (the analysis must assume a write) */
static long peek(long *p, long k) { return p[k]; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    long *x = malloc((size_t)(n + 4) * sizeof *x);
    long *tmp = malloc((size_t)(n + 4) * sizeof *tmp);
    if (!x || !tmp)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = i % 17;
    long *y = x; /* two pointers to one buffer */
    g_alias = x;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("start: %ld\n", s);

    if (n > 0)
        y[n / 2] = 100;
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("after y[n/2] = 100: %ld\n", s);

    if (n > 1)
        helper_write(x, n - 1);
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("after helper_write: %ld\n", s);

    if (n > 2)
        global_write(2);
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("after global_write: %ld\n", s);

    long *z = y + 3;
    if (n > 3)
        *z = -5;
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("after *(y + 3) = -5: %ld\n", s);

    /* an offset view read by a loop, then the element before it written */
    long *tail = x + 1, t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n - 1; i++)
        t += tail[i];
    if (n > 1)
        x[1] = 42;
#pragma reduce(+: t)
    for (long i = 0; i < n - 1; i++)
        t += tail[i];
    printf("tail twice: %ld\n", t);

    memset(x, 0, (size_t)(n / 3) * sizeof *x);
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("after memset: %ld\n", s);

    for (long i = 0; i < n; i++)
        tmp[i] = 3;
    memcpy(x + n / 2, tmp, (size_t)(n - n / 2) * sizeof *x);
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("after memcpy: %ld\n", s);

    long k = 0;
    while (k < n) {
        x[k] = x[k] * 2 + 1;
        k += 3;
    }
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("after while: %ld\n", s);

    long *p = x;
    for (long i = 0; i < n / 4; i++)
        *p++ = 9;
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("after *p++ = 9: %ld\n", s);

    /* a host loop around a marked loop, writing the array each round */
    for (long r = 0; r < 4; r++) {
        s = 0;
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += x[i];
        printf("round %ld: %ld\n", r, s);
        if (n > 0)
            x[(r * 7) % n] += r + 1;
    }

    /* writes in a loop's condition, the marked loop in its body */
    if (n > 0) {
        long j = 0, total = 0;
        while ((x[j % n] = j * 5) < 20) {
            s = 0;
#pragma reduce(+: s)
            for (long i = 0; i < n; i++)
                s += x[i];
            total += s;
            j++;
        }
        printf("condition writes: %ld\n", total);
    }

    /* a fused output written on the host afterwards */
    long *b = tmp;
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        b[i] = x[i] * 2;
        s += b[i];
    }
    if (n > 0)
        b[0] = -1000;
    long s2 = 0;
#pragma reduce(+: s2)
    for (long i = 0; i < n; i++)
        s2 += b[i];
    printf("fused output: %ld %ld\n", s, s2);

    ticks[1] = 2;
    if (n > 0)
        printf("peek: %ld %ld\n", peek(x, 0), ticks[1]);
    s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    printf("final: %ld\n", s);
    free(x);
    free(tmp);
    return 0;
}
