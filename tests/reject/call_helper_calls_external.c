/* expect-error-at: 6:12: a function of the file calls a function only declared here */
double weight(double x);

static double scaled(double x)
{
    return weight(x) * 2.0;
}

double weighted_sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += scaled(a[i]);
    return s;
}
