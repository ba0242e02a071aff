/* expect-error-at: 5:33: a variable named twice in private() */
double sum_sq(const double *a, int n)
{
    double s = 0.0, t;
#pragma reduce(+: s) private(t, t)
    for (int i = 0; i < n; i++) {
        t = a[i] * a[i];
        s += t;
    }
    return s;
}
