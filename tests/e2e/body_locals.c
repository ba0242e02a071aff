/* Bodies with their own locals, if/else, ternaries, continue and casts. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((n > 0 ? n : 1) * sizeof *a);
    int *k = malloc((n > 0 ? n : 1) * sizeof *k);
    if (!a || !k)
        return 1;
    for (long i = 0; i < n; i++) {
        a[i] = (double)((i * 7) % 13) - 6.0;
        k[i] = (int)(i % 4);
    }

    double ss = 0;
#pragma reduce(+: ss)
    for (long i = 0; i < n; i++) {
        double t = a[i] * a[i];
        double u = t - 1.0;
        ss += u > 0 ? u : 0;
    }
    printf("sum max(a^2 - 1, 0): %.1f\n", ss);

    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++) {
        if (k[i] == 0)
            continue;
        int q = (int)a[i];
        if (q < 0) {
            c += -q;
        } else if (q > 0) {
            c += q * k[i];
        } else {
            c += 100;
        }
    }
    printf("mixed with continue: %ld\n", c);

    int m = -1;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++) {
        int v = (int)(a[i] * 2.0) + k[i];
        unsigned char byte = (unsigned char)v;
        if ((int)byte > m)
            m = (int)byte;
    }
    printf("max of (unsigned char)(2a + k): %d\n", m);

    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        double x = a[i];
        if (x < 0)
            continue;
        if (k[i] == 0)
            s += x;
        else if (k[i] == 1)
            s += 2 * x;
        else
            s += 0.5;
    }
    printf("if/else-if chain: %.1f\n", s);

    free(a);
    free(k);
    return 0;
}
