/* expect-error-at: 5:32: reduction variable named in two clauses */
double sum_and_product(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) reduce(*: s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
