/* Several reduction variables of different types and operators in one
 * loop, with the data read once; narrow types that wrap like C. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    float *f = malloc((size_t)(n > 0 ? n : 1) * sizeof *f);
    if (!v || !f)
        return 1;
    for (long i = 0; i < n; i++) {
        v[i] = (int)((i * 2654435761u) % 2001) - 1000;
        f[i] = (float)(v[i] % 17) * 0.25f;
    }
    long s = 0;
    double sf = 0.5;
    int mx = -2000, mn = 2000;
    unsigned char bytes = 7;
    uint32_t bits_or = 0, bits_and = 0xffffffffu;
    int all_small = 1, any_zero = 0;
    float fmx = -INFINITY;
#pragma reduce(+: s, sf, bytes) reduce(max: mx, fmx) reduce(min: mn) reduce(|: bits_or) reduce(&: bits_and) reduce(&&: all_small) reduce(||: any_zero)
    for (long i = 0; i < n; i++) {
        s += v[i];
        sf += f[i];
        bytes += (unsigned char)v[i];
        mx = v[i] > mx ? v[i] : mx;
        if (v[i] < mn) mn = v[i];
        fmx = fmaxf(fmx, f[i]);
        bits_or |= (uint32_t)v[i] & 0xff0u;
        bits_and &= (uint32_t)v[i] | 0xfffff00fu;
        all_small = all_small && (v[i] < 1000);
        any_zero = any_zero || (v[i] == 0);
    }
    printf("s=%ld sf=%.2f bytes=%u mx=%d mn=%d fmx=%g or=%x and=%x all=%d any=%d\n", s, sf,
           (unsigned)bytes, mx, mn, fmx, bits_or, bits_and, all_small, any_zero);
    free(v);
    free(f);
    return 0;
}
