/* expect-error-at: 5:16: unknown reduction operator 'MAX' */
double sum(const double *a, int n)
{
    double s = -1e300;
#pragma reduce(MAX: s)
    for (int i = 0; i < n; i++)
        s = a[i] > s ? a[i] : s;
    return s;
}
