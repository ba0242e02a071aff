/* expect-error-at: 6:33: loop step is 0 */
double sum_stuck(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i += 0)
        s += a[i];
    return s;
}
