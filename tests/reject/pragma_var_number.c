/* expect-error-at: 5:19: reduction variable expected, found a number */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: 0)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
