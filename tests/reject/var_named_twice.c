/* expect-error-at: 5:22: reduction variable named twice */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s, s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
