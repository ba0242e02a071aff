/* Bitwise checksums per block of a 32-bit word stream: XOR, AND, OR per
 * block (size_t outer index), and a per-block sum of rotated words in
 * unsigned arithmetic that wraps. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t rotl(uint32_t x, unsigned k)
{
    k &= 31u;
    return k ? (x << k) | (x >> (32 - k)) : x;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    size_t bs = 64, nb = (size_t)n / bs + 1;
    if (nb > 8000)
        nb = 8000;
    uint32_t *w = malloc((nb * bs + 1) * sizeof *w);
    uint32_t *x = malloc(nb * sizeof *x), *a = malloc(nb * sizeof *a), *o = malloc(nb * sizeof *o);
    unsigned *rs = malloc(nb * sizeof *rs);
    if (!w || !x || !a || !o || !rs)
        return 1;
    uint32_t st = (uint32_t)n * 2654435761u + 1;
    for (size_t k = 0; k < nb * bs; k++) {
        st ^= st << 13;
        st ^= st >> 17;
        st ^= st << 5;
        w[k] = st | (k % 3 == 0 ? 0x80000001u : 0);
    }
    for (size_t b = 0; b < nb; b++) {
        uint32_t vx = 0, va = 0xffffffffu, vo = 0;
        unsigned s = 0;
#pragma reduce(^: vx) reduce(&: va) reduce(|: vo) reduce(+: s) in(w[0:nb * bs])
        for (size_t k = b * bs; k < (b + 1) * bs; k++) {
            vx ^= w[k];
            va &= w[k];
            vo |= w[k] & 0x0f0f0f0fu;
            s += rotl(w[k], (unsigned)(k - b * bs));
        }
        x[b] = vx;
        a[b] = va;
        o[b] = vo;
        rs[b] = s;
    }
    uint32_t h = 0;
    for (size_t b = 0; b < nb; b++)
        h = rotl(h, 5) ^ x[b] ^ (a[b] * 3u) ^ (o[b] + rs[b]);
    printf("%zu blocks: %08x\n", nb, (unsigned)h);
    free(w); free(x); free(a); free(o); free(rs);
    return 0;
}
