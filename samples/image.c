/* image.c - exposure and contrast statistics of a generated picture.
 *
 *   ./image [pixels]      (default 2073600, as many as a 1920 x 1080 frame)
 *
 * Draws an RGB picture of about the requested number of pixels in 4:3
 * (a sky gradient, a sun, striped ground, a dark tower and some noise),
 * then with marked loops: converts it to 8-bit grey (BT.601 weights in
 * fixed point, the grey image written by the loop) while summing the
 * brightness and its square and finding the darkest and brightest
 * values; counts clipped and crushed pixels and finds the first brightest
 * one; measures sharpness and the brightness centroid over the 2-D pixel
 * grid (collapse(2)); and summarises a 48 x 64 thumbnail held in a
 * file-scope array.  A 256-bin histogram is computed on the CPU in an
 * ordinary loop, checked against the marked loops' results, and used to
 * pick an Otsu threshold, which a last marked loop applies.
 *
 * All accumulators are integers, so the output does not depend on the
 * order in which the GPU adds.
 *
 * Build and run:
 *   pragreduce image.c -o image.cu && nvcc -O3 -arch=sm_90 image.cu -o image
 *   ./image 2000000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define TH 48 /* thumbnail rows */
#define TW 64 /* thumbnail columns */
#define CLIP 250 /* grey levels at or above this count as clipped */
#define EDGE 24  /* a gradient above this is an edge */

typedef struct {
    unsigned char r, g, b;
} rgb_t;

static unsigned char thumb[TH][TW];

static unsigned char clamp255(int v)
{
    return (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* Integer noise in -16 .. 15 from the pixel position (CPU only). */
static int noise(int x, int y)
{
    unsigned h = (unsigned)x * 374761393U + (unsigned)y * 668265263U;
    h = (h ^ (h >> 13)) * 1274126177U;
    return (int)((h ^ (h >> 16)) & 31) - 16;
}

static void draw(rgb_t *img, int w, int h)
{
    int sun_x = w * 3 / 4, sun_y = h / 4, sun_r = (w < h ? w : h) / 6 + 1;
    int horizon = h * 3 / 5;
    int tower_x0 = w / 10, tower_x1 = w / 4, tower_top = h / 3;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            rgb_t *p = &img[(long)y * w + x];
            int n = noise(x, y);
            if (y < horizon) { /* sky: darker blue towards the top */
                int t = horizon > 0 ? 255 * y / horizon : 0;
                p->r = clamp255(40 + t / 2 + n);
                p->g = clamp255(90 + t / 3 + n);
                p->b = clamp255(170 + t / 4 + n);
            } else { /* ground: green stripes */
                int stripe = ((x + 2 * y) / 12) % 2;
                p->r = clamp255(30 + 20 * stripe + n);
                p->g = clamp255(90 + 50 * stripe + n);
                p->b = clamp255(25 + n);
            }
            if (x >= tower_x0 && x < tower_x1 && y >= tower_top) { /* in shadow */
                p->r = clamp255(4 + n / 4);
                p->g = clamp255(4 + n / 4);
                p->b = clamp255(6 + n / 4);
            }
            long dx = x - sun_x, dy = y - sun_y;
            if (dx * dx + dy * dy <= (long)sun_r * sun_r) { /* the sun, clipped */
                p->r = 255;
                p->g = clamp255(245 + n);
                p->b = clamp255(200 + n);
            }
        }
    }
}

/* BT.601 luma in 8.8 fixed point, rounded. */
static int luma(int r, int g, int b)
{
    return (77 * r + 150 * g + 29 * b + 128) >> 8;
}

static int iabs(int v)
{
    return v < 0 ? -v : v;
}

