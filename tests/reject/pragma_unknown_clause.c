/* expect-error-at: 5:22: unknown clause */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) schedule(static)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
