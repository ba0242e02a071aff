/* expect-error-at: 8:9: write to an element every iteration shares */
double normalize_sum(double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        a[0] *= 0.5;
    }
    return s;
}
