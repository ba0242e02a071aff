/* expect-error-at: 5:19: bitwise operator '|' on a double */
double any_set(const double *a, int n)
{
    double acc = 0.0;
#pragma reduce(|: acc)
    for (int i = 0; i < n; i++)
        acc = acc || a[i] != 0.0;
    return acc;
}
