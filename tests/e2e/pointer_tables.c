/* Tables of pointers (issue 16, item 5): `double **rows` read as rows[i][j]
 * in marked loops, with the rows and elements named by in(rows[..][..]):
 * rows cut from one block and rows scattered in memory (packed by the
 * runtime), a window of rows and columns, a k-means assignment step over a
 * table of points and a table of centres (a helper reading a row, a fused
 * output, a delta; Rodinia's find_nearest_point reading the table of
 * centres it is passed), a row through a local pointer, null rows skipped, a
 * table of tables (int ***), host writes to rows between calls, and a loop
 * whose output lies inside a row it reads (run as written). */
#include <stdio.h>
#include <stdlib.h>

static double table_sum(double **rows, long n, int d)
{
    double t = 0.0;
#pragma omp parallel for reduction(+: t)
#pragma reduce(+: t) in(rows[0:n][0:d])
    for (long i = 0; i < n; i++)
        for (int j = 0; j < d; j++)
            t += rows[i][j];
    return t;
}

/* rows 1..n-2 and columns 2..d-2 only */
static double window_max(double *const *rows, long n, int d)
{
    double m = -1e300;
#pragma reduce(max: m) in(rows[1:n - 2][2:d - 4])
    for (long i = 1; i < n - 1; i++)
        for (int j = 2; j < d - 2; j++)
            if (rows[i][j] > m)
                m = rows[i][j];
    return m;
}

static float sqdist(const float *a, const float *b, int d)
{
    float s = 0.0f;
    for (int j = 0; j < d; j++) {
        float df = a[j] - b[j];
        s += df * df;
    }
    return s;
}

/* one k-means step: nearest centre of each point, how many changed */
static int assign(float **feature, float **clusters, int *membership, long npoints, int nfeatures,
                  int nclusters)
{
    int delta = 0;
    long i;
    int c;
#pragma reduce(+: delta) in(feature[0:npoints][0:nfeatures], clusters[0:nclusters][0:nfeatures])
    for (i = 0; i < npoints; i++) {
        int index = 0;
        float best = sqdist(feature[i], clusters[0], nfeatures);
        for (c = 1; c < nclusters; c++) {
            float dist = sqdist(feature[i], clusters[c], nfeatures);
            if (dist < best) {
                best = dist;
                index = c;
            }
        }
        if (membership[i] != index)
            delta++;
        membership[i] = index;
    }
    return delta;
}

/* Rodinia's form: the table of centres passed to a helper that reads it */
static int find_nearest_point(const float *pt, int nfeatures, float **pts, int npts)
{
    int index = -1;
    float max_dist = 3.0e38f;
    for (int i = 0; i < npts; i++) {
        float dist = sqdist(pt, pts[i], nfeatures);
        if (dist < max_dist) {
            max_dist = dist;
            index = i;
        }
    }
    return index;
}

static int assign_helper(float **feature, float **clusters, int *membership, long npoints, int nfeatures,
                         int nclusters)
{
    int delta = 0;
#pragma reduce(+: delta) in(feature[0:npoints][0:nfeatures], clusters[0:nclusters][0:nfeatures])
    for (long i = 0; i < npoints; i++) {
        int index = find_nearest_point(feature[i], nfeatures, clusters, nclusters);
        if (membership[i] != index)
            delta += 1;
        membership[i] = index;
    }
    return delta;
}

/* a row through a local pointer; null rows are skipped */
static double weighted(const double *const *rows, const double *w, long n, int d)
{
    double s = 0.0;
#pragma reduce(+: s) in(rows[0:n][0:d])
    for (long i = 0; i < n; i++) {
        const double *r = rows[i];
        if (!r)
            continue;
        for (int j = 0; j < d; j++)
            s += r[j] * w[j];
    }
    return s;
}

static long long cube(int ***t, int a, int b, int c)
{
    long long s = 0;
#pragma reduce(+: s) in(t[0:a][0:b][0:c])
    for (int i = 0; i < a; i++)
        for (int j = 0; j < b; j++)
            for (int k = 0; k < c; k++)
                s += (long long)t[i][j][k] * (k + 1);
    return s;
}

