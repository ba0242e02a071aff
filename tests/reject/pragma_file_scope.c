/* expect-error-at: 2:1: pragma not followed by a for loop */
#pragma reduce(+: s)
double sum(const double *a, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
