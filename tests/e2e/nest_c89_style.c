/* C89 style: declarations at the top of functions, globals for the data,
 * static helpers and MIN/MAX macros; column ranges and clipped row sums. */
#include <stdio.h>
#include <stdlib.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static int g_rows, g_cols;
static long *g_data;
static long *g_lo, *g_hi, *g_clip;

static long clip(long v, long lo, long hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

static void column_ranges(void)
{
    int i, j;
    long lo, hi;
    for (j = 0; j < g_cols; j++) {
        lo = g_data[j];
        hi = g_data[j];
#pragma reduce(min: lo) reduce(max: hi)
        for (i = 0; i < g_rows; i++) {
            lo = MIN(lo, g_data[(long)i * g_cols + j]);
            hi = MAX(hi, g_data[(long)i * g_cols + j]);
        }
        g_lo[j] = lo;
        g_hi[j] = hi;
    }
    printf("after columns: i=%d j=%d lo=%ld hi=%ld\n", i, j, lo, hi);
}

static void clipped_rows(long cut)
{
    int i, j;
    long s;
    s = -7;
    for (i = 0; i < g_rows; i++) {
        s = 0;
#pragma reduce(+: s)
        for (j = 0; j < g_cols; j++)
            s += clip(g_data[(long)i * g_cols + j], -cut, cut);
        g_clip[i] = s;
    }
    printf("after rows: i=%d s=%ld\n", i, s);
}

int main(int argc, char **argv)
{
    long n, k, h;
    int i;
    n = argc > 1 ? atol(argv[1]) : 100;
    g_cols = (int)(n % 29) + 1;
    g_rows = (int)(n / g_cols) + 1;
    if (g_rows > 5000)
        g_rows = 5000;
    g_data = malloc(((size_t)g_rows * g_cols + 1) * sizeof *g_data);
    g_lo = malloc((g_cols + 1) * sizeof *g_lo);
    g_hi = malloc((g_cols + 1) * sizeof *g_hi);
    g_clip = malloc((g_rows + 1) * sizeof *g_clip);
    if (!g_data || !g_lo || !g_hi || !g_clip)
        return 1;
    for (k = 0; k < (long)g_rows * g_cols; k++)
        g_data[k] = (k * 7 + n) % 101 - 50;
    column_ranges();
    clipped_rows(20);
    h = 0;
    for (i = 0; i < g_cols; i++)
        h = h * 3 + g_lo[i] * 2 + g_hi[i];
    for (i = 0; i < g_rows; i++)
        h = (h * 7 + g_clip[i]) % 1000000007L;
    printf("%d x %d: %ld\n", g_rows, g_cols, h);
    return 0;
}
