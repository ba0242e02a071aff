/* expect-error-at: 7:25: a private variable read by the loop bounds */
double head_sum(const double *a, int n)
{
    double s = 0.0;
    int m = n;
#pragma reduce(+: s) private(m)
    for (int i = 0; i < m; i++) {
        m = i + 1;
        s += a[i] * m;
    }
    return s;
}
