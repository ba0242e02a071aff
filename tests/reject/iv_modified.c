/* expect-error-at: 8:13: induction variable modified in the body */
double sum_skip_zeros(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        if (a[i] == 0.0)
            i++;
        s += a[i];
    }
    return s;
}
