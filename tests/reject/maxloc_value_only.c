/* expect-error-at: 12:20: the value read outside a maxloc update */
double f(const double *a, int n)
{
    double m = -1e300;
    int where = -1;
#pragma reduce(maxloc: m, where)
    for (int i = 0; i < n; i++) {
        if (a[i] > m) {
            m = a[i];
            where = i;
        }
        if (a[i] > m + 1)
            m = a[i];
    }
    return m + where;
}
