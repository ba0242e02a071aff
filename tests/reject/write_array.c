/* expect-error-at: 7:9: two iterations write one element */
double copy_and_sum(const double *a, double *b, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        b[i / 2] = a[i];
        s += a[i];
    }
    return s;
}
