/* expect-error-at: 10:9: write to a global variable in the body */
double g_last;

double sum_remember_last(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        g_last = a[i];
    }
    return s;
}
