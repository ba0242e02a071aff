/* expect-error-at: 9:9: call to a function that is not from <math.h> */
#include <stdio.h>

double sum_verbose(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        printf("%d: %f\n", i, a[i]);
        s += a[i];
    }
    return s;
}
