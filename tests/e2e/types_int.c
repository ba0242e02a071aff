/* Integer reduction variables of every standard width and signedness:
 * unsigned short, int, unsigned, long, unsigned long, long long,
 * unsigned long long. */
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

    unsigned short us = 0;
#pragma reduce(max: us)
    for (long i = 0; i < n; i++) {
        unsigned short v = (unsigned short)((a[i] + 6) * 1000);
        us = v > us ? v : us;
    }
    printf("unsigned short max: %u\n", (unsigned)us);

    int si = 0;
#pragma reduce(+: si)
    for (long i = 0; i < n; i++)
        si += a[i] * 100;
    printf("int: %d\n", si);

    unsigned ui = 0;
#pragma reduce(+: ui)
    for (long i = 0; i < n; i++)
        ui += (unsigned)a[i];
    printf("unsigned (wraps): %u\n", ui);

    long sl = -5;
#pragma reduce(+: sl)
    for (long i = 0; i < n; i++)
        sl += (long)a[i] * 1000000000L;
    printf("long: %ld\n", sl);

    unsigned long ul = 1;
#pragma reduce(+: ul)
    for (long i = 0; i < n; i++)
        ul += (unsigned long)(a[i] + 6) * 0x0123456789abcdefUL;
    printf("unsigned long (wraps): %lu\n", ul);

    long long ll = 0;
#pragma reduce(min: ll)
    for (long i = 0; i < n; i++)
        if ((long long)a[i] * 3000000000LL < ll)
            ll = (long long)a[i] * 3000000000LL;
    printf("long long min: %lld\n", ll);

    unsigned long long ull = 0;
#pragma reduce(+: ull)
    for (long i = 0; i < n; i++)
        ull -= (unsigned long long)(a[i] + 7);
    printf("unsigned long long (-=, wraps): %llu\n", ull);

    free(a);
    return 0;
}