int main(int argc, char **argv)
{
    long pixels = argc > 1 ? strtol(argv[1], NULL, 10) : 1920L * 1080L;
    if (pixels < 0) {
        fprintf(stderr, "usage: %s [pixels >= 0]\n", argv[0]);
        return 1;
    }
    int w = (int)sqrt((double)pixels * 4.0 / 3.0);
    if (w < 1)
        w = pixels > 0 ? 1 : 0;
    if (w > pixels)
        w = (int)pixels;
    int h = w > 0 ? (int)(pixels / w) : 0;
    long npix = (long)w * h;

    rgb_t *rgb = malloc((size_t)(npix > 0 ? npix : 1) * sizeof *rgb);
    unsigned char *grey = malloc((size_t)(npix > 0 ? npix : 1));
    if (rgb == NULL || grey == NULL) {
        fprintf(stderr, "cannot allocate a %d x %d image\n", w, h);
        free(rgb);
        free(grey);
        return 1;
    }
    draw(rgb, w, h);
    printf("image %d x %d (%ld pixels)\n", w, h, npix);
    if (npix == 0) {
        printf("empty image: nothing to measure\n");
        free(rgb);
        free(grey);
        return 0;
    }

    /* Grey conversion, brightness sum and sum of squares, darkest and
     * brightest value, in one pass that also writes grey[i]. */
    long sum = 0;
    long long sumsq = 0;
    int lo = 255, hi = 0;
#pragma reduce(+: sum, sumsq) reduce(min: lo) reduce(max: hi)
    for (long i = 0; i < npix; i++) {
        int y = luma(rgb[i].r, rgb[i].g, rgb[i].b);
        grey[i] = (unsigned char)y;
        sum += y;
        sumsq += (long long)y * y;
        if (y < lo)
            lo = y;
        if (y > hi)
            hi = y;
    }
    double mean = (double)sum / (double)npix;
    double var = (double)sumsq / (double)npix - mean * mean;
    double rms_contrast = sqrt(var > 0.0 ? var : 0.0) / 255.0;

    /* Clipped highlights, crushed shadows, and the first brightest pixel. */
    long clipped = 0, crushed = 0;
    int peak = -1;
    long peak_at = -1;
#pragma reduce(+: clipped, crushed) reduce(maxloc: peak, peak_at)
    for (long i = 0; i < npix; i++) {
        int v = grey[i];
        clipped += v >= CLIP;
        crushed += v <= 5;
        if (v > peak) {
            peak = v;
            peak_at = i;
        }
    }

    /* Sharpness: the sum of |horizontal| + |vertical| differences over the
     * pixel grid, and how many pixels sit on an edge. */
    long gradient = 0, edges = 0;
#pragma reduce(+: gradient, edges) collapse(2)
    for (int y = 0; y < h - 1; y++) {
        for (int x = 0; x < w - 1; x++) {
            int p = grey[(long)y * w + x];
            int g = iabs(grey[(long)y * w + x + 1] - p) + iabs(grey[(long)(y + 1) * w + x] - p);
            gradient += g;
            if (g > EDGE)
                edges++;
        }
    }

    /* The brightness centroid: where the light is. */
    long long mass_x = 0, mass_y = 0;
#pragma reduce(+: mass_x, mass_y) collapse(2)
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            long long v = grey[(long)y * w + x];
            mass_x += v * x;
            mass_y += v * y;
        }

    /* A thumbnail by nearest-neighbour sampling (CPU), then its mean and
     * its darkest cell. */
    for (int r = 0; r < TH; r++)
        for (int c = 0; c < TW; c++)
            thumb[r][c] = grey[(long)(r * h / TH) * w + c * w / TW];
    long thumb_sum = 0;
    int dark = 256, dark_at = -1;
