/* --explain for marked loops launched from host loops in their callers: a
 * time loop calling a dot product twice, writing one of its arrays in a
 * host loop of its own and another through a helper function's loop (each
 * is copied again at every launch: mark those loops instead), a global
 * array written before a call inside a while loop, and a function whose
 * marked loop is never called from a loop (nothing to say). */
double weights[1024];

static double dot(const double *a, const double *b, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

static void scale(double *v, double k, long n)
{
    for (long i = 0; i < n; i++)
        v[i] *= k;
}

static double weighted(long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += weights[i];
    return s;
}

static double once(const double *a, long n)
{
    double m = a[0];
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    return m;
}

double solve(double *p, double *r, long n, int iters)
{
    double rho = 0;
    for (int it = 0; it < iters; it++) {
        for (long i = 0; i < n; i++)
            p[i] = r[i] + 0.5 * p[i];
        rho = dot(p, r, n);
        scale(r, 0.9, n);
        rho += dot(r, r, n);
    }
    long k = 0;
    while (k < n && k < 1024) {
        weights[k] = (double)k;
        rho += weighted(k + 1);
        k++;
    }
    return rho + once(p, n);
}
