/* y = A x over an n x 8 matrix, and a marked dot product, both through
 * the suite's header included with angle brackets. */
#include <bench.h>

void kernel_gemv(long n, const double *A, const double *x, double *y);
double kernel_dot(long n, const double *x, const double *y);

void kernel_gemv(long n, const double *A, const double *x, double *y)
{
    long i, j;
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        double s = 0;
        for (j = 0; j < 8; j++)
            s += A[i * 8 + j] * x[j];
        y[i] = s;
    }
}

double kernel_dot(long n, const double *x, const double *y)
{
    double s = 0;
    long i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}
