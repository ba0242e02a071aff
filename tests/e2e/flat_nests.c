/* Rectangular nests marked on the outer loop (issue 16): run as
 * collapse(2) by themselves when every array walks memory contiguously
 * along the inner loop, with 16-byte vector loads when the subscript is
 * the flat index itself (a[r * cols + c]). Widths that are not multiples
 * of a vector (1, 3, 1023, 1025), element types of 1 to 8 bytes, a body
 * that also uses r and c, maxloc over a matrix (ties by the flat order),
 * a start other than 0 (no vector loads), an inner loop reading down a
 * column (not collapsed), collapse(2) written out, and a nest inside an
 * independent batch loop (segmented, the nest not collapsed). */
#include <stdio.h>
#include <stdlib.h>

static double sum_d(const double *a, long rows, long cols)
{
    double t = 0;
#pragma reduce(+: t)
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < cols; c++)
            t += a[r * cols + c];
    return t;
}

static long sum_c(const signed char *a, int rows, int cols)
{
    long t = 3;
#pragma reduce(+: t)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            t += a[cols * r + c];
    return t;
}

static float weighted(const float *a, long rows, long cols)
{
    float t = 0;
#pragma reduce(+: t)
    for (long r = 0; r < rows; r++) {
        for (long c = 0; c < cols; c++) {
            if ((r + c) % 3 == 0)
                t += a[c + r * cols] * 2;
        }
    }
    return t;
}

static void argmax(const int *a, long rows, long cols, int *best, long *at)
{
    int m = -1000000;
    long k = -1;
#pragma reduce(maxloc: m, k)
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < cols; c++)
            if (a[r * cols + c] > m) {
                m = a[r * cols + c];
                k = r * cols + c;
            }
    *best = m;
    *at = k;
}

static unsigned long from_one(const unsigned *a, long rows, long cols)
{
    unsigned long t = 0;
#pragma reduce(^: t)
    for (long r = 1; r < rows; r++)
        for (long c = 0; c < cols; c++)
            t ^= (unsigned long)a[r * cols + c] << (c % 7);
    return t;
}

/* down the columns: a row per thread stays the mapping */
static double by_columns(const double *a, long rows, long cols)
{
    double t = 0;
#pragma reduce(+: t)
    for (long c = 0; c < cols; c++)
        for (long r = 0; r < rows; r++)
            t += a[r * cols + c];
    return t;
}

static double written_out(const double *a, long rows, long cols)
{
    double t = 0.5;
#pragma reduce(+: t) collapse(2)
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < cols; c++)
            t += a[r * cols + c] * a[r * cols + c];
    return t;
}

/* inside an independent loop over a batch: the nest runs as marked inside
 * each segment (a group shares its rows), not collapsed */
static void batch(const double *a, long count, int rows, int cols, double *out)
{
    for (long b = 0; b < count; b++) {
        double s = 0;
#pragma reduce(+: s)
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                s += a[b * rows * cols + r * cols + c];
        out[b] = s;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *d = malloc((size_t)(n + 1) * sizeof *d);
    float *f = malloc((size_t)(n + 1) * sizeof *f);
    int *v = malloc((size_t)(n + 1) * sizeof *v);
    unsigned *u = malloc((size_t)(n + 1) * sizeof *u);
    signed char *ch = malloc((size_t)(n + 1));
    for (long i = 0; i < n; i++) {
        d[i] = (double)((i * 7) % 13) / 4.0 - 1.0;
        f[i] = (float)((i * 5) % 9) / 2.0f;
        v[i] = (int)((i * 2654435761u) % 1000);
        u[i] = (unsigned)(i * 40503u);
        ch[i] = (signed char)(i % 251 - 125);
    }
    long widths[] = {1, 3, 4, 1023, 1024, 1025};
    for (int w = 0; w < 6; w++) {
        long cols = widths[w], rows = n / cols;
        int best;
        long at;
        argmax(v, rows, cols, &best, &at);
        printf("cols %ld: %.2f %ld %.1f max %d at %ld, xor %lx, columns %.2f, written %.2f\n", cols,
               sum_d(d, rows, cols), sum_c(ch, (int)rows, (int)cols), weighted(f, rows, cols), best,
               at, from_one(u, rows, cols), by_columns(d, rows, cols), written_out(d, rows, cols));
    }
    long count = n / 96;
    double *out = malloc((size_t)(count + 1) * sizeof *out);
    batch(d, count, 8, 12, out);
    double bt = 0;
    for (long b = 0; b < count; b++)
        bt += out[b] * (double)(b % 5);
    printf("batch of %ld: %.2f\n", count, bt);
    free(out);
    free(d);
    free(f);
    free(v);
    free(u);
    free(ch);
    return 0;
}
