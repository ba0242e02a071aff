/* Row and column sums / extrema of a fixed-size float image (global 2-D
 * array), a 3x1 box filter per row written back per row, and a per-column
 * range. Values are multiples of 0.5: sums are exact. */
#include <stdio.h>
#include <stdlib.h>

#define H 64
#define W 48
static float img[H][W];
static float rowsum[H], colsum[W], colmax[W];
static float blur[H][W];

static void fill(long n)
{
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++)
            img[r][c] = (float)(((r * 7 + c * 13 + n) % 23) - 11) * 0.5f;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int rows = n < H ? (int)n : H;
    fill(n);
    for (int r = 0; r < rows; r++) {
        float s = 0.0f;
#pragma reduce(+: s)
        for (int c = 0; c < W; c++)
            s += img[r][c];
        rowsum[r] = s;
    }
    for (int c = 0; c < W; c++) {
        float s = 0.0f, m = -1000.0f;
#pragma reduce(+: s) reduce(max: m)
        for (int r = 0; r < rows; r++) {
            s += img[r][c];
            if (img[r][c] > m)
                m = img[r][c];
        }
        colsum[c] = s;
        colmax[c] = m;
    }
    /* per-row box filter written into blur[r][k], then its sum read back */
    for (int r = 0; r < rows; r++) {
        for (int k = 0; k < W; k++) {
            float left = k > 0 ? img[r][k - 1] : 0.0f;
            float right = k < W - 1 ? img[r][k + 1] : 0.0f;
            blur[r][k] = left + img[r][k] + right;
        }
        float t = 0.0f;
#pragma reduce(+: t)
        for (int k = 0; k < W; k++)
            t += blur[r][k];
        rowsum[r] -= t;
    }
    double h = 0;
    for (int r = 0; r < H; r++)
        h += rowsum[r] * (r % 5 + 1);
    for (int c = 0; c < W; c++)
        h += colsum[c] * (c % 3 + 1) + colmax[c];
    for (int r = 0; r < H; r++)
        for (int k = 0; k < W; k++)
            h += blur[r][k] * ((r + k) % 4);
    printf("rows %d: checksum %.6g\n", rows, h);
    return 0;
}
