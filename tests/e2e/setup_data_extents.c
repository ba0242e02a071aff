/* `#pragma reduce data` and `update` extents from an array a parallel
 * loop wrote (newer bytes on the GPU): the host evaluates cnt[0] to copy
 * y[0:cnt[0]] (a stale extent past the end of y: an illegal address on
 * the GPU) and cnt[1] to refresh y[0:cnt[1]] after a host write (issue
 * 40). The fake device bounds a copy by its block, so this one is checked
 * on the GPU (bundle) and in tests/cli.sh (the reads before the directive). */
#include <stdio.h>
#include <stdlib.h>

static double sum(const double *x, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int *cnt = malloc(2 * sizeof *cnt);
    double *y = malloc((size_t)(n + 1) * sizeof *y);
    if (!cnt || !y)
        return 1;
    cnt[0] = 4 * n + 65536; /* what the host holds until the kernel's writes come back */
    cnt[1] = 0;
    for (int i = 0; i < n; i++)
        y[i] = 1.0 + (i % 5);
#pragma reduce parallel
    for (int k = 0; k < 2; k++)
        cnt[k] = k == 0 ? n : (n > 0);
    double a, b;
#pragma reduce data in(y[0:cnt[0]])
    {
        a = sum(y, n);
        if (n > 0)
            y[0] = 100;
#pragma reduce update in(y[0:cnt[1]])
        b = sum(y, n);
    }
    printf("%.1f %.1f\n", a, b);
    return 0;
}
