/* expect-error-at: 10:9: call to printf in the first loop; 18:13: 'break' in the second loop */
#include <stdio.h>

double mean_and_max(const double *a, int n, double *max_out)
{
    double s = 0.0;
    double m = -1e300;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        printf("%g\n", a[i]);
        s += a[i];
    }
#pragma reduce(max: m)
    for (int i = 0; i < n; i++) {
        if (a[i] > m)
            m = a[i];
        if (a[i] < 0.0)
            break;
    }
    *max_out = m;
    return n > 0 ? s / n : 0.0;
}
