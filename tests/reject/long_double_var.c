/* expect-error-at: 5:19: long double reduction variable */
long double f(const double *a, long n)
{
    long double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}
