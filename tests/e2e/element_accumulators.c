/* Accumulators that are array elements or struct members (issue 16):
 * reduce(+: y[i]) inside a row loop (one launch for the nest), column sums,
 * members through '.' and '->', 2-D elements, max and minloc into elements,
 * two constant elements of one array, a global array's element, C89-style
 * loops, an outer loop body without braces, integer and bitwise elements,
 * and the in-place product y = A*y, where the element lies in the array the
 * loop reads and only the loop as written gets the sequential answer. */
#include <stdio.h>
#include <stdlib.h>

#define COLS 37

struct stats {
    double total;
    long count;
};

double g_acc[4];

/* y[i] = sum_j A[i][j] x[j], accumulated in y[i] itself */
static void gemv(long rows, const double *A, const double *x, double *y)
{
    for (long i = 0; i < rows; i++) {
        y[i] = 0.5;
#pragma reduce(+: y[i])
        for (long j = 0; j < COLS; j++)
            y[i] += A[i * COLS + j] * x[j];
    }
}

/* the same, in place: y is x (y[i] is read by later iterations) */
static void gemv_in_place(long rows, const double *A, double *v)
{
    for (long i = 0; i < rows && i < COLS; i++)
#pragma reduce(+: v[i])
        for (long j = 0; j < COLS; j++)
            v[i] += A[i * COLS + j] * v[j];
}

static void column_sums(long rows, const double *a, double *colsum)
{
    for (int j = 0; j < COLS; j++) {
        colsum[j] = 0;
#pragma reduce(+: colsum[j])
        for (long i = 0; i < rows; i++)
            colsum[j] += a[i * COLS + j];
    }
}

static void member_sums(long n, const double *x, struct stats *st, struct stats *pst)
{
#pragma reduce(+: st->total) reduce(+: st->count)
    for (long i = 0; i < n; i++) {
        st->total += x[i];
        st->count += x[i] > 0;
    }
    struct stats local = *pst;
#pragma reduce(+: local.total)
    for (long i = 0; i < n; i++)
        local.total += 2 * x[i];
    *pst = local;
}

/* C[i][j] += sum_k A[i][k] B[k][j]: a fixed-size 2-D element */
static void small_gemm(int m, double A[][8], double B[][8], double C[][8])
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < 8; j++) {
#pragma reduce(+: C[i][j])
            for (int k = 0; k < 8; k++)
                C[i][j] += A[i][k] * B[k][j];
        }
}

/* the largest value of each residue class, and the first place of each minimum */
static void per_class(long n, const double *x, double *best, double *low, long *at)
{
    for (int c = 0; c < 4; c++) {
        best[c] = -1e300;
        low[c] = 1e300;
        at[c] = -1;
#pragma reduce(max: best[c])
        for (long i = c; i < n; i += 4)
            if (x[i] > best[c])
                best[c] = x[i];
#pragma reduce(minloc: low[c], at[c])
        for (long i = c; i < n; i += 4)
            if (x[i] < low[c]) {
                low[c] = x[i];
                at[c] = i;
            }
    }
}

static void two_elements(long n, const double *x, double *h)
{
#pragma reduce(+: h[0], h[1])
    for (long i = 0; i < n; i++) {
        if (x[i] < 0)
            h[0] += x[i];
        else
            h[1] += x[i];
    }
}

static void into_global(long n, const double *x)
{
    g_acc[2] = 1.0;
#pragma reduce(+: g_acc[2])
    for (long i = 0; i < n; i++)
        g_acc[2] += x[i] * x[i];
}

/* C89: everything declared at the top */
static void c89_rows(rows, x, out)
long rows;
const double *x;
long *out;
{
    long i, j;
    for (i = 0; i < rows; i++) {
        out[i] = 3;
#pragma reduce(+: out[i])
        for (j = 0; j < COLS; j++)
            out[i] += ((long)x[j] + i) % 5;
    }
}

