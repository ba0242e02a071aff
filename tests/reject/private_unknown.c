/* expect-error-at: 5:30: private() names a variable the loop does not use */
double sum_sq(const double *a, int n)
{
    double s = 0.0, t;
#pragma reduce(+: s) private(tt)
    for (int i = 0; i < n; i++) {
        t = a[i] * a[i];
        s += t;
    }
    return s;
}
