/* Arrays of fixed-size arrays: a local image, a global table, a struct
 * array of rows; rows of the image are what the marked loops read. */
#include <stdio.h>
#include <stdlib.h>

#define W 64
static const int weights[4][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}, {0, 1, 0}};

static long sum_rows(const unsigned char img[][W], int h)
{
    long total = 0;
#pragma reduce(+: total)
    for (int r = 0; r < h; r++)
        for (int c = 0; c < W; c++)
            total += img[r][c];
    return total;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int h = (int)(n % 500) + 1;
    unsigned char (*img)[W] = malloc(sizeof(unsigned char[W]) * (size_t)h);
    if (!img)
        return 1;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < W; c++)
            img[r][c] = (unsigned char)((r * 31 + c * 7) % 256);
    printf("sum = %ld\n", sum_rows(img, h));

    int brightest = -1;
#pragma reduce(max: brightest) in(weights[0:4], img[0:h])
    for (int r = 1; r < h - 1; r++) {
        int v = 0;
        for (int k = 0; k < 3; k++)
            v += weights[k][1] * img[r - 1 + k][5] + weights[3][k];
        if (v > brightest)
            brightest = v;
    }
    printf("brightest = %d\n", brightest);

    double grid[16][8];
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 8; j++)
            grid[i][j] = (double)(i * 8 + j) * 0.5;
    double diag = 0.0;
#pragma reduce(+: diag)
    for (int i = 0; i < 8; i++)
        diag += grid[2 * i][i];
    printf("diag = %.1f\n", diag);
    free(img);
    return 0;
}
