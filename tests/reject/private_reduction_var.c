/* expect-error-at: 5:30: a reduction variable cannot be private */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) private(s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
