/* expect-error-at: 7:10: volatile induction variable */
double sum(const double *a, int n)
{
    double s = 0.0;
    volatile int i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}
