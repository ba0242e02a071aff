/* expect-error-at: 8:27: private scalar read before the iteration writes it */
double sum_prev(const double *a, int n)
{
    double s = 0.0, t = 0.0;
#pragma reduce(+: s) private(t)
    for (int i = 0; i < n; i++) {
        /* reads the previous iteration's t: a loop-carried dependence */
        double d = a[i] - t;
        s += d * t;
        t = a[i];
    }
    return s;
}
