/* Segmented reductions: marked loops inside independent outer loops run
 * as one launch (a segment per thread, warp or block); outer loops that
 * are not independent stay on the host. Every form here must print what
 * the sequential program prints. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double lo, hi;
} Range;

static double weight(double v) { return v > 0 ? v : -0.5 * v; }

/* y = alpha A x + beta y, C89 style: i, j and s declared up front */
static void gemv(int rows, int cols, double alpha, const double *A, const double *x, double beta,
                 double *y)
{
    int i, j = -1;
    double s = -1; /* what is left when there are no rows */
    for (i = 0; i < rows; i++) {
        s = 0.0;
#pragma reduce(+: s)
        for (j = 0; j < cols; j++)
            s += A[(long)i * cols + j] * x[j];
        y[i] = alpha * s + beta * y[i];
    }
    printf("gemv: i=%d j=%d last s=%.6g\n", i, j, s);
}

/* column means and standard deviations: two marked loops per segment */
static void column_stats(int n, int m, const float *data, float *mean, float *sd)
{
    for (int j = 0; j < m; j++) {
        float acc = 0;
#pragma reduce(+: acc)
        for (int i = 0; i < n; i++)
            acc += data[(long)i * m + j];
        mean[j] = n > 0 ? acc / n : 0;
        float sq = 0;
#pragma reduce(+: sq)
        for (int i = 0; i < n; i++)
            sq += (data[(long)i * m + j] - mean[j]) * (data[(long)i * m + j] - mean[j]);
        sd[j] = n > 1 ? sqrtf(sq / (n - 1)) : 0;
    }
}

/* nearest centroid: the centroid loop carries `best`, the point loop is independent */
static void assign(int npts, int k, int d, const float *pts, const float *cent, int *label, float *dist)
{
    for (int p = 0; p < npts; p++) {
        float best = INFINITY;
        int which = -1;
        for (int c = 0; c < k; c++) {
            float d2 = 0;
#pragma reduce(+: d2)
            for (int t = 0; t < d; t++) {
                float diff = pts[p * d + t] - cent[c * d + t];
                d2 += diff * diff;
            }
            if (d2 < best) {
                best = d2;
                which = c;
            }
        }
        label[p] = which;
        dist[p] = best;
    }
}

/* CSR sparse matrix-vector product with indirect reads */
static void spmv(int rows, const int *rowptr, const int *col, const double *val, const double *x,
                 int ncols, double *y)
{
    int nnz = rowptr[rows];
    for (int i = 0; i < rows; i++) {
        double s = 0;
#pragma reduce(+: s) in(val[0:nnz], col[0:nnz], x[0:ncols])
        for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
            s += val[k] * x[col[k]];
        y[i] = s;
    }
}

/* not independent: the sum runs over the whole nest (s is never reset) */
static long total(int rows, int cols, const int *a)
{
    long s = 0;
    for (int i = 0; i < rows; i++) {
#pragma reduce(+: s)
        for (int j = 0; j < cols; j++)
            s += a[i * cols + j];
    }
    return s;
}

/* per-row maximum with its column (maxloc: a thread per segment), and a
 * count with a function call; rows start at a run-time offset */
static void row_max(int rows, int cols, int first, const double *A, double *mx, int *arg, int *pos)
{
    for (int i = first; i < rows; i++) {
        double best = -HUGE_VAL;
        int at = -1;
#pragma reduce(maxloc: best, at)
        for (int j = 0; j < cols; j++)
            if (A[(long)i * cols + j] > best) {
                best = A[(long)i * cols + j];
                at = j;
            }
        mx[i] = best;
        arg[i] = at;
        int c = 0;
#pragma reduce(+: c)
        for (int j = 0; j < cols; j++)
            c += weight(A[(long)i * cols + j]) > 1.0;
        pos[i] = c;
    }
}

/* min and max per row into a struct array, outer loop counting down, a
 * local row pointer from an in() clause */
static void row_ranges(int rows, int cols, const double *A, Range *r)
{
    for (int i = rows - 1; i >= 0; --i) {
        double lo = HUGE_VAL, hi = -HUGE_VAL;
#pragma reduce(min: lo) reduce(max: hi)
        for (int j = 0; j < cols; j++) {
            double v = A[(long)i * cols + j];
            lo = fmin(lo, v);
            if (v > hi)
                hi = v;
        }
        r[i].lo = lo;
        r[i].hi = hi;
    }
}

/* a triangular nest: the inner bound depends on the outer variable */
static double lower_sum(int n, const double *L)
{
    double all = 0;
    for (int i = 0; i < n; i++) {
        double s = 0;
#pragma reduce(+: s) in(L[0:(long)n * n])
        for (int j = 0; j <= i; j++)
            s += L[(long)i * n + j];
        all += s;
    }
    return all;
}

