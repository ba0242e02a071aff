/* expect-error-at: 7:17: loop condition does not test the induction variable */
double sum_prefix(const double *a, int n)
{
    double s = 0.0;
    int i, j = 0;
#pragma reduce(+: s)
    for (i = 0; j < n; i++)
        s += a[i];
    return s;
}
