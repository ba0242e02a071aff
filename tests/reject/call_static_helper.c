/* expect-error-at: 12:14: call to a user function */
static double sq(double x)
{
    return x * x;
}

double sum_squares(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += sq(a[i]);
    return s;
}
