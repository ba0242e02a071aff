/* Induction variables of types unsigned, long, size_t, long long, and
 * unsigned counting down to 0. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    size_t count = (size_t)n;
    float *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (size_t i = 0; i < count; i++)
        a[i] = (float)(i % 5) - 2.0f;

    float s1 = 0;
#pragma reduce(+: s1)
    for (unsigned i = 0; i < (unsigned)count; i++)
        s1 += a[i];
    printf("unsigned iv: %.1f\n", (double)s1);

    float s2 = 0;
#pragma reduce(+: s2)
    for (long i = 0; i < n; i++)
        s2 += a[i] * 0.5f;
    printf("long iv: %.2f\n", (double)s2);

    size_t c = 0;
#pragma reduce(+: c)
    for (size_t i = 0; i < count; i++)
        if (a[i] > 0.0f)
            c++;
    printf("size_t iv: %zu\n", c);

    float m = -100.0f;
#pragma reduce(max: m)
    for (long long i = 0; i < (long long)n; i++)
        if (a[i] + (float)(i % 3) > m)
            m = a[i] + (float)(i % 3);
    printf("long long iv: %g\n", (double)m);

    float s3 = 0;
#pragma reduce(+: s3)
    for (unsigned i = (unsigned)count; i > 0; i--)
        s3 += a[i - 1] * (float)(i % 2);
    printf("unsigned down to 0: %.1f\n", (double)s3);

    free(a);
    return 0;
}
