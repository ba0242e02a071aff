/* expect-error-at: 10:1: pragma at the end of the file */
double sum(const double *a, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

#pragma reduce(+: s)
