/* expect-error-at: 7:9: plain assignment is not a reduction update */
double last_value(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s = a[i];
    return s;
}
