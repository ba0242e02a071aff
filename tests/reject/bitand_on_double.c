/* expect-error-at: 5:19: bitwise operator '&' on a double */
double all_flags(const double *a, int n)
{
    double f = 1.0;
#pragma reduce(&: f)
    for (int i = 0; i < n; i++)
        f *= a[i] != 0.0;
    return f;
}
