/* expect-error-at: 10:14: private scalar written only under a condition */
double sum_clamped(const double *a, int n)
{
    double s = 0.0, t = 0.0;
#pragma reduce(+: s) private(t)
    for (int i = 0; i < n; i++) {
        if (a[i] > 0.0)
            t = a[i];
        /* when a[i] <= 0, t still holds an earlier iteration's value */
        s += t;
    }
    return s;
}
