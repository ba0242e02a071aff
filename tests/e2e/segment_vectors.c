/* Segmented nests whose marked inner loop reads rows at unit stride
 * (a[base + j]): on the GPU a group of threads shares the row with 16-byte
 * loads when every such access is aligned at the loop's first iteration,
 * else with scalar loads. Widths that leave rows misaligned (odd, 1023,
 * 1025) or not a multiple of a vector, a loop starting at 1 with accesses
 * of different alignment (a[... + j - 1] beside w[j]), element types of
 * 1 to 8 bytes in one loop, a base computed in the outer body, a C89 loop
 * variable read after the loop, continue and a condition in the body, two
 * rows of one array, and accesses that stay scalar (an explicit cast, a
 * subscript running down the row). */
#include <stdio.h>
#include <stdlib.h>

static void rowsum(const float *a, long rows, long cols, float *out)
{
    for (long i = 0; i < rows; i++) {
        float s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += a[i * cols + j];
        out[i] = s;
    }
}

static void gemv(const double *a, const double *x, int rows, int cols, double *y)
{
    for (int i = 0; i < rows; i++) {
        double s = 0.25;
#pragma reduce(+: s)
        for (int j = 0; j < cols; j++)
            s += a[(long)i * cols + j] * x[j];
        y[i] = s;
    }
}

/* from 1: a[... + j - 1] and w[j] are aligned at different iterations */
static void shifted(const float *a, const float *w, long rows, long cols, float *out)
{
    for (long i = 0; i < rows; i++) {
        float s = 1;
#pragma reduce(+: s)
        for (long j = 1; j < cols; j++)
            s += a[i * cols + j - 1] * w[j];
        out[i] = s;
    }
}

/* C89: the variables at the top, j read after the loop */
static void c89(const double *a, long rows, long cols, double *out)
{
    long i, j;
    double s;
    for (i = 0; i < rows; i++) {
        s = 0;
#pragma reduce(+: s)
        for (j = 0; j < cols; j++)
            s += a[i * cols + j];
        out[i] = s + (double)j;
    }
}

/* one byte, two, four and eight in one loop: vectors of two elements */
static void mixed(const unsigned char *u8, const short *s16, const float *f32, const double *f64,
                  long rows, long cols, double *out)
{
    for (long i = 0; i < rows; i++) {
        const long base = i * cols;
        double s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += (double)u8[base + j] + (double)s16[j + base] * 0.5 + f32[base + j] - f64[base + j];
        out[i] = s;
    }
}

/* bytes alone: sixteen per load */
static void count_bytes(const unsigned char *u8, long rows, long cols, long *out)
{
    for (long i = 0; i < rows; i++) {
        long n = 0;
#pragma reduce(+: n)
        for (long j = 0; j < cols; j++)
            n += u8[i * cols + j] > 100;
        out[i] = n;
    }
}

static void row_max(const int *v, long rows, long cols, int *out)
{
    for (long i = 0; i < rows; i++) {
        int m = -1;
#pragma reduce(max: m)
        for (long j = 0; j < cols; j++) {
            if (v[i * cols + j] % 3 == 0)
                continue;
            if (v[i * cols + j] > m)
                m = v[i * cols + j];
        }
        out[i] = m;
    }
}

/* this row against its mirror image */
static void neighbours(const float *a, long rows, long cols, float *out)
{
    for (long i = 0; i < rows; i++) {
        const long other = rows - 1 - i;
        float s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += a[i * cols + j] * a[other * cols + j];
        out[i] = s;
    }
}

/* a cast in the subscript, and a subscript running backwards: scalar loads */
static void stays_scalar(const float *a, long rows, long cols, float *out)
{
    for (long i = 0; i < rows; i++) {
        float s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += a[(long)(i * cols + j)] + a[i * cols + (cols - 1 - j)];
        out[i] = s;
    }
}

static double weigh(const float *f, long k)
{
    double t = 0;
    for (long i = 0; i < k; i++)
        t += (double)f[i] * (double)(i % 7 + 1);
    return t;
}

static double weigh_d(const double *f, long k)
{
    double t = 0;
    for (long i = 0; i < k; i++)
        t += f[i] * (double)(i % 7 + 1);
    return t;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float *f = malloc((size_t)(n + 1) * sizeof *f);
    float *w = malloc((size_t)(n + 1) * sizeof *w);
    double *d = malloc((size_t)(n + 1) * sizeof *d);
    int *v = malloc((size_t)(n + 1) * sizeof *v);
    short *h = malloc((size_t)(n + 1) * sizeof *h);
    unsigned char *b = malloc((size_t)(n + 1));
    float *fo = malloc((size_t)(n + 1) * sizeof *fo);
    double *dout = malloc((size_t)(n + 1) * sizeof *dout);
    long *lo = malloc((size_t)(n + 1) * sizeof *lo);
    int *io = malloc((size_t)(n + 1) * sizeof *io);
    for (long k = 0; k < n; k++) {
        f[k] = (float)((k * 5) % 9) - 4.0f;
        w[k] = (float)(k % 4);
        d[k] = (double)((k * 7) % 13) / 4.0 - 1.0;
        v[k] = (int)((k * 2654435761u) % 1000);
        h[k] = (short)(k % 301 - 150);
        b[k] = (unsigned char)(k * 37);
    }
    long widths[] = {1, 3, 33, 100, 1023, 1024, 1025, 2049, 4100};
    for (int k = 0; k < 9; k++) {
        long cols = widths[k], rows = n / cols;
        if (cols > n)
            continue;
        rowsum(f, rows, cols, fo);
        printf("cols %ld: rowsum %.1f", cols, weigh(fo, rows));
        gemv(d, d, (int)rows, (int)cols, dout);
        printf(", gemv %.4f", weigh_d(dout, rows));
        shifted(f, w, rows, cols, fo);
        printf(", shifted %.1f", weigh(fo, rows));
        c89(d, rows, cols, dout);
        printf(", c89 %.4f", weigh_d(dout, rows));
        mixed(b, h, f, d, rows, cols, dout);
        printf(", mixed %.4f", weigh_d(dout, rows));
        count_bytes(b, rows, cols, lo);
        long cb = 0;
        for (long r = 0; r < rows; r++)
            cb += lo[r] * (r % 5 + 1);
        row_max(v, rows, cols, io);
        long mx = 0;
        for (long r = 0; r < rows; r++)
            mx += (long)io[r] * (r % 3 + 1);
        printf(", bytes %ld, max %ld", cb, mx);
        neighbours(f, rows, cols, fo);
        printf(", neighbours %.1f", weigh(fo, rows));
        stays_scalar(f, rows, cols, fo);
        printf(", scalar %.1f\n", weigh(fo, rows));
    }
    free(f);
    free(w);
    free(d);
    free(v);
    free(h);
    free(b);
    free(fo);
    free(dout);
    free(lo);
    free(io);
    return 0;
}
