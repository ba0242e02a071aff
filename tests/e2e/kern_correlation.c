/* PolyBench correlation/covariance: column means and standard deviations
 * of a data matrix (rows are observations), then the lower triangle of the
 * covariance matrix (for j2 >= j1), each a marked inner loop over the
 * observations into a local accumulator. data is a fixed-size 2-D array
 * data[N][M] as in PolyBench; the number of observations used is a power
 * of two and the values are small integers, so the means are exact and so
 * are all the sums (the printed results do not depend on the order). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 2048
#define M 48

static double data[N][M];
static double mean[M], stddev[M], cov[M][M];

int main(int argc, char **argv)
{
    long size = argc > 1 ? atol(argv[1]) : 1000;
    int m = (int)(size / 64 + 1);
    if (m > M)
        m = M;
    int n = 1;
    while (n * 2 <= N && (long)n * 2 * m <= size)
        n *= 2;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            data[i][j] = (double)((i * (j + 1) + 3 * j) % 11);

    for (int j = 0; j < m; j++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (int i = 0; i < n; i++)
            s += data[i][j];
        mean[j] = s / n;
    }
    for (int j = 0; j < m; j++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (int i = 0; i < n; i++)
            s += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
        stddev[j] = sqrt(s / n);
        /* PolyBench's guard against near-zero deviations */
        stddev[j] = stddev[j] <= 0.1 ? 1.0 : stddev[j];
    }
    /* the covariance matrix, upper triangle then mirrored */
    for (int j1 = 0; j1 < m; j1++)
        for (int j2 = j1; j2 < m; j2++) {
            double c = 0.0;
#pragma reduce(+: c)
            for (int i = 0; i < n; i++)
                c += (data[i][j1] - mean[j1]) * (data[i][j2] - mean[j2]);
            cov[j1][j2] = c / (n > 1 ? n - 1 : 1);
            cov[j2][j1] = cov[j1][j2];
        }
    /* how many observations are above their column's mean: an int count */
    long above = 0;
    for (int j = 0; j < m; j++) {
        int cnt = 0;
#pragma reduce(+: cnt)
        for (int i = 0; i < n; i++)
            if (data[i][j] > mean[j])
                cnt++;
        above += cnt;
    }
    printf("n %d m %d\n", n, m);
    for (int j = 0; j < m; j += (m > 8 ? m / 8 : 1))
        printf("col %d: mean %.6g stddev %.6g cov[j][0] %.6g\n", j, mean[j], stddev[j], cov[j][0]);
    double tr = 0;
    for (int j = 0; j < m; j++)
        tr += cov[j][j] + 0.5 * cov[j][(j + 1) % m];
    printf("trace-ish %.6g, above mean %ld\n", tr, above);
    return 0;
}
