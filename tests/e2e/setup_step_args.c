/* Other set-up the host evaluates from arrays kernels wrote: a step
 * (i += us[0], unsigned), a collapse(2) nest's inner bound, sections'
 * extents (in(x[st[1]:n]), in(x[0:n / 8 * st[2]])), an `if` around the
 * loop, and a bound inside a while loop whose condition reads the array
 * (issue 40). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int *st = malloc(4 * sizeof *st);
    unsigned *us = malloc(2 * sizeof *us);
    double *x = malloc((size_t)(2 * n + 8) * sizeof *x);
    if (!st || !us || !x)
        return 1;
    for (int i = 0; i < 2 * n + 8; i++)
        x[i] = (double)(i % 17);
    for (int k = 0; k < 4; k++)
        st[k] = 0;
#pragma reduce parallel
    for (int k = 0; k < 4; k++)
        st[k] = k == 0 ? 3 : k == 1 ? n / 2 : k == 2 ? 4 : 1;
    us[0] = us[1] = 0;
#pragma reduce parallel
    for (int k = 0; k < 2; k++)
        us[k] = 3u + (unsigned)k;
    double a = 0, b = 0, c = 0, d = 0, e = 0;
#pragma reduce(+: a)
    for (unsigned i = 0; i < (unsigned)n; i += us[0])
        a += x[i];
#pragma reduce(+: b) collapse(2)
    for (int i = 0; i < n / 8; i++)
        for (int j = 0; j < st[2]; j++)
            b += x[i * 8 + j];
#pragma reduce(+: c) in(x[st[1]:n])
    for (int i = 0; i < n; i++)
        c += x[i + n / 2];
#pragma reduce(+: d) in(x[0:n / 8 * st[2]])
    for (int i = 0; i < n / 8 * st[2]; i++)
        d += x[i];
    if (st[3] == 1) {
#pragma reduce(+: e)
        for (int i = 0; i < n; i++)
            e += x[i];
    }
    int rounds = 0;
    while (st[3] < 3) {
        double f = 0;
#pragma reduce parallel
        for (int k = 3; k < 4; k++)
            st[k] = st[k] + 1;
#pragma reduce(+: f)
        for (int i = 0; i < (st[3] * 10 < n ? st[3] * 10 : n); i++)
            f += x[i];
        rounds++;
        e += f;
    }
    printf("%.1f %.1f %.1f %.1f %.1f %d\n", a, b, c, d, e, rounds);
    return 0;
}
