/* expect-error-at: 6:33: loop step of unknown sign */
double strided_sum(const double *a, int n, int k)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i += k)
        s += a[i];
    return s;
}
