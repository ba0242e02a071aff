/* A stand-in for Rodinia's OpenMP k-means (kmeans_clustering.c with its
 * driver): Lloyd iterations over float features stored as a table of rows
 * cut from one block.  Written from the structure of the public code, not
 * copied from it.
 *
 *   kmeans [npoints] [nfeatures] [nclusters]     (default 494020 34 5, kdd_cup's shape)
 *
 * The data is synthesized deterministically (blobs around hidden centres).
 * Marked loops: find_nearest_point's minimum (minloc) and the loop over
 * points, which counts membership changes (delta) and sums the new centres
 * as array sections.  Prints the iteration count, the final centres and the
 * clustering's time. */
/* gcc -Wall warns about every pragma it does not know (#pragma reduce, and
 * #pragma omp without -fopenmp) */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static double wall_time(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* a 64-bit LCG (Knuth's MMIX constants); the top 24 bits make a float */
static unsigned long long rng_state = 88172645463325252ULL;

static unsigned long long rng_next(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return rng_state >> 11;
}

static float rng_unit(void) /* in [0, 1) */
{
    return (float)(rng_next() >> 29) / 16777216.0f;
}

/* squared Euclidean distance, float as in Rodinia */
static float euclid_dist_2(const float *pt1, const float *pt2, int numdims)
{
    int i;
    float ans = 0.0f;
    for (i = 0; i < numdims; i++)
        ans += (pt1[i] - pt2[i]) * (pt1[i] - pt2[i]);
    return ans;
}

static int find_nearest_point(const float *pt, int nfeatures, float **pts, int npts)
{
    int index = 0, i;
    float min_dist = FLT_MAX;
    /* find the cluster center id with min distance to pt */
    /* pragreduce asked for in(pt[...]): "cannot tell which elements of 'pt'
     * the loop reads: it is used here other than as 'pt[index]'" */
#pragma reduce(minloc: min_dist, index) in(pt[0:nfeatures], pts[0:npts][0:nfeatures])
    for (i = 0; i < npts; i++) {
        float dist = euclid_dist_2(pt, pts[i], nfeatures);
        if (dist < min_dist) {
            min_dist = dist;
            index = i;
        }
    }
    return index;
}

static float **kmeans_clustering(float **feature, int nfeatures, int npoints, int nclusters,
                                 float threshold, int *membership, int *loops)
{
    int i, j, n, index, loop = 0;
    float delta;
    float **clusters;
    int *new_centers_len;     /* [nclusters]: no. of points in each cluster */
    float *new_centers_flat;  /* [nclusters * nfeatures]: their coordinates summed */

    /* allocate space for the returned cluster centres: rows of one block */
    clusters = (float **)malloc((size_t)nclusters * sizeof(float *));
    clusters[0] = (float *)malloc((size_t)nclusters * (size_t)nfeatures * sizeof(float));
    for (i = 1; i < nclusters; i++)
        clusters[i] = clusters[i - 1] + nfeatures;

    /* pick the initial centres among the points (Rodinia: rand() % npoints) */
    for (i = 0; i < nclusters; i++) {
        n = (int)(rng_next() % (unsigned long long)npoints);
        for (j = 0; j < nfeatures; j++)
            clusters[i][j] = feature[n][j];
    }
    for (i = 0; i < npoints; i++)
        membership[i] = -1;

    new_centers_len = (int *)calloc((size_t)nclusters, sizeof(int));
    new_centers_flat = (float *)calloc((size_t)nclusters * (size_t)nfeatures, sizeof(float));

    do {
        delta = 0.0f;
        /* Rodinia's form: i, j and index declared at the top, j and index
         * private on the OpenMP line (pragreduce finds them private to each
         * iteration itself: each is set before it is read) */
#pragma omp parallel for private(j, index) \
    reduction(+: delta, new_centers_len[0:nclusters], new_centers_flat[0:nclusters * nfeatures])
#pragma reduce(+: delta, new_centers_len[0:nclusters], new_centers_flat[0:nclusters * nfeatures]) \
    in(feature[0:npoints][0:nfeatures], clusters[0:nclusters][0:nfeatures])
        for (i = 0; i < npoints; i++) {
            /* find the index of the nearest cluster centre */
            index = find_nearest_point(feature[i], nfeatures, clusters, nclusters);
            /* if its cluster assignment changes, count it */
            if (membership[i] != index)
                delta += 1.0f;
            /* assign the new membership to object i */
            membership[i] = index;
            /* update the new cluster centres: sum of objects located within */
            new_centers_len[index]++;
            for (j = 0; j < nfeatures; j++)
                new_centers_flat[index * nfeatures + j] += feature[i][j];
        }

        /* replace the old cluster centres with new_centers */
        for (i = 0; i < nclusters; i++) {
            for (j = 0; j < nfeatures; j++) {
                if (new_centers_len[i] > 0)
                    clusters[i][j] = new_centers_flat[i * nfeatures + j] / (float)new_centers_len[i];
                new_centers_flat[i * nfeatures + j] = 0.0f; /* set back to 0 */
            }
            new_centers_len[i] = 0; /* set back to 0 */
        }
    } while (delta > threshold && loop++ < 500);

    free(new_centers_flat);
    free(new_centers_len);
    *loops = loop;
    return clusters;
}

int main(int argc, char **argv)
{
    int npoints = argc > 1 ? atoi(argv[1]) : 494020;
    int nfeatures = argc > 2 ? atoi(argv[2]) : 34;
    int nclusters = argc > 3 ? atoi(argv[3]) : 5;
    float threshold = 0.001f;
    int i, j, loops;

    if (npoints < 1 || nfeatures < 1 || nclusters < 1 || nclusters > npoints) {
        fprintf(stderr, "usage: kmeans [npoints] [nfeatures] [nclusters <= npoints]\n");
        return 2;
    }

    /* features: rows of one block, as Rodinia's reader builds them */
    float **feature = (float **)malloc((size_t)npoints * sizeof(float *));
    feature[0] = (float *)malloc((size_t)npoints * (size_t)nfeatures * sizeof(float));
    for (i = 1; i < npoints; i++)
        feature[i] = feature[i - 1] + nfeatures;

    /* 8 hidden blobs of different spreads; a few features are counters
     * (whole numbers), the rest scaled measurements, as in kdd_cup */
    enum { BLOBS = 8 };
    float *centre = (float *)malloc((size_t)BLOBS * (size_t)nfeatures * sizeof(float));
    float spread[BLOBS];
    for (int b = 0; b < BLOBS; b++) {
        spread[b] = 0.6f + 1.4f * rng_unit();
        for (j = 0; j < nfeatures; j++)
            centre[b * nfeatures + j] = 4.0f * rng_unit();
    }
    for (i = 0; i < npoints; i++) {
        int b = (int)(rng_next() % BLOBS);
        for (j = 0; j < nfeatures; j++) {
            float noise = (rng_unit() + rng_unit() + rng_unit() - 1.5f) * spread[b];
            float v = centre[b * nfeatures + j] + noise;
            if (j % 7 == 3)
                v = (float)(int)(10.0f * v); /* a counter */
            feature[i][j] = v;
        }
    }
    free(centre);

    int *membership = (int *)malloc((size_t)npoints * sizeof(int));
    printf("k-means stand-in: %d points, %d features, %d clusters\n", npoints, nfeatures, nclusters);

    double t0 = wall_time();
    float **clusters = kmeans_clustering(feature, nfeatures, npoints, nclusters, threshold,
                                         membership, &loops);
    double elapsed = wall_time() - t0;

    printf("iterations: %d\n", loops);
    for (i = 0; i < nclusters; i++) {
        int count = 0;
        for (int p = 0; p < npoints; p++)
            count += membership[p] == i;
        printf("cluster %d (%d points):", i, count);
        for (j = 0; j < nfeatures; j++)
            printf(" %.4f", clusters[i][j]);
        printf("\n");
    }
    printf("time = %.3f s\n", elapsed);

    free(clusters[0]);
    free(clusters);
    free(membership);
    free(feature[0]);
    free(feature);
    return 0;
}
