/* expect-error-at: 7:21: reduction variable read inside its own update expression */
double geometric_like(const double *a, int n)
{
    double s = 1.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[i] * s;
    return s;
}
