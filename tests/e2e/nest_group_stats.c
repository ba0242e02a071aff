/* Statistics per group of a grouped (CSR-like) data set: groups given by
 * offsets; count, sum, sum of squares, min and max per group. Integer data
 * (long sums), an in() clause for the run-time ranges. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    long sum, sq;
    int lo, hi, cnt;
} GroupStat;

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int ngroups = (int)(n / 50) + 1;
    int *off = malloc((ngroups + 1) * sizeof *off);
    int total = 0;
    for (int g = 0; g < ngroups; g++) {
        off[g] = total;
        total += (int)((g * 37 + n) % 90);
    }
    off[ngroups] = total;
    int *v = malloc(((size_t)total + 1) * sizeof *v);
    GroupStat *st = malloc(ngroups * sizeof *st);
    if (!off || !v || !st)
        return 1;
    for (int k = 0; k < total; k++)
        v[k] = (int)((k * 7919L) % 2001) - 1000;
    for (int g = 0; g < ngroups; g++) {
        long s = 0, q = 0;
        int lo = INT_MAX, hi = INT_MIN, c = 0;
#pragma reduce(+: s, q, c) reduce(min: lo) reduce(max: hi) in(v[0:total])
        for (int k = off[g]; k < off[g + 1]; k++) {
            s += v[k];
            q += (long)v[k] * v[k];
            c++;
            if (v[k] < lo)
                lo = v[k];
            if (v[k] > hi)
                hi = v[k];
        }
        st[g].sum = s;
        st[g].sq = q;
        st[g].lo = lo;
        st[g].hi = hi;
        st[g].cnt = c;
    }
    long hs = 0, hq = 0, hl = 0, hh = 0, hc = 0;
    for (int g = 0; g < ngroups; g++) {
        hs += st[g].sum * (g % 7 + 1);
        hq ^= st[g].sq + g;
        hl += st[g].lo;
        hh += st[g].hi;
        hc += st[g].cnt;
    }
    printf("%d groups, %d values: %ld %ld %ld %ld %ld\n", ngroups, total, hs, hq, hl, hh, hc);
    free(off); free(v); free(st);
    return 0;
}
