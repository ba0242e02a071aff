/* K&R definitions whose parameters C passes promoted (Rodinia backprop's
 * `float squash(x) float x; {`): callers pass a double for a float, an
 * int for a char, short or _Bool, and the function converts it on entry.
 * The output's definition takes the promoted type and declares the
 * parameter under its own name from it, so the values are C's: squash's
 * result keeps float's rounding of its argument (a double parameter left
 * unconverted would not: the sums differ in their last digits), the char
 * and short ones wrap the ints they are passed (_Bool is passed 0 or 1:
 * gcc leaves another int unconverted), and the parameter's own
 * type shows through sizeof and its address. Called from marked loops (the
 * GPU copies take the same entry) and from host code; the values are
 * sums of binary fractions, exact in any order and with any fusing of
 * multiply-adds (a GPU's FMAs); one function has a
 * `()` declaration before it, one a prototype with the promoted type
 * (C's rule), one a GNU prototype with float itself (which then takes a
 * float, as gcc reads it).
 * pragreduce-flags: -std=gnu89 */
#include <stdio.h>
#include <stdlib.h>

static float scaled();
float with_double(double);
float with_float(float);

float squash(x)
float x;
{
    float *p = &x;
    return *p * 0.5f + (float)sizeof x;
}

static float scaled(x, k)
    float x;
    long k;
{
    /* what x's float rounding dropped, magnified: zero, or k % 7 if x were
     * the double passed */
    return (float)(((double)x - (double)(k % 1000 + 1)) * 1073741824.0);
}

float with_double(v)
    float v;
{
    return v * 0.5f;
}

float with_float(v)
    float v;
{
    return v * 0.25f + 1.0f;
}

int wrap(c, s, u, b, h)
    char c;
    short s;
    unsigned short u;
    _Bool b;
    unsigned char h;
{
    return c * 1000000 + s * 10 + u + b + h + (int)(sizeof c + sizeof s + sizeof h);
}

static double edge_of(a, n, scale)
    double *a;
    long n;
    float scale;
{
    double t = 0;
    long i;
#pragma reduce(+: t)
    for (i = 0; i < n; i++)
        t += (double)(long)a[i] * scale; /* (the integer part: exact sums) */
    return t;
}

int main(argc, argv)
    int argc;
    char **argv;
{
    long n = argc > 1 ? atol(argv[1]) : 1000, i;
    double *a = malloc((size_t)(n + 1) * sizeof *a);
    double s = 0, f = 0, g = 0;
    long w = 0;
    for (i = 0; i < n; i++)
        a[i] = (double)(i % 1000 + 1) + (double)(i % 7) * 0x1p-30;
#pragma reduce(+: s, f)
    for (i = 0; i < n; i++) {
        s += squash(a[i]);
        f += scaled(a[i], i);
    }
#pragma reduce(+: g, w)
    for (i = 0; i < n; i++) {
        g += with_double(a[i] + 0.5) + with_float((float)a[i]);
        w += wrap(i * 37 + 100, i * 4099, i * 7919, i % 2, i * 13 + 200);
    }
    printf("squash %.17g scaled %.17g g %.17g w %ld edge %.17g\n", s, f, g, w, edge_of(a, n, 0.5));
    printf("host %.9g %.9g %.9g %.9g %d\n", squash(0.1), scaled(0.3, 3L), with_double(1.0 / 3.0),
           with_float(0.7f), wrap(300, 70000, 70000, 1, 511));
    free(a);
    return 0;
}
