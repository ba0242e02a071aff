/* Loops whose iterations own a block of |c| elements, `a[c * i + d]` for
 * several d within one stride: interleaved coordinates (x, y, z of point i
 * at 3 i, 3 i + 1, 3 i + 2), a CSR matrix with a fixed number of slots per
 * row filled in parallel, a reduction that also writes its block, a block
 * read before it is written, a negative stride, blocks under a row of an
 * array of arrays, and rows of a flat array (`g[i * w + j]` with j of a
 * loop over [0, w), w known only at run time; `x[i * D + j]`, j < D).
 * Each writes, reads and sums only its own block, so the iterations stay
 * independent (access.c: offsets within one stride, or one row).
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>

/* x, y, z of n points, moved by their velocities */
static void move(double *pos, const double *vel, double dt, long n)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        pos[3 * i] += dt * vel[3 * i];
        pos[3 * i + 1] += dt * vel[3 * i + 1];
        pos[3 * i + 2] = pos[3 * i + 2] + dt * vel[3 * i + 2];
    }
}

/* the 1-D Laplacian in CSR, three slots per row (an edge's missing
 * neighbour: a zero on the row's own column) */
static void laplacian(long *rowptr, int *col, double *val, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        rowptr[i] = 3 * i;
        col[i * 3] = (int)(i > 0 ? i - 1 : i);
        val[i * 3] = i > 0 ? -1.0 : 0.0;
        col[i * 3 + 1] = (int)i;
        val[i * 3 + 1] = 2.0;
        col[i * 3 + 2] = (int)(i < n - 1 ? i + 1 : i);
        val[i * 3 + 2] = i < n - 1 ? -1.0 : 0.0;
    }
    rowptr[n] = 3 * n;
}

/* kinetic energy, normalising each velocity block in place on the way */
static double energy(double *vel, long n)
{
    double e = 0;
#pragma reduce(+: e)
    for (long i = 0; i < n; i++) {
        double v2 = vel[3 * i] * vel[3 * i] + vel[3 * i + 1] * vel[3 * i + 1] + vel[3 * i + 2] * vel[3 * i + 2];
        e += 0.5 * v2;
        vel[3 * i + 1] = vel[3 * i + 1] * 0.5;
    }
    return e;
}

/* pairs stored back to front: pair i at 2 (n - 1 - i) and the one after */
static void swap_pairs(int *pairs, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        int t = pairs[-2 * i + 2 * (n - 1)];
        pairs[-2 * i + 2 * (n - 1)] = pairs[-2 * i + 2 * (n - 1) + 1];
        pairs[-2 * i + 2 * (n - 1) + 1] = t;
    }
}

/* rgb pixels of row r of an image, brightened */
static void brighten(unsigned char (*img)[64 * 3], int r, int w)
{
#pragma reduce parallel
    for (int i = 0; i < w; i++) {
        img[r][3 * i] = (unsigned char)(img[r][3 * i] / 2 + 100);
        img[r][3 * i + 2] = (unsigned char)(img[r][3 * i + 2] / 2 + 100);
    }
}

/* a flat grid of rows of w: row i from its index */
static void fill_rows(float *g, long rows, int w)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < rows; i++)
        for (int j = 0; j < w; j++)
            g[i * w + j] = (float)(i % 13) + 0.25f * (float)j;
}

/* the rows' sums, each row divided by its sum plus one on the way */
static double normalise_rows(float *g, long rows, int w)
{
    double total = 0;
#pragma reduce(+: total)
    for (long i = 0; i < rows; i++) {
        float s = 0;
        for (int j = 0; j < w; j++)
            s += g[i * w + j];
        for (int k = 0; k < w; k++)
            g[w * i + k] = g[i * w + k] / (s + 1.0f);
        total += s;
    }
    return total;
}

#define D 5
/* rows of D features: the first holds the row's largest */
static void row_max_first(double *x, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        double m = x[i * D];
        for (int j = 1; j < D; j++)
            if (x[i * D + j] > m)
                m = x[i * D + j];
        x[i * D] = m;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *pos = malloc(sizeof(double) * 3 * (size_t)(n + 1));
    double *vel = malloc(sizeof(double) * 3 * (size_t)(n + 1));
    long *rowptr = malloc(sizeof(long) * (size_t)(n + 1));
    int *col = malloc(sizeof(int) * 3 * (size_t)(n + 1));
    double *val = malloc(sizeof(double) * 3 * (size_t)(n + 1));
    int *pairs = malloc(sizeof(int) * 2 * (size_t)(n + 1));
    static unsigned char img[8][64 * 3];
    const int w = (int)(n % 7) + 1;
    float *g = malloc(sizeof(float) * (size_t)w * (size_t)(n + 1));
    double *feat = malloc(sizeof(double) * D * (size_t)(n + 1));
    if (!pos || !vel || !rowptr || !col || !val || !pairs || !g || !feat)
        return 1;
    for (long i = 0; i < 3 * n; i++) {
        pos[i] = (double)(i % 11);
        vel[i] = (double)(i % 5) - 2.0;
    }
    for (long i = 0; i < 2 * n; i++)
        pairs[i] = (int)(i * 7 % 13);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 64 * 3; c++)
            img[r][c] = (unsigned char)(r * 31 + c);
    for (int step = 0; step < 3; step++)
        move(pos, vel, 0.5, n);
    laplacian(rowptr, col, val, n);
    double e = energy(vel, n);
    swap_pairs(pairs, n);
    brighten(img, 3, 64);
    for (long i = 0; i < D * n; i++)
        feat[i] = (double)(i * 37 % 101);
    row_max_first(feat, n);
    fill_rows(g, n, w);
    double rows = normalise_rows(g, n, w);
    double sg = 0, sf = 0;
    for (long i = 0; i < (long)w * n; i++)
        sg += g[i] * (double)(i % 5 + 1);
    for (long i = 0; i < D * n; i++)
        sf += feat[i] * (double)(i % 3 + 1);
    printf("rows of %d: %.4f %.4f, features %.1f\n", w, rows, sg, sf);
    double sp = 0, sv = 0, sa = 0;
    long sc = 0, sq = 0;
    for (long i = 0; i < 3 * n; i++) {
        sp += pos[i] * (double)(i % 7 + 1);
        sv += vel[i] * (double)(i % 3 + 1);
        sa += val[i] * (double)(i % 5 + 1);
        sc += col[i] * (i % 4 + 1);
    }
    for (long i = 0; i < 2 * n; i++)
        sq += pairs[i] * (i % 6 + 1);
    long si = 0;
    for (int c = 0; c < 64 * 3; c++)
        si += img[3][c] * (c % 9 + 1);
    printf("n %ld: pos %.3f vel %.3f energy %.3f val %.1f col %ld rowptr %ld pairs %ld img %ld\n", n, sp, sv, e, sa,
           sc, rowptr[n] + (n > 0 ? rowptr[n - 1] : 0), sq, si);
    free(pos);
    free(vel);
    free(rowptr);
    free(col);
    free(val);
    free(pairs);
    free(g);
    free(feat);
    return 0;
}
