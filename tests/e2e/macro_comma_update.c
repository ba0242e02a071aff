/* Accumulators updated through a comma expression, written out or made
 * by a macro (NPB's complex add: `cadd(chk, chk, x[i])` expands to
 * `(chk.real = chk.real + x[i].real, chk.imag = ...)`), with the members
 * of a struct as the reduction variables; and a macro that updates a
 * plain scalar beside another that does not touch it. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double real, imag;
} dcomplex;

#define cadd(c, a, b) (c.real = a.real + b.real, c.imag = a.imag + b.imag)
#define ACCUMULATE(s, v) ((s) += (v))
#define SQ(v) ((v) * (v))
#define KEEP_MAX(arr, v) (arr[1] = arr[1] > (v) ? arr[1] : (v))

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    dcomplex *x = malloc(sizeof(dcomplex) * (size_t)(n > 0 ? n : 1));
    dcomplex chk = {0.5, -0.25}, other = {0, 0};
    double s = 0, t = 0;
    long cnt = 0;
    int i;
    for (i = 0; i < n; i++) {
        x[i].real = (double)(i % 7) - 3;
        x[i].imag = (double)(i % 3) * 0.5;
    }
#pragma reduce(+: chk.real, chk.imag)
    for (i = 0; i < n; i++)
        cadd(chk, chk, x[i]);
    printf("macro %.2f %.2f\n", chk.real, chk.imag);

#pragma reduce(+: other.real, other.imag)
    for (i = 0; i < n; i++)
        (other.real = other.real + x[i].real * 2, other.imag = other.imag + x[i].imag);
    printf("comma %.2f %.2f\n", other.real, other.imag);

#pragma reduce(+: s, cnt)
    for (i = 0; i < n; i++) {
        ACCUMULATE(s, SQ(x[i].real));
        cnt += x[i].imag > 0;
    }
    printf("scalar %.2f %ld\n", s, cnt);

#pragma reduce(+: t)
    for (i = 0; i < n; i++)
        t += x[i].real, t += x[i].imag;
    printf("two %.2f\n", t);

    /* an element of an array, updated by a macro given the array */
    {
        long long best[2] = {-5, -7};
#pragma reduce(max: best[1])
        for (i = 0; i < n; i++)
            KEEP_MAX(best, (long long)(x[i].real * 3 + i % 11));
        printf("max %lld %lld\n", best[0], best[1]);
    }
    free(x);
    return 0;
}
