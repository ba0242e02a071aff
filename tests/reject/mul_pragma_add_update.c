/* expect-error-at: 7:9: update does not match the '*' operator */
double product(const double *a, int n)
{
    double p = 1.0;
#pragma reduce(*: p)
    for (int i = 0; i < n; i++)
        p += a[i];
    return p;
}
