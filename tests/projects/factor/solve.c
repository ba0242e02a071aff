#include "mat.h"

void solve(row_t *a, long m, const long *piv, double *b, double *x)
{
    long k, i;
    for (k = 0; k < m; k++) {
        double t = b[k];
        b[k] = b[piv[k]];
        b[piv[k]] = t;
    }
    for (i = 0; i < m; i++) {
        double s = b[i];
        long j;
#pragma reduce(+: s)
        for (j = 0; j < i; j++)
            s -= a[i][j] * x[j];
        x[i] = s;
    }
    for (i = m - 1; i >= 0; i--) {
        double s = x[i];
        long j;
#pragma reduce(+: s)
        for (j = i + 1; j < m; j++)
            s -= a[i][j] * x[j];
        x[i] = s / a[i][i];
    }
}

double residual(row_t *orig, long m, const double *x, const double *b)
{
    double worst = 0;
    long i;
#pragma reduce(max: worst)
    for (i = 0; i < m; i++) {
        double r = -b[i];
        long j;
        for (j = 0; j < m; j++)
            r += orig[i][j] * x[j];
        r = r < 0 ? -r : r;
        if (r > worst)
            worst = r;
    }
    return worst;
}
