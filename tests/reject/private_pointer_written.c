/* expect-error-at: 5:30: private pointer written through */
double sum_scaled(double *a, double *tmp, int n)
{
    double s = 0.0;
#pragma reduce(+: s) private(tmp)
    for (int i = 0; i < n; i++) {
        tmp[0] = a[i] * 2.0;
        s += tmp[0];
    }
    return s;
}
