/* expect-error-at: 5:21: missing reduction variable after ',' */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s,)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
