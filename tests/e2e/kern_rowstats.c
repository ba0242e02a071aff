/* Per-row statistics of a row-major matrix, the segmented-reduction shape
 * of the benchmarks (bench/segmented_bench.c): for every row, its sum, its
 * maximum with the column of the first maximum (maxloc), and an int count
 * of negative entries, each a marked inner loop over the row's columns.
 * Rows of 32 and of ~sqrt(n) elements, int and float (small integers:
 * exact). */
#include <stdio.h>
#include <stdlib.h>

static void row_stats(const int *a, long rows, long cols, long *sum, int *mx, long *at, int *neg)
{
    for (long r = 0; r < rows; r++) {
        long s = 0;
        int m = a[r * cols];
        long idx = 0;
        int cnt = 0;
#pragma reduce(+: s, cnt) reduce(maxloc: m, idx)
        for (long c = 0; c < cols; c++) {
            int v = a[r * cols + c];
            s += v;
            if (v < 0)
                cnt++;
            if (v > m) {
                m = v;
                idx = c;
            }
        }
        sum[r] = s;
        mx[r] = m;
        at[r] = idx;
        neg[r] = cnt;
    }
}

static void row_sums_f(const float *a, int rows, int cols, float *out)
{
    for (int r = 0; r < rows; r++) {
        const float *row = a + (long)r * cols;
        float s = 0.0f;
#pragma reduce(+: s)
        for (int c = 0; c < cols; c++)
            s += row[c];
        out[r] = s;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long widths[2] = {32, 1};
    while (widths[1] * widths[1] < n)
        widths[1]++;
    for (int w = 0; w < 2; w++) {
        long cols = widths[w], rows = n / cols;
        if (rows > 4096) /* keep the number of per-row launches modest */
            rows = 4096;
        size_t cnt = (size_t)(rows * cols) + 1, rc = (size_t)rows + 1;
        int *a = malloc(cnt * sizeof *a);
        float *f = malloc(cnt * sizeof *f);
        long *sum = malloc(rc * sizeof *sum), *at = malloc(rc * sizeof *at);
        int *mx = malloc(rc * sizeof *mx), *neg = malloc(rc * sizeof *neg);
        float *fs = malloc(rc * sizeof *fs);
        if (!a || !f || !sum || !at || !mx || !neg || !fs)
            return 1;
        for (long k = 0; k < rows * cols; k++) {
            a[k] = (int)((k * 37) % 101) - 50;
            f[k] = (float)((k * 11) % 17) * 0.5f;
        }
        if (rows > 0)
            row_stats(a, rows, cols, sum, mx, at, neg);
        row_sums_f(f, (int)rows, (int)cols, fs);
        unsigned long hs = 0;
        long ha = 0, hn = 0, hm = 0;
        double hf = 0;
        for (long r = 0; r < rows; r++) {
            hs = hs * 3 + (unsigned long)sum[r];
            hm += mx[r];
            ha += at[r] * (r % 5 + 1);
            hn += neg[r];
            hf += (double)fs[r] * (r % 3 + 1);
        }
        printf("rows %ld x %ld: sums %lu max %ld at %ld negatives %ld float %.1f\n", rows, cols,
               hs, hm, ha, hn, hf);
        free(a); free(f); free(sum); free(at); free(mx); free(neg); free(fs);
    }
    return 0;
}
