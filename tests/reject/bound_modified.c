/* expect-error-at: 8:9: loop bound modified in the body */
double sum_shrinking(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        n--;
    }
    return s;
}
