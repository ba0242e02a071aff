/* 1-D filters: a moving-window sum and maximum (x[i + t]) per output point,
 * a centred window with clipping via MIN/MAX bounds and in(), and a
 * per-row 5-tap blur on a fixed-width 2-D float image. */
#include <stdio.h>
#include <stdlib.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define WD 64

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int len = (int)(n < 200000 ? n : 200000), win = 9;
    int *x = malloc((len + win + 1) * sizeof *x);
    long *ws = malloc((len + 1) * sizeof *ws);
    int *wm = malloc((len + 1) * sizeof *wm), *cs = malloc((len + 1) * sizeof *cs);
    if (!x || !ws || !wm || !cs)
        return 1;
    for (int k = 0; k < len + win; k++)
        x[k] = (int)((k * 2654435761u + (unsigned)n) >> 20) % 100;
    for (int i = 0; i < len; i++) {
        long s = 0;
        int m = -1;
#pragma reduce(+: s) reduce(max: m)
        for (int t = 0; t < win; t++) {
            s += x[i + t];
            m = MAX(m, x[i + t]);
        }
        ws[i] = s;
        wm[i] = m;
    }
    for (int i = 0; i < len; i++) {
        int c = 0;
#pragma reduce(+: c) in(x[0:len])
        for (int t = MAX(0, i - 4); t <= MIN(len - 1, i + 4); t++)
            c += x[t] > x[i];
        cs[i] = c;
    }
    int rows = len / WD;
    float (*img)[WD] = malloc(((size_t)rows + 1) * sizeof *img);
    float *rs = malloc((rows + 1) * sizeof *rs);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < WD; c++)
            img[r][c] = (float)x[r * WD + c] * 0.5f;
    for (int r = 0; r < rows; r++) {
        float s = 0;
#pragma reduce(+: s)
        for (int c = 2; c < WD - 2; c++)
            s += img[r][c - 2] + img[r][c - 1] + img[r][c] + img[r][c + 1] + img[r][c + 2];
        rs[r] = s;
    }
    long h = 0;
    double hf = 0;
    for (int i = 0; i < len; i++)
        h = (h * 7 + ws[i] + wm[i] * 3 + cs[i]) % 1000000007L;
    for (int r = 0; r < rows; r++)
        hf += rs[r] * (r % 4 + 1);
    printf("%d: %ld %.6g\n", len, h, hf);
    free(x); free(ws); free(wm); free(cs); free(img); free(rs);
    return 0;
}
