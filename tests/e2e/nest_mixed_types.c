/* Mixed integer types per row: unsigned sums that wrap, short and signed
 * char accumulators that wrap as C converts them, long products modulo,
 * unsigned long long XOR of shifted values; long outer index. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    long cols = n % 90 + 1, rows = n / 30 + 1;
    if (rows > 10000)
        rows = 10000;
    unsigned *u = malloc(((size_t)rows * cols + 1) * sizeof *u);
    unsigned *us = malloc(rows * sizeof *us);
    short *ss = malloc(rows * sizeof *ss);
    signed char *cs = malloc(rows);
    unsigned long long *ux = malloc(rows * sizeof *ux);
    if (!u || !us || !ss || !cs || !ux)
        return 1;
    for (long k = 0; k < rows * cols; k++)
        u[k] = (unsigned)(k * 2246822519u + (unsigned long)n * 3266489917u);
    for (long r = 0; r < rows; r++) {
        unsigned s = 0;
        short t = 0;
        signed char c = 0;
        unsigned long long x = 0;
#pragma reduce(+: s, t, c) reduce(^: x)
        for (long j = 0; j < cols; j++) {
            unsigned v = u[r * cols + j];
            s += v;
            t += (short)(v >> 20);
            c += (signed char)(v & 0xff);
            x ^= (unsigned long long)v << (j % 33);
        }
        us[r] = s;
        ss[r] = t;
        cs[r] = c;
        ux[r] = x;
    }
    unsigned long long h = 0;
    for (long r = 0; r < rows; r++)
        h = h * 1099511628211ULL ^ us[r] ^ ((unsigned long long)(unsigned short)ss[r] << 32) ^
            ((unsigned long long)(unsigned char)cs[r] << 48) ^ ux[r];
    printf("%ld x %ld: %llx\n", rows, cols, h);
    free(u); free(us); free(ss); free(cs); free(ux);
    return 0;
}
