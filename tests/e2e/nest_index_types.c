/* Outer loops of many index types and shapes: short, unsigned short,
 * unsigned, long, size_t, signed char; counting down; steps of 2 and 3;
 * `i = i + c` step; inner loops of other types. Integer results. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int rows = (int)(n % 300) + 1, cols = (int)(n % 41) + 3;
    int *a = malloc((size_t)rows * cols * sizeof *a);
    long *y = calloc(rows + 1, sizeof *y);
    if (!a || !y)
        return 1;
    for (long k = 0; k < (long)rows * cols; k++)
        a[k] = (int)((k * 17 + n) % 13) - 6;
    for (short i = 0; i < rows; i++) {
        long s = 0;
#pragma reduce(+: s)
        for (unsigned char j = 0; j < cols; j++)
            s += a[i * cols + j];
        y[i] = s;
    }
    long h1 = 0;
    for (int i = 0; i < rows; i++) h1 += y[i] * (i + 1);
    for (unsigned i = (unsigned)rows; i-- > 0;)
        y[i] = 0;
    for (long i = rows - 1; i >= 0; i -= 2) {
        int s = 0;
#pragma reduce(+: s)
        for (long j = cols - 1; j >= 0; j--)
            s += a[i * cols + j] * (int)(j % 3);
        y[i] = s;
    }
    for (size_t i = 0; i < (size_t)rows; i += 3) {
        unsigned s = 0;
#pragma reduce(+: s)
        for (size_t j = 0; j < (size_t)cols; j++)
            s += (unsigned)a[i * cols + j];
        y[i] += (int)s;
    }
    for (unsigned short i = 1; i <= (unsigned short)rows; i = i + 2) {
        short s = 0;
#pragma reduce(max: s)
        for (int j = 0; j < cols; j++)
            if ((short)a[(i - 1) * cols + j] > s)
                s = (short)a[(i - 1) * cols + j];
        y[i - 1] -= s;
    }
    signed char c;
    int lim = rows < 100 ? rows : 100;
    for (c = 0; c < lim; c++) {
        long p = 1;
#pragma reduce(*: p)
        for (int j = 0; j < (cols < 9 ? cols : 9); j++)
            p *= (a[c * cols + j] % 3) + 2;
        y[c] ^= p;
    }
    long h2 = 0;
    for (int i = 0; i < rows; i++) h2 = h2 * 3 + y[i];
    printf("%d x %d: %ld %ld c=%d\n", rows, cols, h1, h2, c);
    free(a); free(y);
    return 0;
}
