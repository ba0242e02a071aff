/* &, | and ^ reductions on unsigned and signed integers, in the
 * compound form and the v = v OP e / v = e OP v forms. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    unsigned *u = malloc((n > 0 ? n : 1) * sizeof *u);
    int *s = malloc((n > 0 ? n : 1) * sizeof *s);
    if (!u || !s)
        return 1;
    for (long i = 0; i < n; i++) {
        u[i] = (unsigned)i * 2654435761u;
        s[i] = (int)((i * 40503) % 65536) - 32768;
    }

    unsigned and_u = ~0u;
#pragma reduce(&: and_u)
    for (long i = 0; i < n; i++)
        and_u &= u[i] | 0xff00ff00u;
    printf("and unsigned: %08x\n", and_u);

    unsigned or_u = 0;
#pragma reduce(|: or_u)
    for (long i = 0; i < n; i++)
        or_u = or_u | (u[i] & 0x0f0f0f0fu);
    printf("or unsigned: %08x\n", or_u);

    unsigned xor_u = 0x12345678u;
#pragma reduce(^: xor_u)
    for (long i = 0; i < n; i++)
        xor_u ^= u[i];
    printf("xor unsigned: %08x\n", xor_u);

    int and_s = -1;
#pragma reduce(&: and_s)
    for (long i = 0; i < n; i++)
        and_s = s[i] & and_s;
    printf("and signed: %d\n", and_s);

    int or_s = 0;
#pragma reduce(|: or_s)
    for (long i = 0; i < n; i++)
        or_s |= s[i] & 0x7ff0;
    printf("or signed: %d\n", or_s);

    int xor_s = 0;
#pragma reduce(^: xor_s)
    for (long i = 0; i < n; i++)
        xor_s = s[i] ^ xor_s;
    printf("xor signed: %d\n", xor_s);

    unsigned long long parity = 0;
#pragma reduce(^: parity)
    for (long i = 0; i < n; i++)
        parity ^= (unsigned long long)u[i] << (i & 31);
    printf("xor shifted ull: %016llx\n", parity);

    free(u);
    free(s);
    return 0;
}
