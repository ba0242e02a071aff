/* expect-error-at: 5:22: unexpected text after the clause */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) foo
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
