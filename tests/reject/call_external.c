/* expect-error-at: 9:14: call to an external function */
double g(double);

double transformed_sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += g(a[i]);
    return s;
}
