/* The wrapper's arguments are host reads too (issue 40): a global scalar
 * the loop reads is passed by value, after a parallel loop wrote it
 * through a pointer (its newer bytes on the GPU), and a static local the
 * same way; the bound is a parameter read through a pointer in a
 * function the loop's caller calls in a host loop. */
#include <stdio.h>
#include <stdlib.h>

int g_scale;

static double scaled(const double *y, int n, const int *lim)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < *lim; i++)
        s += y[i] * g_scale;
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    static int lim;
    int *pg = &g_scale, *pl = &lim;
    double *y = malloc((size_t)(n + 1) * sizeof *y);
    if (!y)
        return 1;
    for (int i = 0; i < n; i++)
        y[i] = 0.25 * (i % 8);
    double t = 0;
    for (int round = 1; round <= 3; round++) {
#pragma reduce parallel
        for (int k = 0; k < 1; k++) {
            pg[k] = round + 1;
            pl[k] = n / round;
        }
        double u = 0;
#pragma reduce(+: u)
        for (int i = 0; i < n; i++)
            u += y[i] * g_scale;
        t += u + scaled(y, n, &lim);
    }
    printf("%.2f\n", t);
    free(y);
    return 0;
}
