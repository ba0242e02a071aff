/* expect-error-at: 8:1: pragma not followed by a for loop */
double sum_do(const double *a, int n)
{
    double s = 0.0;
    int i = 0;
    if (n <= 0)
        return 0.0;
#pragma reduce(+: s)
    do {
        s += a[i];
    } while (++i < n);
    return s;
}
