/* expect-error-at: 9:13: update does not match the '+' operator */
double sum_then_double(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        if (a[i] < 0.0)
            s *= 2;
    }
    return s;
}
