/* expect-error-at: 5:1: pragma not followed by a for loop */
double sum_reset(const double *a, int n)
{
    double s;
#pragma reduce(+: s)
    s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
