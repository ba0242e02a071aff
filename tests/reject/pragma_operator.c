/* expect-error-at: 4:19: _Pragma("reduce ...") is not supported */
double f(const double *a, long n)
{
    double s = 0; _Pragma("reduce(+: s)")
    for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}
