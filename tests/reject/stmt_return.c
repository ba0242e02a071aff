/* expect-error-at: 8:13: 'return' in the marked loop */
double sum_or_fail(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        if (a[i] != a[i])
            return -1.0;
        s += a[i];
    }
    return s;
}
