/* expect-error-at: 8:13: 'break' leaves the marked loop */
double sum_until_negative(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        if (a[i] < 0.0)
            break;
        s += a[i];
    }
    return s;
}
