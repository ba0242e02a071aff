/* expect-error-at: 5:18: missing ':' after the operator */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+ s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
