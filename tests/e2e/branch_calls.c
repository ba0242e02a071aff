/* Calls the transpiler cannot see through, under conditions in a time loop
 * (timers behind `if (timeron)`, a helper writing the array every few
 * steps, else-if chains, a branch without braces): their invalidations go
 * into the branch, so the array stays on the GPU in the steps where the
 * branch does not run, and comes back or goes stale in those where it
 * does. Exact values. */
#include <stdio.h>
#include <stdlib.h>

static double *g; /* the array, as a global that helpers write */
static long g_n;
static long ticks;

static void timer_start(int k) { ticks += k; }
static void timer_stop(int k) { ticks -= k; }

/* writes the array the loops use */
static void bump(long k) { g[k % g_n] += 1.0; }

/* reads it */
static double peek(long k) { return g[k % g_n]; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int timeron = argc > 2;
    g_n = n > 0 ? n : 1;
    g = calloc((size_t)g_n, sizeof *g);
    if (!g)
        return 1;
    for (long i = 0; i < n; i++)
        g[i] = (double)(i % 3);
    double total = 0, seen = 0;
    for (int step = 0; step < 16; step++) {
        if (timeron)
            timer_start(1);
#pragma reduce parallel
        for (long i = 0; i < n; i++)
            g[i] = g[i] * 0.5 + 1.0;
        double part = 0;
#pragma reduce(+: part)
        for (long i = 0; i < n; i++)
            part += g[i];
        total += part;
        if (n == 0)
            continue;
        if (step % 5 == 0)
            bump(step);
        else if (step % 5 == 3) {
            seen += peek(step * 7);
        } else if (step % 7 == 6)
            bump(n - 1);
        else
            timer_stop(timeron);
    }
    printf("n %ld: total %.6f, seen %.6f, g[0] %.6f, ticks %ld\n", n, total, seen, n > 0 ? g[0] : 0.0, ticks);
    free(g);
    return 0;
}