static void bit_masks(long n, const double *x, unsigned *masks)
{
    for (int b = 0; b < 3; b++) {
        masks[b] = 1u << (b + 20);
#pragma reduce(|: masks[b])
        for (long i = 0; i < n; i++)
            masks[b] |= 1u << ((long)x[i] + 4 + b) % 16;
    }
}

#define MAXOF(a, b) ((a) > (b) ? (a) : (b))

/* an int element compared with a long (the comparison widens it: its type
 * is still int) and updated inside a macro's arguments */
static void widths_and_macros(long n, const double *x, int *best)
{
    best[0] = -100;
    best[1] = -100;
#pragma reduce(max: best[0], best[1])
    for (long i = 0; i < n; i++) {
        long t = (long)x[i] * 3;
        best[1] = t > best[1] ? t : best[1];
        best[0] = MAXOF(best[0], (int)x[i] + 1);
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long rows = n / COLS + 1;
    double *x = malloc((size_t)(n + COLS) * sizeof *x);
    double *A = malloc((size_t)(rows * COLS) * sizeof *A);
    double *y = malloc((size_t)rows * sizeof *y);
    double *v = malloc(COLS * sizeof *v);
    double colsum[COLS];
    long *out = malloc((size_t)rows * sizeof *out);
    if (!x || !A || !y || !v || !out)
        return 1;
    for (long i = 0; i < n + COLS; i++)
        x[i] = (double)(i % 9) - 4.0;
    for (long i = 0; i < rows * COLS; i++)
        A[i] = (double)((i * 7) % 5) - 2.0;
    for (int j = 0; j < COLS; j++)
        v[j] = (double)(j % 3);

    gemv(rows < COLS ? rows : COLS, A, x, y);
    for (long i = 0; i < rows && i < COLS; i += 5)
        printf("y[%ld] = %.1f\n", i, y[i]);
    gemv_in_place(rows, A, v);
    for (int j = 0; j < COLS; j += 4)
        printf("v[%d] = %.17g\n", j, v[j]);
    column_sums(n / COLS, A, colsum);
    for (int j = 0; j < COLS; j += 6)
        printf("colsum[%d] = %.1f\n", j, colsum[j]);

    struct stats st = {0.25, 1}, pst = {-1.0, 0};
    member_sums(n, x, &st, &pst);
    printf("total %.2f count %ld, local %.2f\n", st.total, st.count, pst.total);

    double Am[8][8], Bm[8][8], Cm[8][8];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            Am[i][j] = (double)((i + 2 * j + (int)(n % 7)) % 5);
            Bm[i][j] = (double)((3 * i + j) % 4) - 1.0;
            Cm[i][j] = (double)(i - j);
        }
    small_gemm(n < 8 ? (int)n : 8, Am, Bm, Cm);
    for (int i = 0; i < 8; i += 3)
        printf("C[%d] = %.1f %.1f %.1f\n", i, Cm[i][0], Cm[i][4], Cm[i][7]);

    double best[4], low[4];
    long at[4];
    per_class(n, x, best, low, at);
    for (int c = 0; c < 4; c++)
        printf("class %d: max %.1f min %.1f at %ld\n", c, best[c], low[c], at[c]);

    double h[3] = {0.5, -0.5, 7.0};
    two_elements(n, x, h);
    printf("h %.1f %.1f %.1f\n", h[0], h[1], h[2]);
    into_global(n, x);
    printf("g_acc[2] %.1f\n", g_acc[2]);
    c89_rows(rows, x, out);
    for (long i = 0; i < rows; i += rows / 4 + 1)
        printf("out[%ld] = %ld\n", i, out[i]);
    int wide[2];
    widths_and_macros(n, x, wide);
    printf("widths %d %d\n", wide[0], wide[1]);
    unsigned masks[3];
    bit_masks(n, x, masks);
    printf("masks %x %x %x\n", masks[0], masks[1], masks[2]);
    free(x);
    free(A);
    free(y);
    free(v);
    free(out);
    return 0;
}
