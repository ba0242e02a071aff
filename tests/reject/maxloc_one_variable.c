/* expect-error-at: 5:24: maxloc needs a value and an index */
double f(const double *a, int n)
{
    double m = -1e300;
#pragma reduce(maxloc: m)
    for (int i = 0; i < n; i++)
        if (a[i] > m)
            m = a[i];
    return m;
}
