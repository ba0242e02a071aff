/* expect-error-at: 12:9: this update of 'm' keeps m only when its test holds; 24:9: this update of 'm' uses fmax/fmin; 36:9: this update of 'm' uses fmax/fmin */
#include <math.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))

double mixed(const double *a, const double *b, int n)
{
    double m = -INFINITY;
#pragma reduce(max: m)
    for (int i = 0; i < n; i++) {
        if (a[i] > m)
            m = a[i];
        m = MAX(m, b[i]);
    }
    return m;
}

/* fmax rounds an integer through double: not mixed with a ternary either */
long long mixed_int(const long long *a, int n)
{
    long long m = 0;
#pragma reduce(max: m)
    for (int i = 0; i < n; i++) {
        m = a[i] > m ? a[i] : m;
        m = fmax(m, a[i] / 2);
    }
    return m;
}

/* float and double fmax differ in rounding */
float mixed_f(const float *a, int n)
{
    float m = 0;
#pragma reduce(max: m)
    for (int i = 0; i < n; i++) {
        m = fmaxf(m, a[i]);
        m = fmax(m, a[i] * 2.0);
    }
    return m;
}
