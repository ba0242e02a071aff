/* expect-error-at: 5:19: ',' where ':' is expected */
double sum(const double *a, int n)
{
    double s = 1e300;
#pragma reduce(min, s)
    for (int i = 0; i < n; i++)
        s = a[i] < s ? a[i] : s;
    return s;
}
