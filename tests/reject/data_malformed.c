/* expect-error-at: 8:29: missing colon; 9:16: no array; 10:23: not in(); 11:32: named twice */
/* Malformed data and update directives. */
double f(double *a, long n)
{
    double s = 0;
    {
        a[0] = 1;
#pragma reduce data in(a[0 n])
#pragma reduce data
#pragma reduce update out(a[0:1])
#pragma reduce data in(a[0:n], a[0:1])
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += a[i];
    }
    return s;
}
