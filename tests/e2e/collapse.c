/* collapse(2) and collapse(3): rectangular nests become one iteration
 * space; flat and 2-D subscripts, induction variables declared outside
 * (their values after the nest), down-counting inner loops, maxloc. */
#include <stdio.h>
#include <stdlib.h>
#define COLS 37
static double img[100][COLS];
int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int rows = (int)(n % 97) + 1, cols = (int)(n % 13) + 3;
    int *a = malloc(sizeof(int) * (size_t)rows * cols + 4);
    for (int k = 0; k < rows * cols; k++) a[k] = (k * 7) % 11 - 5;
    for (int r = 0; r < 100; r++) for (int c = 0; c < COLS; c++) img[r][c] = (r * 3 + c) % 17;
    long s = 0;
#pragma reduce(+: s) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            s += a[r * cols + c];
    printf("s=%ld\n", s);
    double t = 0; int i, j;
#pragma reduce(+: t) collapse(2)
    for (i = 0; i < rows; i++) {
        for (j = cols - 1; j >= 0; j -= 2) {
            t += img[i][j] * (i + 1);
        }
    }
    printf("t=%.1f i=%d j=%d\n", t, i, j);
    int mx = -100, where = -1;
#pragma reduce(maxloc: mx, where) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (a[r * cols + c] >= mx) { mx = a[r * cols + c]; where = r * cols + c; }
    printf("mx=%d at %d\n", mx, where);
    long u = 0;
#pragma reduce(+: u)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            u += a[r * cols + c] * c;
    printf("u=%ld\n", u);
    long w = 0;
#pragma reduce(+: w) collapse(3)
    for (int x = 0; x < 3; x++)
        for (int y = 0; y < rows; y++)
            for (int z = 0; z < 4; z++)
                w += a[y] * x + z;
    printf("w=%ld\n", w);
    /* zero-trip levels: outer runs, inner does not (j is still set) */
    long z = 5;
    int zi = -7, zj = -7;
#pragma reduce(+: z) collapse(2)
    for (zi = 0; zi < rows; zi++)
        for (zj = 10; zj < cols - 100; zj++)
            z += a[zi];
    printf("z=%ld zi=%d zj=%d\n", z, zi, zj);
    /* unsigned and size_t variables, steps, <= */
    unsigned long long h = 0;
    size_t p, q;
#pragma reduce(^: h) collapse(2)
    for (p = 1; p <= (size_t)rows; p += 3)
        for (q = 0; q != (size_t)cols; ++q)
            h ^= (unsigned long long)(a[(p - 1) * (size_t)cols + q] + 7) << (q % 13);
    printf("h=%llu p=%zu q=%zu\n", h, p, q);
    free(a);
    return 0;
}
