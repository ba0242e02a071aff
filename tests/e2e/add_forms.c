/* '+' reductions in every update form: s += e, s = s + e, s = e + s,
 * s -= e, s++, ++s, s-- (the last three under an if). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (int)((i * 7) % 13) - 5;

    long s1 = 0;
#pragma reduce(+: s1)
    for (long i = 0; i < n; i++)
        s1 += a[i];
    printf("s += a[i]: %ld\n", s1);

    long s2 = 0;
#pragma reduce(+: s2)
    for (long i = 0; i < n; i++)
        s2 = s2 + a[i] * 3;
    printf("s = s + 3*a[i]: %ld\n", s2);

    long s3 = 0;
#pragma reduce(+: s3)
    for (long i = 0; i < n; i++)
        s3 = (long)a[i] * a[i] + s3;
    printf("s = a[i]*a[i] + s: %ld\n", s3);

    long s4 = 0;
#pragma reduce(+: s4)
    for (long i = 0; i < n; i++)
        s4 -= a[i] + 1;
    printf("s -= a[i] + 1: %ld\n", s4);

    int pos = 0;
#pragma reduce(+: pos)
    for (long i = 0; i < n; i++)
        if (a[i] > 0)
            pos++;
    printf("count(a > 0) via s++: %d\n", pos);

    int neg = 0;
#pragma reduce(+: neg)
    for (long i = 0; i < n; i++) {
        if (a[i] < 0) {
            ++neg;
        }
    }
    printf("count(a < 0) via ++s: %d\n", neg);

    int zeros = 0;
#pragma reduce(+: zeros)
    for (long i = 0; i < n; i++)
        if (a[i] == 0)
            zeros--;
    printf("-count(a == 0) via s--: %d\n", zeros);

    free(a);
    return 0;
}
