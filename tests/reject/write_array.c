/* expect-error-at: 7:9: write to another iteration's element */
double copy_and_sum(const double *a, double *b, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        b[n - 1 - i] = a[i];
        s += a[i];
    }
    return s;
}
