/* expect-error-at: 6:27: the index of maxloc must be an integer */
double f(const double *a, int n)
{
    double m = -1e300;
    double where = -1;
#pragma reduce(maxloc: m, where)
    for (int i = 0; i < n; i++)
        if (a[i] > m) {
            m = a[i];
            where = i;
        }
    return m + where;
}
