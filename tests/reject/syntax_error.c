/* expect-error-at: 7:18: a C syntax error, reported like pragreduce's own */
double f(const double *a, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i]
    return s;
}
