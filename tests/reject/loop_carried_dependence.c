/* expect-error-at: 8:9: loop-carried dependence through 'prev' */
double total_variation(const double *a, int n)
{
    double s = 0.0, prev = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i] - prev;
        prev = a[i];
    }
    return s;
}