#pragma reduce(+: thumb_sum) reduce(minloc: dark, dark_at) collapse(2)
    for (int r = 0; r < TH; r++)
        for (int c = 0; c < TW; c++) {
            thumb_sum += thumb[r][c];
            if (thumb[r][c] < dark) {
                dark = thumb[r][c];
                dark_at = r * TW + c;
            }
        }

    /* The histogram, on the CPU, and what it says about the same image. */
    long hist[256] = {0};
    for (long i = 0; i < npix; i++)
        hist[grey[i]]++;
    long h_sum = 0, h_clipped = 0, h_median = -1, seen = 0;
    int h_lo = -1, h_hi = -1;
    for (int v = 0; v < 256; v++) {
        if (hist[v] == 0)
            continue;
        if (h_lo < 0)
            h_lo = v;
        h_hi = v;
        h_sum += hist[v] * v;
        if (v >= CLIP)
            h_clipped += hist[v];
        seen += hist[v];
        if (h_median < 0 && 2 * seen >= npix)
            h_median = v;
    }
    int agree = h_sum == sum && h_lo == lo && h_hi == hi && h_clipped == clipped &&
                h_hi == peak;

    /* Otsu's threshold: the split that maximises the between-class variance. */
    int otsu = 0;
    double best = -1.0;
    long w0 = 0, s0 = 0;
    for (int t = 0; t < 255; t++) {
        w0 += hist[t];
        s0 += hist[t] * t;
        long w1 = npix - w0, s1 = sum - s0;
        if (w0 == 0 || w1 == 0)
            continue;
        double m0 = (double)s0 / (double)w0, m1 = (double)s1 / (double)w1;
        double between = (double)w0 * (double)w1 * (m0 - m1) * (m0 - m1);
        if (between > best) {
            best = between;
            otsu = t;
        }
    }

    /* Foreground (above the threshold) and background, in one pass. */
    long fg = 0, fg_sum = 0, bg_sum = 0;
#pragma reduce(+: fg, fg_sum, bg_sum)
    for (long i = 0; i < npix; i++) {
        if (grey[i] > otsu) {
            fg++;
            fg_sum += grey[i];
        } else {
            bg_sum += grey[i];
        }
    }

    printf("\n%-24s %12s\n", "measure", "value");
    printf("%-24s %12.4f\n", "mean brightness", mean);
    printf("%-24s %12.4f\n", "rms contrast", rms_contrast);
    printf("%-24s %12d\n", "darkest", lo);
    printf("%-24s %12d  first at (%ld, %ld)\n", "brightest", hi, peak_at % w, peak_at / w);
    printf("%-24s %12ld\n", "median (histogram)", h_median);
    printf("%-24s %12ld  (%.3f%%)\n", "clipped (>= 250)", clipped,
           100.0 * (double)clipped / (double)npix);
    printf("%-24s %12ld  (%.3f%%)\n", "crushed (<= 5)", crushed,
           100.0 * (double)crushed / (double)npix);
    if (w > 1 && h > 1)
        printf("%-24s %12.4f  (%ld edge pixels)\n", "mean gradient",
               (double)gradient / ((double)(w - 1) * (double)(h - 1)), edges);
    else
        printf("%-24s %12s\n", "mean gradient", "n/a");
    if (sum > 0)
        printf("%-24s   (%.3f, %.3f)\n", "light centroid (x, y)", (double)mass_x / (double)sum,
               (double)mass_y / (double)sum);
    else
        printf("%-24s %12s\n", "light centroid (x, y)", "n/a");
    printf("%-24s %12.4f\n", "thumbnail mean", (double)thumb_sum / (TH * TW));
    printf("%-24s %12d  at (%d, %d)\n", "thumbnail darkest", dark, dark_at % TW, dark_at / TW);
    printf("%-24s %12d\n", "Otsu threshold", otsu);
    printf("%-24s %12ld  (mean %.4f)\n", "foreground pixels", fg,
           fg > 0 ? (double)fg_sum / (double)fg : 0.0);
    printf("%-24s %12ld  (mean %.4f)\n", "background pixels", npix - fg,
           npix > fg ? (double)bg_sum / (double)(npix - fg) : 0.0);
    printf("histogram agrees         %12s\n", agree ? "yes" : "NO");

    free(rgb);
    free(grey);
    return 0;
}
