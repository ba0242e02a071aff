/* expect-error-at: 10:17: pi; 21:19: pt; 34:21: pw */
/* The loop's induction variable and its private variables are the
 * iteration's own: a pointer to the caller's would read a stale value. */
long by_index(const long *x, long n)
{
    long s = 0, i;
    long *pi = &i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += x[*pi];
    return s;
}

double private_scalar(const double *x, long n)
{
    double s = 0.0, t = 0.0;
    const double *pt = &t;
#pragma reduce(+: s) private(t)
    for (long i = 0; i < n; i++) {
        t = x[i];
        s += t * *pt;
    }
    return s;
}

double private_array(const double *x, long n)
{
    double s = 0.0, w[2];
    const double *pw = w;
#pragma reduce(+: s) private(w)
    for (long i = 0; i < n; i++) {
        w[0] = x[i];
        w[1] = 2.0;
        s += w[0] * pw[1];
    }
    return s;
}
