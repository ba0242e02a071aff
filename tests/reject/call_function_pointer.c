/* expect-error-at: 7:14: call through a function pointer */
double map_sum(const double *a, int n, double (*f)(double))
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += f(a[i]);
    return s;
}
