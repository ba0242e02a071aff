/* Segmented loops in deeper nests: per-channel row sums of an image (both
 * the channel and the row loop are independent: the channel loop is one
 * launch when it has enough iterations, else the row loop launches per
 * channel), flat indices (`out[c * h + r]`, `y[2 * i]`), and a row offset
 * kept in a variable declared up front (not provably independent: each
 * row launches on its own). All must print what the sequential program
 * prints. */
#include <stdio.h>
#include <stdlib.h>

#define CH 3
#define W 16
#define HMAX 2048
static float img[CH][HMAX][W];
static float rowsum[CH][HMAX];

static void channel_rows(int h)
{
    for (int c = 0; c < CH; c++)
        for (int r = 0; r < h; r++) {
            float s = 0;
#pragma reduce(+: s)
            for (int x = 0; x < W; x++)
                s += img[c][r][x];
            rowsum[c][r] = s;
        }
}

/* batches of rows in a flat array; the output indexed c * h + r */
static void batch_rows(int batches, int h, int w, const int *a, long *out)
{
    for (int c = 0; c < batches; c++)
        for (int r = 0; r < h; r++) {
            long s = 0;
            int hi = -1000;
#pragma reduce(+: s) reduce(max: hi)
            for (int x = 0; x < w; x++) {
                s += a[((long)c * h + r) * w + x];
                if (a[((long)c * h + r) * w + x] > hi)
                    hi = a[((long)c * h + r) * w + x];
            }
            out[2 * ((long)c * h + r)] = s;
            out[2 * ((long)c * h + r) + 1] = hi;
        }
}

/* the offset of a row in a variable declared before the loop */
static void offset_rows(int rows, int cols, const double *A, double *y)
{
    int i, j;
    long base;
    double s;
    for (i = 0; i < rows; i++) {
        base = (long)i * cols;
        s = 0;
#pragma reduce(+: s)
        for (j = 0; j < cols; j++)
            s += A[base + j];
        y[i] = s;
    }
}

/* rows counted down, every other row, writing y[2 * k] */
static void every_other(int rows, int cols, const double *A, double *y)
{
    for (int i = rows - 1; i >= 0; i -= 2) {
        double m = -1e300;
#pragma reduce(max: m)
        for (int j = 0; j < cols; j++)
            m = A[(long)i * cols + j] > m ? A[(long)i * cols + j] : m;
        y[2 * i] = m;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int h = (int)(n / W) % HMAX;
    for (int c = 0; c < CH; c++)
        for (int r = 0; r < HMAX; r++)
            for (int x = 0; x < W; x++)
                img[c][r][x] = (float)((c + r * x) % 9) - 4;
    channel_rows(h);
    double t = 0;
    for (int c = 0; c < CH; c++)
        for (int r = 0; r < h; r++)
            t += rowsum[c][r] * ((r + c) % 5);
    printf("channels %.6g\n", t);

    int w = 1 + (int)(n % 23), batches = 2 + (int)(n % 3), hb = (int)(n / 64);
    int *a = malloc(((size_t)batches * hb * w + 1) * sizeof *a);
    long *out = malloc(((size_t)batches * hb * 2 + 2) * sizeof *out);
    for (long k = 0; k < (long)batches * hb * w; k++)
        a[k] = (int)(k % 29) - 14;
    batch_rows(batches, hb, w, a, out);
    long bs = 0;
    for (long k = 0; k < (long)batches * hb * 2; k++)
        bs += out[k] * (k % 7 + 1);
    printf("batches %ld\n", bs);

    int cols = 5 + (int)(n % 11), rows = (int)(n / cols);
    double *A = malloc(((size_t)rows * cols + 1) * sizeof *A);
    double *y = malloc(((size_t)rows * 2 + 2) * sizeof *y);
    for (long k = 0; k < (long)rows * cols; k++)
        A[k] = (double)(k % 13) - 6;
    offset_rows(rows, cols, A, y);
    double os = 0;
    for (int i = 0; i < rows; i++)
        os += y[i] * (i % 4);
    printf("offsets %.6g\n", os);
    for (int i = 0; i < 2 * rows + 2; i++)
        y[i] = 0;
    every_other(rows, cols, A, y);
    double es = 0;
    for (int i = 0; i < 2 * rows; i++)
        es += y[i] * (i % 3 + 1);
    printf("every other %.6g\n", es);
    return 0;
}
