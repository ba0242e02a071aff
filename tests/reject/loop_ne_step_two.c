/* expect-error-at: 6:21: '!=' condition with a step of 2 */
double even_sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i != n; i += 2)
        s += a[i];
    return s;
}
