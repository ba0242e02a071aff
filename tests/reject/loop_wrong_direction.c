/* expect-error-at: 6:25: condition expects i to increase but the step decreases it */
double backwards(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = n - 1; i < n; i--)
        s += a[i];
    return s;
}
