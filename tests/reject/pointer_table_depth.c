/* expect-error-at: 6:46: in(p[...]...) */
/* Tables of pointers are copied at most 4 levels deep. */
double five(double *****p, long n)
{
    double t = 0.0;
#pragma reduce(+: t) in(p[0:n][0:1][0:1][0:1][0:1])
    for (long i = 0; i < n; i++)
        t += p[i][0][0][0][0];
    return t;
}