/* out[i] may lie in a row the loop reads: C's order is then the answer */
static double scale_into(double **rows, double *out, long n, int d)
{
    double s = 0.0;
#pragma reduce(+: s) in(rows[0:n][0:d])
    for (long i = 0; i < n; i++) {
        out[i] = rows[i][0] * 0.5;
        s += rows[i][d - 1];
    }
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int d = 7;
    double *block = malloc((size_t)(n + 1) * d * sizeof *block);
    double **rows = malloc((size_t)(n + 1) * sizeof *rows);
    for (long i = 0; i < n; i++) {
        rows[i] = block + i * d;
        for (int j = 0; j < d; j++)
            rows[i][j] = (double)((i * 7 + j * 3) % 11) * 0.25 - 1.0;
    }
    printf("sum %.6f\n", table_sum(rows, n, d));
    printf("window %.6f\n", n > 2 ? window_max(rows, n, d) : 0.0);

    /* 64 rows 64 KiB apart, reused: more span than data below ~30000 rows */
    char *far = malloc((size_t)64 * 65536);
    double **scattered = malloc((size_t)(n + 1) * sizeof *scattered);
    for (int k = 0; k < 64; k++)
        for (int j = 0; j < d; j++)
            ((double *)(far + (size_t)k * 65536))[j] = (double)((k * 5 + j) % 9) - 4.0;
    for (long i = 0; i < n; i++)
        scattered[i] = (double *)(far + (size_t)(i * 37 % 64) * 65536);
    printf("scattered %.6f\n", table_sum(scattered, n, d));

    /* host writes between calls: the next call must see them */
    for (long i = 0; i < n; i += 3)
        rows[i][i % d] += 2.0;
    printf("sum after writes %.6f\n", table_sum(rows, n, d));
    if (n > 1) {
        rows[n / 2] = rows[0]; /* the table itself changed */
        printf("sum after repointing %.6f\n", table_sum(rows, n, d));
    }

    int nf = 5, nc = 4;
    float **feature = malloc((size_t)(n + 1) * sizeof *feature);
    feature[0] = malloc((size_t)(n + 1) * nf * sizeof(float));
    for (long i = 1; i < n; i++)
        feature[i] = feature[i - 1] + nf;
    for (long i = 0; i < n; i++)
        for (int j = 0; j < nf; j++)
            feature[i][j] = (float)((i * 13 + j * 7) % 101) / 10.0f;
    float **clusters = malloc((size_t)nc * sizeof *clusters);
    for (int c = 0; c < nc; c++) {
        clusters[c] = malloc((size_t)nf * sizeof(float));
        for (int j = 0; j < nf; j++)
            clusters[c][j] = (float)((c * 31 + j * 17) % 101) / 10.0f;
    }
    int *membership = malloc((size_t)(n + 1) * sizeof(int));
    for (long i = 0; i < n; i++)
        membership[i] = -1;
    for (int it = 0; it < 3; it++) {
        printf("delta %d\n", assign(feature, clusters, membership, n, nf, nc));
        for (int c = 0; c < nc; c++)
            for (int j = 0; j < nf; j++)
                clusters[c][j] += (float)(it + 1) * (c % 2 ? 0.75f : -0.5f);
    }
    long long chk = 0;
    for (long i = 0; i < n; i++)
        chk += (long long)membership[i] * (i % 7);
    printf("membership %lld\n", chk);
    for (int c = 0; c < nc; c++)
        clusters[c][c % nf] -= 1.25f;
    printf("delta (helper) %d\n", assign_helper(feature, clusters, membership, n, nf, nc));
    chk = 0;
    for (long i = 0; i < n; i++)
        chk += (long long)membership[i] * (i % 5);
    printf("membership (helper) %lld\n", chk);

    double w[7] = {1, -2, 0.5, 3, -1, 0.25, 2};
    for (long i = 0; i < n; i += 5)
        scattered[i] = NULL;
    printf("weighted %.6f\n", weighted((const double *const *)scattered, w, n, d));

    int a = (int)(n % 13) + 1, b = 3, c = (int)(n % 7) + 1;
    int ***t = malloc((size_t)a * sizeof *t);
    for (int i = 0; i < a; i++) {
        t[i] = malloc((size_t)b * sizeof **t);
        for (int j = 0; j < b; j++) {
            t[i][j] = malloc((size_t)c * sizeof(int));
            for (int k = 0; k < c; k++)
                t[i][j][k] = i * 100 + j * 10 + k;
        }
    }
    printf("cube %lld\n", cube(t, a, b, c));

    for (long i = 0; i < n; i++)
        rows[i] = block + i * d;
    printf("scale none %.6f\n", scale_into(rows, block, 0, d));
    double *outside = malloc((size_t)(n + 1) * sizeof *outside);
    printf("scale outside %.6f\n", scale_into(rows, outside, n, d));
    /* out[i] is block[n * d / 2 + i]: early iterations write what later ones read */
    printf("scale into rows %.6f\n", scale_into(rows, block + n * d / 2, n, d));
    double back = 0.0;
    for (long i = 0; i < n * d; i++)
        back += block[i] * (double)(i % 5);
    printf("rows after %.6f\n", back);
    return 0;
}
