/* C's <math.h> calls convert their arguments to the prototype's types:
 * sqrt of a float is the double sqrt, abs of a double or a long converts
 * to int, fabs of an int is a double, pow(float, int) is pow(double,
 * double), nextafter and fma of floats are the double ones. C++ overloads
 * would pick other functions; the output keeps C's meaning in host code,
 * in a marked loop's body and in a helper. The sums are of values rounded
 * to small integers, so they are exact. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Calls a macro's body spells whole (NPB's `#define A pow(5.0,13)`): the
 * arguments are the same tokens at every use, so the cast goes into the
 * body, once for all its uses. The parameter of ROOT2 is not cast. */
#define THIRD_ROOT sqrt(1.0f / 3.0f)
#define ROOT2(x) ((x) * sqrt(2.0f))

/* 1e9 times the part float precision loses: 0 with the float overload */
static double lost(float f)
{
    return floor((sqrt(f) - sqrtf(f)) * 1e9 + 0.5);
}

static double mixed(float f, long big, double d)
{
    /* only functions IEEE rounds exactly (the GPU's exp or pow are not
     * glibc's): nextafter of a float steps one float in C++ and one double
     * in C; fma of floats rounds to float in C++ */
    return (double)abs(d) + (double)abs(big) + fabs((int)f) + floor(fma(f, f, 0.1f) * 1e6) +
           floor((nextafter(f, 1e3f) - f) * 1e12) + fmax(f, 1) + lost(f);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float two = 2.0f, third = 1.0f / 3.0f;
    /* host code */
    printf("sqrt(2.0f): %.17g\n", sqrt(two));
    printf("log(1/3.f): %.17g\n", log(third));
    printf("pow(2.0f, 0.5f): %.17g\n", pow(two, 0.5f));
    printf("abs(-2.75): %d, abs(5000000000L): %d\n", abs(-2.75), abs(5000000000L));
    printf("fabs(-3) / 2: %.17g\n", fabs(-3) / 2);
    printf("lost(2): %.17g\n", lost(two));
    printf("macros: %.17g %.17g %.17g\n", THIRD_ROOT, THIRD_ROOT * 2, ROOT2(third));

    float *f = malloc((n > 0 ? n : 1) * sizeof *f);
    if (!f)
        return 1;
    for (long i = 0; i < n; i++)
        f[i] = (float)(i % 97) + 2.0f;

    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += floor((sqrt(f[i]) - sqrtf(f[i])) * 1e9 + 0.5);
    printf("loop sqrt: %.17g\n", s);

    double r = 0;
#pragma reduce(+: r)
    for (long i = 0; i < n; i++)
        r += floor((THIRD_ROOT - sqrtf(1.0f / 3.0f)) * 1e9 + 0.5) + floor(ROOT2(f[i]) * 1e6);
    printf("loop macro sqrt: %.17g\n", r);

    double h = 0;
#pragma reduce(+: h)
    for (long i = 0; i < n; i++)
        h += mixed(f[i], 5000000000L + i, -f[i] - 0.5);
    printf("loop helper: %.17g\n", h);

    long a = 0;
#pragma reduce(+: a)
    for (long i = 0; i < n; i++)
        a += abs(f[i] * -1.5f) + labs(i - 500);
    printf("loop abs: %ld\n", a);
    free(f);
    return 0;
}