/* rows of a fixed-size 2-D array, and an integer product with && */
#define W 24
static int grid[64][W];
static void grid_rows(int h, long *sums, int *allpos)
{
    for (int r = 0; r < h; r++) {
        long s = 0;
        int ok = 1;
#pragma reduce(+: s) reduce(&&: ok)
        for (int c = 0; c < W; c++) {
            s += grid[r][c];
            ok = ok && grid[r][c] >= 0;
        }
        sums[r] = s;
        allpos[r] = ok;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int cols = n < 40 ? (int)n : 40 + (int)(n % 13);
    int rows = cols > 0 ? (int)(n / cols) : 0;
    if (rows > 4000)
        rows = 4000;
    size_t cells = (size_t)rows * (size_t)cols + 1;
    double *A = malloc(cells * sizeof *A), *x = malloc(((size_t)cols + 1) * sizeof *x);
    double *y = malloc(((size_t)rows + 1) * sizeof *y);
    float *F = malloc(cells * sizeof *F);
    int *I = malloc(cells * sizeof *I);
    for (size_t k = 0; k < cells; k++) {
        A[k] = (double)((k * 7) % 11) - 5;
        F[k] = (float)((k * 5) % 9) * 0.5f;
        I[k] = (int)(k % 17) - 3;
    }
    for (int j = 0; j <= cols; j++)
        x[j] = (double)(j % 4) - 1;
    for (int i = 0; i <= rows; i++)
        y[i] = i % 3;

    gemv(rows, cols, 2.0, A, x, 0.5, y);
    double cs = 0;
    for (int i = 0; i < rows; i++)
        cs += y[i] * (i % 5 + 1);
    printf("gemv checksum %.6g\n", cs);

    float *mean = calloc((size_t)cols + 1, sizeof *mean), *sd = calloc((size_t)cols + 1, sizeof *sd);
    column_stats(rows, cols, F, mean, sd);
    double ms = 0, ss = 0;
    for (int j = 0; j < cols; j++) {
        ms += mean[j];
        ss += sd[j];
    }
    printf("column stats %.3g %.3g\n", ms, ss);

    int d = 3, k = 5, npts = (int)(n / 3);
    if (npts > 20000)
        npts = 20000;
    float *pts = malloc(((size_t)npts * d + 1) * sizeof *pts), cent[15];
    int *label = malloc(((size_t)npts + 1) * sizeof *label);
    float *dist = malloc(((size_t)npts + 1) * sizeof *dist);
    for (int p = 0; p < npts * d; p++)
        pts[p] = (float)((p * 13) % 10);
    for (int c = 0; c < k * d; c++)
        cent[c] = (float)((c * 3) % 10);
    assign(npts, k, d, pts, cent, label, dist);
    long lab = 0;
    double dd = 0;
    for (int p = 0; p < npts; p++) {
        lab += label[p] * (p % 7 + 1);
        dd += dist[p];
    }
    printf("assign %ld %.6g\n", lab, dd);

    /* CSR: row i has i % 6 entries */
    int *rowptr = malloc(((size_t)rows + 1) * sizeof *rowptr);
    rowptr[0] = 0;
    for (int i = 0; i < rows; i++)
        rowptr[i + 1] = rowptr[i] + i % 6;
    int nnz = rowptr[rows];
    int *col = malloc(((size_t)nnz + 1) * sizeof *col);
    double *val = malloc(((size_t)nnz + 1) * sizeof *val);
    for (int e = 0; e < nnz; e++) {
        col[e] = cols > 0 ? (e * 7) % cols : 0;
        val[e] = (e % 5) - 2;
    }
    double *ys = malloc(((size_t)rows + 1) * sizeof *ys);
    spmv(rows, rowptr, col, val, x, cols, ys);
    double sp = 0;
    for (int i = 0; i < rows; i++)
        sp += ys[i] * (i % 3 + 1);
    printf("spmv %.6g\n", sp);

    printf("total %ld\n", total(rows, cols, I));

    double *mx = malloc(((size_t)rows + 1) * sizeof *mx);
    int *arg = malloc(((size_t)rows + 1) * sizeof *arg), *pos = malloc(((size_t)rows + 1) * sizeof *pos);
    row_max(rows, cols, rows / 3, A, mx, arg, pos);
    long am = 0;
    for (int i = rows / 3; i < rows; i++)
        am += (long)(mx[i] * 3) + arg[i] * (i % 4) + pos[i];
    printf("row max %ld\n", am);

    Range *rr = malloc(((size_t)rows + 1) * sizeof *rr);
    row_ranges(rows, cols, A, rr);
    double rs = 0;
    for (int i = 0; i < rows; i++)
        rs += rr[i].hi - rr[i].lo * (i % 2);
    printf("row ranges %.6g\n", rs);

    int tn = rows < cols ? rows : cols;
    printf("lower %.6g\n", lower_sum(tn, A));

    int h = (int)(n % 64);
    for (int r = 0; r < 64; r++)
        for (int c = 0; c < W; c++)
            grid[r][c] = (r * W + c) % 23 - (r % 5 == 0 ? 1 : 0);
    long sums[64];
    int allpos[64];
    grid_rows(h, sums, allpos);
    long gs = 0;
    for (int r = 0; r < h; r++)
        gs += sums[r] * (r + 1) + allpos[r];
    printf("grid %ld\n", gs);
    return 0;
}
