/* expect-error-at: 5:19: reduction variable is not declared */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: total)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
