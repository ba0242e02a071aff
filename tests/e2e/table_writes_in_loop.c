/* A host loop that writes through a table of row pointers between calls
 * of a marked loop reading it (kmeans' centre update, `clusters[i][j] =
 * ...`): each write marks its own bytes stale where it happens, so the
 * next call copies the changed centres again and keeps the large table
 * it only reads (the host loop no longer drops every copy). Also a write
 * through the other table's rows in one round, which that call must see. */
#include <stdio.h>
#include <stdlib.h>

#define D 6
#define K 3

static long assign(float **pts, long n, float **cent, int *member)
{
    long changed = 0;
#pragma reduce(+: changed) in(pts[0:n][0:D], cent[0:K][0:D])
    for (long i = 0; i < n; i++) {
        int best = 0;
        float bd = 1e30f;
        for (int c = 0; c < K; c++) {
            float d = 0;
            for (int f = 0; f < D; f++)
                d += (pts[i][f] - cent[c][f]) * (pts[i][f] - cent[c][f]);
            if (d < bd) {
                bd = d;
                best = c;
            }
        }
        changed += member[i] != best;
        member[i] = best;
    }
    return changed;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float **pts = malloc(((size_t)n + 1) * sizeof *pts), **cent = malloc(K * sizeof *cent);
    pts[0] = malloc(((size_t)n + 1) * D * sizeof **pts);
    cent[0] = malloc(K * D * sizeof **cent);
    for (long i = 1; i < n; i++)
        pts[i] = pts[0] + i * D;
    for (int c = 1; c < K; c++)
        cent[c] = cent[0] + c * D;
    int *member = malloc(((size_t)n + 1) * sizeof *member);
    for (long i = 0; i < n; i++) {
        member[i] = -1;
        for (int f = 0; f < D; f++)
            pts[i][f] = (float)((i * 7 + f * 3) % 16);
    }
    for (int c = 0; c < K; c++)
        for (int f = 0; f < D; f++)
            cent[c][f] = (float)(c * 5 + f);
    for (int round = 0; round < 6; round++) {
        long changed = assign(pts, n, cent, member);
        long count[K] = {0};
        for (long i = 0; i < n; i++)
            count[member[i]]++;
        for (int c = 0; c < K; c++)
            for (int f = 0; f < D; f++)
                cent[c][f] = (float)((count[c] * (f + 1) + round) % 16);
        if (round == 3 && n > 2)
            for (int f = 0; f < D; f++)
                pts[n / 2][f] = 15.0f - pts[n / 2][f];
        printf("round %d changed %ld counts %ld %ld %ld\n", round, changed, count[0], count[1], count[2]);
    }
    free(pts[0]);
    free(cent[0]);
    free(pts);
    free(cent);
    free(member);
    return 0;
}
