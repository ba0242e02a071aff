/* Row maxima and minima with NaNs and zeros of both signs in a segmented
 * nest: each row's result must be the sequential loop's (a segment with a
 * floating-point min/max runs its marked loop as written, in one thread). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int rows = (int)(n / 8) + 1, cols = (int)(n % 23) + 1;
    if (rows > 20000)
        rows = 20000;
    double *a = malloc(sizeof(double) * (size_t)rows * cols);
    double *hi = malloc(sizeof(double) * rows), *lo = malloc(sizeof(double) * rows);
    double *take = malloc(sizeof(double) * rows);
    if (!a || !hi || !lo || !take)
        return 1;
    for (long k = 0; k < (long)rows * cols; k++) {
        long r = k / cols;
        switch ((k * 7 + r) % 9) {
        case 0: a[k] = NAN; break;
        case 1: a[k] = -0.0; break;
        case 2: a[k] = 0.0; break;
        default: a[k] = r % 3 == 0 ? -(double)(k % 5 + 1) : (double)(k % 11) - 5.0; break;
        }
    }
    for (int r = 0; r < rows; r++) {
        double mx = r % 4 == 0 ? NAN : -INFINITY, mn = r % 5 == 0 ? -0.0 : INFINITY, t = -INFINITY;
#pragma reduce(max: mx) reduce(min: mn) reduce(max: t)
        for (int c = 0; c < cols; c++) {
            mx = fmax(mx, a[(long)r * cols + c]);
            if (a[(long)r * cols + c] < mn)
                mn = a[(long)r * cols + c];
            t = t > a[(long)r * cols + c] ? t : a[(long)r * cols + c];
        }
        hi[r] = mx;
        lo[r] = mn;
        take[r] = t;
    }
    long nans = 0, negzero = 0, poszero = 0;
    double sum = 0.0;
    for (int r = 0; r < rows; r++) {
        const double v[3] = {hi[r], lo[r], take[r]};
        for (int k = 0; k < 3; k++) {
            if (isnan(v[k]))
                nans += k + 1;
            else if (v[k] == 0 && k > 0) /* fmax leaves a zero's sign unspecified */
                *(signbit(v[k]) ? &negzero : &poszero) += (r % 7 + 1) * (k + 1);
            else
                sum += v[k] * (r % 13 + 1);
        }
    }
    printf("%d x %d: nan %ld, -0 %ld, +0 %ld, sum %.1f\n", rows, cols, nans, negzero, poszero, sum);
    free(a); free(hi); free(lo); free(take);
    return 0;
}
