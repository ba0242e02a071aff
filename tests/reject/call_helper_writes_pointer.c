/* expect-error-at: 14:19: the helper writes through its pointer parameter, given an element */
static double bump(double *p)
{
    double old = *p;
    *p = old + 1.0;
    return old;
}

double total(double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s) in(a[0:n])
    for (int i = 0; i < n; i++)
        s += bump(&a[i]);
    return s;
}
