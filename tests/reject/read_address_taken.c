/* expect-error-at: 7:27: address of the reduction variable taken */
double sum_with_alias(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        const double *p = &s;
        (void)p;
        s += a[i];
    }
    return s;
}
