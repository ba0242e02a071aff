/* expect-error-at: 9:9: else after a min update that updates another reduction variable */
double below_min_sum(const double *a, int n, double *mn_out)
{
    double mn = a[0], s = 0.0;
#pragma reduce(min: mn) reduce(+: s)
    for (int i = 1; i < n; i++) {
        if (a[i] < mn)
            mn = a[i];
        else
            s += a[i];
    }
    *mn_out = mn;
    return s;
}
