/* The assignment step of k-means (Rodinia kmeans, NU-MineBench): for each
 * point and each centroid, the squared distance is a marked loop over the
 * dimensions, inside the loops over points and centroids; the nearest
 * centroid wins (first on ties). Then, per cluster, an int count of its
 * points and the float sum of one coordinate (marked loops over points),
 * the update step. Points are an n_pts x dim float matrix (flat), the
 * centroids a fixed-size 2-D array. Coordinates are multiples of 1/4, so
 * the distances and sums are exact in float. n_pts * dim ~ n. */
#include <stdio.h>
#include <stdlib.h>

#define K 3
#define DMAX 256

static float centroid[K][DMAX];

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int dim = 1;
    while (dim < DMAX && (long)dim * dim < n)
        dim++;
    int n_pts = (int)(n / dim);
    float *pts = malloc(((size_t)n_pts * dim + 1) * sizeof *pts);
    int *label = malloc(((size_t)n_pts + 1) * sizeof *label);
    if (!pts || !label)
        return 1;
    for (long p = 0; p < n_pts; p++)
        for (int d = 0; d < dim; d++)
            pts[p * dim + d] = (float)((p * 7 + d * 3 + (p % K) * 5) % 16) * 0.25f;
    for (int c = 0; c < K; c++)
        for (int d = 0; d < dim; d++)
            centroid[c][d] = (float)((c * 5 + d) % 16) * 0.25f;

    for (int iter = 0; iter < 2; iter++) {
        long changed = 0;
        double inertia = 0;
        for (int p = 0; p < n_pts; p++) {
            float best = 0.0f;
            int best_c = -1;
            for (int c = 0; c < K; c++) {
                float dist = 0.0f;
#pragma reduce(+: dist)
                for (int d = 0; d < dim; d++) {
                    float diff = pts[(long)p * dim + d] - centroid[c][d];
                    dist += diff * diff;
                }
                if (best_c < 0 || dist < best) {
                    best = dist;
                    best_c = c;
                }
            }
            if (iter == 0 || label[p] != best_c)
                changed++;
            label[p] = best_c;
            inertia += best;
        }
        printf("iter %d: dim %d points %d changed %ld inertia %.2f\n", iter, dim, n_pts, changed,
               inertia);
        /* update: count and coordinate sums of each cluster */
        for (int c = 0; c < K; c++) {
            int members = 0;
#pragma reduce(+: members)
            for (int p = 0; p < n_pts; p++)
                members += label[p] == c;
            for (int d = 0; d < dim; d++) {
                float s = 0.0f;
#pragma reduce(+: s)
                for (int p = 0; p < n_pts; p++)
                    if (label[p] == c)
                        s += pts[(long)p * dim + d];
                /* the new centroid, rounded back onto the 1/4 grid */
                centroid[c][d] = members > 0 ? (float)(int)(s / members * 4.0f + 0.5f) * 0.25f
                                             : centroid[c][d];
            }
            printf("  cluster %d: %d points, c[0] %.2f\n", c, members, (double)centroid[c][0]);
        }
    }
    free(pts);
    free(label);
    return 0;
}
