/* followed: accepted */
double gather(const double *x, const int *idx, int n, int m)
{
    double s = 0;
#pragma reduce(+: s) in(x[0:m])
    for (int i = 0; i < n; i++)
        s += *(x + idx[i]);
    return s;
}
