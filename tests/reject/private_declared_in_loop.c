/* expect-error-at: 5:30: private variable declared inside the loop */
double sum_sq(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) private(t)
    for (int i = 0; i < n; i++) {
        double t = a[i] * a[i];
        s += t;
    }
    return s;
}
