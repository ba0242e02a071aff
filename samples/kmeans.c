/* kmeans.c - Lloyd's k-means on a synthetic 4-dimensional data set.
 *
 *   ./kmeans [n]      (default n = 200000 points)
 *
 * The points are drawn around K hidden centres.  Each iteration has an
 * assignment step, the marked loop in assign(): for every point, the
 * nearest centroid (an inner loop over the K centroids and the DIM
 * coordinates), its label written to label[i], and reductions of the
 * total inertia (sum of squared distances), how many labels changed,
 * how many points chose centroid 0, and the farthest point from its
 * centroid (maxloc).  The update step (new centroids as the means of
 * their points) runs on the CPU in ordinary loops.
 *
 * Coordinates are multiples of 1/16 below 64 and the centroids are kept
 * on the same 1/16 grid (the update rounds them), so every distance and
 * every sum is exact in double: the program prints the same whatever
 * order the GPU adds in.
 *
 * Build and run:
 *   pragreduce kmeans.c -o kmeans.cu && nvcc -O3 -arch=sm_90 kmeans.cu -o kmeans
 *   ./kmeans 100000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIM 4
#define K 5
#define MAX_ITER 12
#define GRID 16.0 /* coordinates are multiples of 1/GRID */
#define BIG 1e300  /* larger than any squared distance */

typedef struct {
    double inertia;  /* sum over points of the squared distance to their centroid */
    long changed;    /* labels that differ from the previous iteration */
    long in_first;   /* points assigned to centroid 0 */
    double far_d2;   /* the largest squared distance ... */
    long far_point;  /* ... and the point that has it */
} assign_result;

/* The hidden centres the data are drawn around. */
static const double true_centre[K][DIM] = {
    {10.0, 10.0, 10.0, 10.0},
    {50.0, 12.0, 30.0, 8.0},
    {20.0, 48.0, 16.0, 40.0},
    {44.0, 44.0, 52.0, 50.0},
    {30.0, 28.0, 40.0, 24.0},
};

/* Rough starting centroids, as a user would guess them from a plot. */
static const double start_centroid[K][DIM] = {
    {8.0, 8.0, 8.0, 8.0},
    {40.0, 20.0, 20.0, 20.0},
    {20.0, 40.0, 20.0, 40.0},
    {40.0, 40.0, 40.0, 40.0},
    {24.0, 24.0, 24.0, 24.0},
};

