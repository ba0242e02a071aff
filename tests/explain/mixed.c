/* --explain golden: unit stride, a stride of 3, a broadcast, an in() clause,
 * arithmetic with special functions, two reduction variables. */
#include <math.h>

double mixed(const float *a, const double *b, const int *idx, const double *w, long n, long m)
{
    double s = 0.0;
    float mx = -INFINITY;
#pragma reduce(+: s) reduce(max: mx) in(w[0:m])
    for (long i = 0; i < n; i++) {
        s += exp(b[3 * i]) * w[idx[i]] + sqrt(b[0]);
        mx = fmaxf(mx, a[i]);
    }
    return s + mx;
}
