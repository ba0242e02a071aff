/* Scalars declared before the outer loop and assigned first in every
 * iteration (private to each segment, keeping the last iteration's value
 * after the loop), with a down-counting outer loop, an inner loop variable
 * declared outside, and an if/else-assigned weight (not taken: stays on the
 * host). The values left after each loop are printed. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int cols = (int)(n % 70) + 1, rows = (int)(n / 11);
    if (rows > 8000)
        rows = 8000;
    int *a = malloc(((size_t)rows * cols + 1) * sizeof *a);
    long *y = malloc((rows + 1) * sizeof *y), *z = malloc((rows + 1) * sizeof *z);
    if (!a || !y || !z)
        return 1;
    for (long k = 0; k < (long)rows * cols; k++)
        a[k] = (int)((k * 43 + n) % 15) - 7;
    int i, j = -3, base = -1, w = -2;
    long s = -11, q = -12;
    for (i = rows - 1; i >= 0; i--) {
        base = i * cols;
        s = 0;
#pragma reduce(+: s)
        for (j = 0; j < cols; j++)
            s += a[base + j];
        q = s * 2;
        y[i] = q + base;
    }
    printf("down: i=%d j=%d base=%d s=%ld q=%ld\n", i, j, base, s, q);
    for (i = 0; i < rows; i++) {
        if (i % 3)
            w = 2;
        else
            w = 5;
        s = 0;
#pragma reduce(+: s)
        for (j = 0; j < cols; j += 2)
            s += a[(long)i * cols + j] * w;
        z[i] = s;
    }
    printf("ifelse: i=%d j=%d w=%d s=%ld\n", i, j, w, s);
    long h = 0;
    for (i = 0; i < rows; i++)
        h = (h * 11 + y[i] + 3 * z[i]) % 1000000007L;
    printf("%d x %d: %ld\n", rows, cols, h);
    free(a); free(y); free(z);
    return 0;
}
