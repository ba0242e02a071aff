/* expect-error-at: 5:16: reduction operator '-' is not supported */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(-: s)
    for (int i = 0; i < n; i++)
        s -= a[i];
    return s;
}
