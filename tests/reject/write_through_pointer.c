/* expect-error-at: 8:9: write through a pointer in the body */
double sum_report(const double *a, int n, double *out)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        *out = a[i];
    }
    return s;
}
