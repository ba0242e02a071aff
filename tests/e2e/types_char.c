/* Narrow signed reduction variables whose sums stay in range: char,
 * signed char, short; and a char array as data. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    signed char *d = malloc((n > 0 ? n : 1) * sizeof *d);
    if (!d)
        return 1;
    /* mostly zeros, with at most 36 ones and 21 minus-ones for n <= 10^6+3,
     * so every partial sum, in any order, stays within -21..36 */
    for (long i = 0; i < n; i++)
        d[i] = (signed char)((i % 50000 == 17) - (i % 50000 == 2029) + (i % 70001 == 40000));

    char c = 5;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        c += d[i];
    printf("char: %d\n", (int)c);

    signed char sc = -3;
#pragma reduce(+: sc)
    for (long i = 0; i < n; i++)
        sc = sc + (signed char)(d[i] * 2);
    printf("signed char: %d\n", (int)sc);

    short sh = 0;
#pragma reduce(+: sh)
    for (long i = 0; i < n; i++)
        sh += (short)(d[i] * 500);
    printf("short: %d\n", (int)sh);

    signed char mx = -128;
#pragma reduce(max: mx)
    for (long i = 0; i < n; i++)
        if (d[i] > mx)
            mx = d[i];
    printf("signed char max: %d\n", (int)mx);

    short mn = 32767;
#pragma reduce(min: mn)
    for (long i = 0; i < n; i++)
        mn = (short)(d[i] * 77) < mn ? (short)(d[i] * 77) : mn;
    printf("short min: %d\n", (int)mn);

    free(d);
    return 0;
}
