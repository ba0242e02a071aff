/* expect-error-at: 5:16: empty reduce() */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce()
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
