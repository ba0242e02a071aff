/* expect-error-at: 5:19: reduction variable is volatile */
double sum(const double *a, int n)
{
    volatile double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
