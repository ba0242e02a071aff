/* Subscripts that are not affine in i, with the range read given by an
 * in(a[FIRST:COUNT]) clause: a small table indexed by i % 8, and a
 * gather through an index array. */
#include <stdio.h>
#include <stdlib.h>

static double gather_sum(const double *v, long m, const int *idx, long n)
{
    double s = 0;
#pragma reduce(+: s) in(v[0:m])
    for (long i = 0; i < n; i++)
        s += v[idx[i]];
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    const long m = 97;
    double w[8] = {1, -2, 3, -4, 5, -6, 7, -8};
    double *v = malloc(m * sizeof *v);
    int *idx = malloc((n > 0 ? n : 1) * sizeof *idx);
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!v || !idx || !a)
        return 1;
    for (long j = 0; j < m; j++)
        v[j] = (double)(j % 10) * 0.5;
    for (long i = 0; i < n; i++) {
        idx[i] = (int)((i * 31) % m);
        a[i] = (int)(i % 3);
    }

    double t = 0;
#pragma reduce(+: t) in(w[0:8])
    for (long i = 0; i < n; i++)
        t += w[i % 8] * a[i];
    printf("sum w[i %% 8] * a[i]: %.1f\n", t);

    printf("gather sum: %.1f\n", gather_sum(v, m, idx, n));

    free(v);
    free(idx);
    free(a);
    return 0;
}