/* A small integer hash for generating the data (CPU only). */
static unsigned hash32(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

/* n points, row-major: point i is x[i*DIM .. i*DIM+DIM-1]. */
static void make_points(double *x, long n)
{
    for (long i = 0; i < n; i++) {
        int c = (int)(hash32((unsigned)i) % K);
        for (int j = 0; j < DIM; j++) {
            /* a spread of -8 .. +8 in steps of 1/16, roughly triangular */
            unsigned h = hash32((unsigned)(i * DIM + j) ^ 0x9e3779b9U);
            int a = (int)(h & 127), b = (int)((h >> 8) & 127);
            double v = true_centre[c][j] + (double)(a + b - 127) / GRID;
            if (v < 0.0)
                v = 0.0;
            if (v > 63.0)
                v = 63.0;
            x[i * DIM + j] = v;
        }
    }
}

/* Squared Euclidean distance between two DIM-vectors. */
static double dist2(const double *p, const double *q)
{
    double d = 0.0;
    for (int j = 0; j < DIM; j++) {
        double t = p[j] - q[j];
        d += t * t;
    }
    return d;
}

/* The assignment step. */
static assign_result assign(const double *x, long n, const double cent[K][DIM], int *label)
{
    double inertia = 0.0;
    long changed = 0, in_first = 0;
    double far_d2 = -1.0;
    long far_point = -1;
#pragma reduce(+: inertia, changed, in_first) reduce(maxloc: far_d2, far_point)
    for (long i = 0; i < n; i++) {
        int best = 0;
        double best_d2 = BIG;
        for (int k = 0; k < K; k++) {
            double d2 = 0.0;
            for (int j = 0; j < DIM; j++) {
                double t = x[i * DIM + j] - cent[k][j];
                d2 += t * t;
            }
            if (d2 < best_d2) {
                best_d2 = d2;
                best = k;
            }
        }
        if (label[i] != best)
            changed++;
        label[i] = best;
        inertia += best_d2;
        if (best == 0)
            in_first++;
        if (best_d2 > far_d2) {
            far_d2 = best_d2;
            far_point = i;
        }
    }
    assign_result r = {inertia, changed, in_first, far_d2, far_point};
    return r;
}

/* The update step, on the CPU: each centroid moves to the mean of its
 * points, rounded to the coordinate grid; an empty cluster keeps its
 * centroid.  Returns how many centroids moved. */
static int update(const double *x, long n, const int *label, double cent[K][DIM], long count[K])
{
    double sum[K][DIM];
    memset(sum, 0, sizeof sum);
    for (int k = 0; k < K; k++)
        count[k] = 0;
    for (long i = 0; i < n; i++) {
        count[label[i]]++;
        for (int j = 0; j < DIM; j++)
            sum[label[i]][j] += x[i * DIM + j];
    }
    int moved = 0;
    for (int k = 0; k < K; k++) {
        if (count[k] == 0)
            continue;
        for (int j = 0; j < DIM; j++) {
            double c = floor(sum[k][j] / (double)count[k] * GRID + 0.5) / GRID;
            if (c != cent[k][j]) {
                cent[k][j] = c;
                moved = 1;
            }
        }
    }
    return moved;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 200000;
    if (n < 0) {
        fprintf(stderr, "usage: %s [n >= 0]\n", argv[0]);
        return 1;
    }

    size_t m = n > 0 ? (size_t)n : 1;
    double *x = malloc(m * DIM * sizeof *x);
    int *label = malloc(m * sizeof *label);
    if (x == NULL || label == NULL) {
        fprintf(stderr, "cannot allocate %ld points\n", n);
        free(x);
        free(label);
        return 1;
    }
    make_points(x, n);
    for (long i = 0; i < n; i++)
        label[i] = -1; /* nothing assigned yet */

    double cent[K][DIM];
    memcpy(cent, start_centroid, sizeof cent);
    long count[K] = {0};

    /* The spread of the data: the largest coordinate and the sum of all
     * coordinates, as a sanity check of the input. */
    double xmax = 0.0, xsum = 0.0;
#pragma reduce(max: xmax) reduce(+: xsum)
    for (long i = 0; i < n * DIM; i++) {
        xmax = fmax(xmax, x[i]);
        xsum += x[i];
    }
    printf("%ld points in %d dimensions, %d clusters\n", n, DIM, K);
    printf("largest coordinate %.4f, mean coordinate %.6f\n", xmax,
           n > 0 ? xsum / (double)(n * DIM) : 0.0);
    if (n == 0) {
        printf("no points: nothing to cluster\n");
        free(x);
        free(label);
        return 0;
    }

    printf("\n%4s %16s %9s %9s %12s %9s\n", "iter", "inertia", "changed", "in c0",
           "farthest d2", "at");
    int iter;
    for (iter = 1; iter <= MAX_ITER; iter++) {
        assign_result r = assign(x, n, (const double(*)[DIM])cent, label);
        printf("%4d %16.6f %9ld %9ld %12.6f %9ld\n", iter, r.inertia, r.changed, r.in_first,
               r.far_d2, r.far_point);
        int moved = update(x, n, label, cent, count);
        if (r.changed == 0 || !moved)
            break;
    }

    printf("\n%s after %d iteration%s\n", iter <= MAX_ITER ? "converged" : "stopped",
           iter <= MAX_ITER ? iter : MAX_ITER, iter == 1 ? "" : "s");
    printf("%-8s %8s  %s\n", "cluster", "points", "centroid");
    for (int k = 0; k < K; k++) {
        printf("%-8d %8ld ", k, count[k]);
        for (int j = 0; j < DIM; j++)
            printf(" %8.4f", cent[k][j]);
        printf("\n");
    }

    /* Quality of the final clustering: the mean squared distance to the
     * assigned centroid, and how many points are within 6 units of it.
     * dist2 is a pure function of this file, so the loop may call it; it
     * gets pointers into x and cent, so in() names what the loop reads. */
    double final_inertia = 0.0;
    long close = 0;
    double worst = 0.0;
#pragma reduce(+: final_inertia, close) reduce(max: worst) in(x[0:n * DIM], cent[0:K])
    for (long i = 0; i < n; i++) {
        double d2 = dist2(x + i * DIM, cent[label[i]]);
        final_inertia += d2;
        if (d2 <= 36.0)
            close++;
        if (d2 > worst)
            worst = d2;
    }
    printf("\nmean squared distance %.6f\n", final_inertia / (double)n);
    printf("within 6 of centroid  %ld of %ld\n", close, n);
    printf("worst distance        %.6f\n", sqrt(worst));

    free(x);
    free(label);
    return 0;
}
