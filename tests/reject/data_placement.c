/* expect-error-at: 3:1: outside a function; 11:26: update outside a data region; 17:1: data with no statement; 20:1: data as an if body; 24:9: data before a declaration */
/* Data and update directives in the wrong place. */
#pragma reduce data in(table[0:4])
static double table[4];

double f(double *a, double *b, long n)
{
    double s = 0;
#pragma reduce data in(a[0:n])
    s = a[0];
#pragma reduce update in(b[0:n])
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] + b[i];
    if (n > 4) {
        s += 1;
#pragma reduce data in(b[0:n])
    }
    if (n > 8)
#pragma reduce data in(b[0:n])
        s += 2;
    {
#pragma reduce data in(b[0:n])
        double t = b[0];
        s += t;
    }
    return s;
}
