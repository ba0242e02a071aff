/* expect-error-at: 6:28: unsupported loop increment */
double doubling_sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 1; i < n; i *= 2)
        s += a[i];
    return s;
}
