/* One k-means step on integer points: assignment (points segmented, the
 * centroid loop carries the best distance inside each segment), then the
 * centroid update per cluster (cluster loop segmented; counts and sums of
 * the points labelled with the cluster). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define D 2

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int np = (int)(n < 50000 ? n : 50000), k = 7;
    int *pt = malloc(((size_t)np + 1) * D * sizeof *pt), *lab = malloc((np + 1) * sizeof *lab);
    long *cen = malloc(k * D * sizeof *cen), *cnt = malloc(k * sizeof *cnt);
    long (*sum)[D] = malloc(k * sizeof *sum);
    if (!pt || !lab || !cen || !cnt || !sum)
        return 1;
    for (int i = 0; i < np * D; i++)
        pt[i] = (int)((i * 7919L + n) % 201) - 100;
    for (int c = 0; c < k * D; c++)
        cen[c] = (c * 37) % 150 - 75;
    for (int p = 0; p < np; p++) {
        long best = LONG_MAX;
        int which = -1;
        for (int c = 0; c < k; c++) {
            long d2 = 0;
#pragma reduce(+: d2)
            for (int t = 0; t < D; t++)
                d2 += (pt[p * D + t] - cen[c * D + t]) * (pt[p * D + t] - cen[c * D + t]);
            if (d2 < best) {
                best = d2;
                which = c;
            }
        }
        lab[p] = which;
    }
    for (int c = 0; c < k; c++) {
        long m = 0, sx = 0, sy = 0;
#pragma reduce(+: m, sx, sy)
        for (int p = 0; p < np; p++)
            if (lab[p] == c) {
                m++;
                sx += pt[p * D];
                sy += pt[p * D + 1];
            }
        cnt[c] = m;
        sum[c][0] = sx;
        sum[c][1] = sy;
    }
    long h = 0;
    for (int p = 0; p < np; p++)
        h = (h * 3 + lab[p]) % 1000000007L;
    for (int c = 0; c < k; c++)
        printf("cluster %d: %ld points, sum %ld %ld\n", c, cnt[c], sum[c][0], sum[c][1]);
    printf("labels %ld\n", h);
    free(pt); free(lab); free(cen); free(cnt); free(sum);
    return 0;
}
