/* Nearest and farthest reference point per query (minloc / maxloc of an
 * integer squared distance, ties to the first), and the count of points
 * within a radius; queries counted down. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define D 3

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int nq = (int)(n % 500) + (int)(n / 1000 > 300 ? 300 : n / 1000);
    int np = 257;
    int *ref = malloc(np * D * sizeof *ref), *q = malloc((nq + 1) * D * sizeof *q);
    int *near = malloc((nq + 1) * sizeof *near), *far = malloc((nq + 1) * sizeof *far);
    long *dn = malloc((nq + 1) * sizeof *dn);
    int *within = malloc((nq + 1) * sizeof *within);
    if (!ref || !q || !near || !far || !dn || !within)
        return 1;
    for (int k = 0; k < np * D; k++)
        ref[k] = (k * 73) % 41 - 20;
    for (int k = 0; k < nq * D; k++)
        q[k] = (int)((k * 11 + n) % 43) - 21;
    for (int i = nq - 1; i >= 0; i--) {
        long best = LONG_MAX, worst = -1;
        int bi = -1, wi = -1;
#pragma reduce(minloc: best, bi) reduce(maxloc: worst, wi)
        for (int p = 0; p < np; p++) {
            long d2 = 0;
            for (int t = 0; t < D; t++) {
                long dd = q[i * D + t] - ref[p * D + t];
                d2 += dd * dd;
            }
            if (d2 < best) {
                best = d2;
                bi = p;
            }
            if (d2 >= worst) {
                worst = d2;
                wi = p;
            }
        }
        near[i] = bi;
        far[i] = wi;
        dn[i] = best;
        int c = 0;
#pragma reduce(+: c)
        for (int p = 0; p < np; p++) {
            long d2 = 0;
            for (int t = 0; t < D; t++)
                d2 += (long)(q[i * D + t] - ref[p * D + t]) * (q[i * D + t] - ref[p * D + t]);
            c += d2 <= 2 * dn[i] + 9;
        }
        within[i] = c;
    }
    long h = 0;
    for (int i = 0; i < nq; i++)
        h = (h * 131 + near[i] * 3 + far[i] * 5 + dn[i] + within[i]) % 998244353L;
    printf("%d queries: %ld\n", nq, h);
    free(ref); free(q); free(near); free(far); free(dn); free(within);
    return 0;
}
