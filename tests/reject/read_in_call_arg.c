/* expect-error-at: 9:31: reduction variable read outside its update */
#include <math.h>

double smooth_max(const double *a, int n)
{
    double m = -HUGE_VAL;
#pragma reduce(max: m)
    for (int i = 0; i < n; i++) {
        double e = exp(a[i] - m);
        m = fmax(m, e);
    }
    return m;
}
