/* expect-error-at: 18:22: ((long double)x[i] / 3); 27:14: x[i] * 0.1L; 36:14: sqrtl(x[i]); 46:14: x[i] * k; 55:29: x[i]; 64:9: t; 7:5: t; 75:36: wide_result(x[i]); 11:51: x */
/* long double anywhere the GPU would compute it: CUDA makes it a double. */
#include <math.h>

static double widen(double x)
{
    long double t = x;
    return (double)(t * t);
}

static long double wide_result(double x) { return x; }

double cast(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += (double)((long double)x[i] / 3);
    return s;
}

double literal(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] * 0.1L;
    return s;
}

double math_function(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += sqrtl(x[i]);
    return s;
}

double captured(const double *x, long n)
{
    double s = 0.0;
    long double k = 3;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] * k;
    return s;
}

double array(const long double *x, long n)
{
    double s = 0.0;
#pragma reduce(max: s)
    for (long i = 0; i < n; i++)
        s = fmax(s, (double)x[i]);
    return s;
}

double local(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        long double t = x[i];
        s += (double)t;
    }
    return s;
}

double helpers(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += widen(x[i]) + (double)wide_result(x[i]);
    return s;
}

/* accepted: sizeof is not evaluated, and the host computes the bound */
double host_side(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < (long)(n * 1.0L); i++)
        s += x[i] * (double)sizeof(long double);
    return s;
}
