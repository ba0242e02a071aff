/* Row normalization: integer sums give the mean and variance exactly, then
 * a plain loop writes the normalized row. Version A writes a flat
 * row-major array (an element not at the outer index: stays on the host),
 * version B a fixed-width 2-D array out[i][k] (segmented). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define COLS 40

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int rows = (int)(n / 17) + 1;
    if (rows > 4000)
        rows = 4000;
    int *a = malloc(((size_t)rows * COLS + 1) * sizeof *a);
    double *flat = malloc(((size_t)rows * COLS + 1) * sizeof *flat);
    double (*out)[COLS] = malloc(((size_t)rows + 1) * sizeof *out);
    double *sd = malloc((rows + 1) * sizeof *sd);
    if (!a || !flat || !out || !sd)
        return 1;
    for (long k = 0; k < (long)rows * COLS; k++)
        a[k] = (int)((k * 29 + n) % 21) - 10;
    for (int i = 0; i < rows; i++) {
        long s = 0;
#pragma reduce(+: s)
        for (int j = 0; j < COLS; j++)
            s += a[i * COLS + j];
        double mean = (double)s / COLS;
        long q = 0;
#pragma reduce(+: q)
        for (int j = 0; j < COLS; j++)
            q += (long)a[i * COLS + j] * a[i * COLS + j];
        double var = ((double)q - (double)s * s / COLS) / COLS;
        double d = var > 0 ? sqrt(var) : 1.0;
        for (int j = 0; j < COLS; j++)
            flat[i * COLS + j] = (a[i * COLS + j] - mean) / d;
    }
    for (int i = 0; i < rows; i++) {
        long s = 0;
#pragma reduce(+: s)
        for (int j = 0; j < COLS; j++)
            s += a[i * COLS + j];
        double mean = (double)s / COLS;
        long q = 0;
#pragma reduce(+: q)
        for (int j = 0; j < COLS; j++)
            q += (long)a[i * COLS + j] * a[i * COLS + j];
        double var = ((double)q - (double)s * s / COLS) / COLS;
        sd[i] = var > 0 ? sqrt(var) : 1.0;
        for (int j = 0; j < COLS; j++)
            out[i][j] = (a[i * COLS + j] - mean) / sd[i];
    }
    long pos = 0, same = 0;
    double h = 0;
    for (int i = 0; i < rows; i++) {
        h += sd[i];
        for (int j = 0; j < COLS; j++) {
            pos += out[i][j] > 0.5;
            same += out[i][j] == flat[i * COLS + j];
        }
    }
    printf("%d rows: sd %.6g pos %ld same %ld\n", rows, h, pos, same);
    free(a); free(flat); free(out); free(sd);
    return 0;
}
