/* Outputs written at y[i] and read back in the same iteration: the row
 * mean is stored in mu[i], then a second marked loop counts entries above
 * mu[i] (reading it in the inner body), and dev[i] uses both. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int cols = (int)(n % 300) + 1, rows = (int)(n / 50) + 1;
    if (rows > 3000)
        rows = 3000;
    float *a = malloc(((size_t)rows * cols + 1) * sizeof *a);
    float *mu = malloc((rows + 1) * sizeof *mu);
    int *above = malloc((rows + 1) * sizeof *above);
    float *dev = malloc((rows + 1) * sizeof *dev);
    if (!a || !mu || !above || !dev)
        return 1;
    for (long k = 0; k < (long)rows * cols; k++)
        a[k] = (float)((k * 19 + n) % 17) * 0.25f;
    for (int i = 0; i < rows; i++) {
        float s = 0.0f;
#pragma reduce(+: s)
        for (int j = 0; j < cols; j++)
            s += a[(long)i * cols + j];
        mu[i] = s;
        mu[i] = mu[i] / 4; /* sum / 4 keeps it exact */
        int c = 0;
#pragma reduce(+: c)
        for (int j = 0; j < cols; j++)
            c += a[(long)i * cols + j] * cols > mu[i];
        above[i] = c;
        float d = 0.0f;
#pragma reduce(max: d)
        for (int j = 0; j < cols; j++) {
            float e = a[(long)i * cols + j] - mu[i] / cols;
            if (e < 0)
                e = -e;
            d = e > d ? e : d;
        }
        dev[i] = d + above[i];
    }
    double h = 0;
    for (int i = 0; i < rows; i++)
        h += (double)mu[i] * (i % 3 + 1) + above[i] * (i % 5) + (double)dev[i];
    printf("%d x %d: %.9g\n", rows, cols, h);
    free(a); free(mu); free(above); free(dev);
    return 0;
}
