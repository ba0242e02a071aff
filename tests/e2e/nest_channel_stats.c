/* Interleaved RGB(A) image of unsigned char: per-channel sum/min/max
 * (outer loop over channels, unsigned index), per-pixel luminance per row
 * (outer loop over rows writing lum[r]), per-row count of saturated pixels. */
#include <stdio.h>
#include <stdlib.h>

#define CH 4

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    unsigned width = 37, height = (unsigned)(n / 37 + (n % 7));
    if (height > 3000)
        height = 3000;
    size_t npix = (size_t)width * height;
    unsigned char *px = malloc(npix * CH + 1);
    unsigned long *chsum = malloc(CH * sizeof *chsum);
    unsigned char chmin[CH], chmax[CH];
    long *lum = malloc((height + 1) * sizeof *lum);
    int *sat = malloc((height + 1) * sizeof *sat);
    if (!px || !chsum || !lum || !sat)
        return 1;
    for (size_t k = 0; k < npix * CH; k++)
        px[k] = (unsigned char)((k * 2654435761u + (size_t)n) >> 13);
    for (unsigned ch = 0; ch < CH; ch++) {
        unsigned long s = 0;
        unsigned char lo = 255, hi = 0;
#pragma reduce(+: s) reduce(min: lo) reduce(max: hi)
        for (size_t p = 0; p < npix; p++) {
            unsigned char v = px[p * CH + ch];
            s += v;
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
        chsum[ch] = s;
        chmin[ch] = lo;
        chmax[ch] = hi;
    }
    for (unsigned r = 0; r < height; r++) {
        long l = 0;
        int cnt = 0;
#pragma reduce(+: l, cnt) in(px[0:npix * CH])
        for (unsigned c = 0; c < width; c++) {
            const unsigned char *q = px + ((size_t)r * width + c) * CH;
            l += 2 * q[0] + 5 * q[1] + q[2];
            if (q[0] == 255 || q[1] == 255 || q[2] == 255)
                cnt++;
        }
        lum[r] = l;
        sat[r] = cnt;
    }
    unsigned long h = 0;
    for (unsigned ch = 0; ch < CH; ch++)
        printf("ch%u: sum %lu min %d max %d\n", ch, chsum[ch], chmin[ch], chmax[ch]);
    for (unsigned r = 0; r < height; r++)
        h = h * 31 + (unsigned long)lum[r] + (unsigned long)sat[r] * 7;
    printf("%u x %u: lum hash %lu\n", width, height, h);
    free(px); free(chsum); free(lum); free(sat);
    return 0;
}
