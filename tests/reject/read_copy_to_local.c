/* expect-error-at: 13:13: reduction variable read outside its update */
#include <stddef.h>

double running_sum(const double *a, int n, double *peak)
{
    double s = 0.0, best = 0.0;
    for (int k = 0; k < 1; k++)
        best = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        double t;
        s += a[i];
        t = s;
        (void)t;
    }
    *peak = best;
    return s;
}
