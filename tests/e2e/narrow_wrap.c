/* Unsigned narrow reduction variables that wrap: the conversion back to
 * unsigned char / unsigned short reduces modulo 256 / 65536 after every
 * update, which any grouping of the sum reproduces. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    unsigned char *b = malloc((n > 0 ? n : 1) * sizeof *b);
    if (!b)
        return 1;
    for (long i = 0; i < n; i++)
        b[i] = (unsigned char)(i * 131 + 7);

    unsigned char c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        c += b[i];
    printf("unsigned char sum: %u\n", (unsigned)c);

    unsigned short w = 65000;
#pragma reduce(+: w)
    for (long i = 0; i < n; i++)
        w = w + b[i] * 257;
    printf("unsigned short sum: %u\n", (unsigned)w);

    uint8_t d = 3;
#pragma reduce(+: d)
    for (long i = 0; i < n; i++)
        d -= b[i];
    printf("uint8_t -=: %u\n", (unsigned)d);

    unsigned char p = 1;
#pragma reduce(*: p)
    for (long i = 0; i < n; i++)
        p *= (unsigned char)(b[i] | 1);
    printf("unsigned char product: %u\n", (unsigned)p);

    unsigned char x = 0;
#pragma reduce(^: x)
    for (long i = 0; i < n; i++)
        x ^= b[i];
    printf("unsigned char xor: %u\n", (unsigned)x);

    free(b);
    return 0;
}
