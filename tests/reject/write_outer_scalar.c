/* expect-error-at: 8:9: write to an outer scalar that is not a reduction variable */
double sum_and_last(const double *a, int n, double *last_out)
{
    double s = 0.0, last = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        last = a[i];
    }
    *last_out = last;
    return s;
}
