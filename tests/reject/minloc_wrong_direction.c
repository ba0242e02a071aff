/* expect-error-at: 8:9: minloc updated toward the maximum */
double f(const double *a, int n)
{
    double m = 1e300;
    int where = -1;
#pragma reduce(minloc: m, where)
    for (int i = 0; i < n; i++)
        if (a[i] > m) {
            m = a[i];
            where = i;
        }
    return m + where;
}
