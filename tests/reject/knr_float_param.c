/* expect-error-at: 3:18: a K&R float parameter */
/* callers without a prototype pass 'scale' as a double */
static double sum(a, n, scale)
    double *a;
    long n;
    float scale;
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += a[i] * scale;
    return t;
}
