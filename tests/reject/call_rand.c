/* expect-error-at: 9:21: call to a function that is not from <math.h> */
#include <stdlib.h>

double noisy_sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[i] * rand();
    return s;
}
