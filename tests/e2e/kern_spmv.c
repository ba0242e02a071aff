/* Sparse matrix-vector product in CSR (compressed sparse row), as in
 * HPCCG, NAS CG and SpMV codes: y[i] = sum over k = rowptr[i] ..
 * rowptr[i+1]-1 of val[k] * x[col[k]]. The marked loop is the inner one,
 * over a row's nonzeros; its bounds come from rowptr and x is read through
 * col[], so an in() clause names what it reads. Rows have varying lengths
 * (empty rows too). Then the residual norm ||b - A x||^2, marked on the
 * loop over rows with the CSR loop inside, and an int count of the
 * nonzeros below the diagonal. Small integer values: exact sums. */
#include <stdio.h>
#include <stdlib.h>

static void spmv(int nrows, int ncols, const int *rowptr, const int *col, const double *val,
                 const double *x, double *y)
{
    int nnz = rowptr[nrows];
    for (int i = 0; i < nrows; i++) {
        double s = 0.0;
#pragma reduce(+: s) in(val[0:nnz], col[0:nnz], x[0:ncols])
        for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
            s += val[k] * x[col[k]];
        y[i] = s;
    }
}

static float spmv_f_row(const int *rowptr, const int *col, const float *val, const float *x,
                        int ncols, int i)
{
    float s = 0.0f;
#pragma reduce(+: s) in(x[0:ncols])
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
        s += val[k] * x[col[k]];
    return s;
}

static double residual2(int nrows, int ncols, const int *rowptr, const int *col,
                        const double *val, const double *x, const double *b)
{
    int nnz = rowptr[nrows];
    double r2 = 0.0;
#pragma reduce(+: r2) in(rowptr[0:nrows + 1], val[0:nnz], col[0:nnz], x[0:ncols])
    for (int i = 0; i < nrows; i++) {
        double ax = 0.0;
        for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
            ax += val[k] * x[col[k]];
        double d = b[i] - ax;
        r2 += d * d;
    }
    return r2;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int nrows = 1;
    while ((long)nrows * nrows < n)
        nrows++;
    int ncols = nrows + 3;
    /* row i has (i * 7) % 13 * (ncols / 13 + 1) nonzeros, at most ncols */
    int *rowptr = malloc(((size_t)nrows + 1) * sizeof *rowptr);
    if (!rowptr)
        return 1;
    rowptr[0] = 0;
    for (int i = 0; i < nrows; i++) {
        int len = (i * 7) % 13 * (ncols / 13 + 1);
        rowptr[i + 1] = rowptr[i] + (len < ncols ? len : ncols);
    }
    int nnz = rowptr[nrows];
    int *col = malloc(((size_t)nnz + 1) * sizeof *col);
    double *val = malloc(((size_t)nnz + 1) * sizeof *val);
    float *valf = malloc(((size_t)nnz + 1) * sizeof *valf);
    double *x = malloc((size_t)ncols * sizeof *x), *y = malloc((size_t)nrows * sizeof *y),
           *b = malloc((size_t)nrows * sizeof *b);
    float *xf = malloc((size_t)ncols * sizeof *xf);
    if (!col || !val || !valf || !x || !y || !b || !xf)
        return 1;
    for (int i = 0; i < nrows; i++) {
        int len = rowptr[i + 1] - rowptr[i];
        for (int t = 0; t < len; t++) {
            int k = rowptr[i] + t;
            col[k] = (int)(((long)i * 31 + (long)t * (ncols / (len + 1) + 1)) % ncols);
            val[k] = (double)((k % 7) - 3);
            valf[k] = (float)(k % 5) * 0.5f;
        }
        b[i] = (double)(i % 10);
    }
    for (int j = 0; j < ncols; j++) {
        x[j] = (double)(j % 4) - 1.5;
        xf[j] = (float)(j % 3);
    }
    spmv(nrows, ncols, rowptr, col, val, x, y);
    double h = 0;
    for (int i = 0; i < nrows; i++)
        h += y[i] * (i % 5 + 1);
    printf("rows %d cols %d nnz %d: y checksum %.2f\n", nrows, ncols, nnz, h);

    double hf = 0;
    for (int i = 0; i < nrows; i++)
        hf += (double)spmv_f_row(rowptr, col, valf, xf, ncols, i) * (i % 3 + 1);
    printf("float y checksum %.2f\n", hf);

    printf("||b - A x||^2 = %.2f\n", residual2(nrows, ncols, rowptr, col, val, x, b));

    long below = 0;
    for (int i = 0; i < nrows; i++) {
        int cnt = 0;
#pragma reduce(+: cnt)
        for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
            cnt += col[k] < i;
        below += cnt;
    }
    printf("nonzeros below the diagonal: %ld\n", below);
    free(rowptr); free(col); free(val); free(valf); free(x); free(y); free(b); free(xf);
    return 0;
}
