/* Reduction variables whose initial value is not the operator's
 * identity: the initial value must be combined exactly once. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (int)((i * 11) % 17) - 8;

    double s = 100.5;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * 0.25;
    printf("100.5 + sum: %.2f\n", s);

    int m = 7; /* wins while n <= 10 or so */
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        if (a[i] > m)
            m = a[i];
    printf("max from 7: %d\n", m);

    int lo = -3;
#pragma reduce(min: lo)
    for (long i = 0; i < n; i++)
        lo = a[i] < lo ? a[i] : lo;
    printf("min from -3: %d\n", lo);

    long p = -3;
#pragma reduce(*: p)
    for (long i = 0; i < n; i++)
        p *= (a[i] == 8 && i < 200) ? 2 : 1;
    printf("-3 * 2^k: %ld\n", p);

    unsigned bits = 0x80000000u;
#pragma reduce(|: bits)
    for (long i = 0; i < n; i++)
        bits |= 1u << (a[i] + 8);
    printf("or from 0x80000000: %08x\n", bits);

    unsigned mask = 0xf0f0u;
#pragma reduce(&: mask)
    for (long i = 0; i < n; i++)
        mask &= ~(1u << (a[i] + 8));
    printf("and from 0xf0f0: %04x\n", mask);

    int ok = 0;
#pragma reduce(&&: ok)
    for (long i = 0; i < n; i++)
        ok = ok && a[i] > -100;
    printf("0 && ...: %d\n", ok);

    free(a);
    return 0;
}
