/* expect-error-at: 8:13: 'goto' in the marked loop */
double sum_checked(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        if (a[i] > 1e300)
            goto overflow;
        s += a[i];
    }
    return s;
overflow:
    return 1e300;
}
