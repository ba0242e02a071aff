/* expect-error-at: 5:26: in(...) names an array without [FIRST:COUNT] */
double sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) in(a)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
