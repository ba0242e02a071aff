/* Reductions at two levels (issue 16): an independent outer loop around
 * marked loops that also accumulates across its iterations, unmarked,
 * into integers (`delta += changed`, `rows++`, a longest run, flags, a
 * checksum by xor), runs as one launch with both levels. k-means
 * assignment (minloc over centres, a thread per point), row statistics
 * (a warp or block per row), an integer accumulator updated inside the
 * marked loop and across rows, C89 declarations at the top. A
 * floating-point sum across rows keeps its order (the loop stays on the
 * host, its marked loop launching per row), as does an accumulator that
 * is also read. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

static int assign(const float *feat, const float *centres, int *membership, long n, int k, int d)
{
    int delta = 0;
    for (long i = 0; i < n; i++) {
        float best = FLT_MAX;
        int idx = 0;
#pragma reduce(minloc: best, idx)
        for (int c = 0; c < k; c++) {
            float dist = 0;
            for (int j = 0; j < d; j++) {
                float t = feat[i * d + j] - centres[c * d + j];
                dist += t * t;
            }
            if (dist < best) {
                best = dist;
                idx = c;
            }
        }
        if (membership[i] != idx)
            delta += 1;
        membership[i] = idx;
    }
    return delta;
}

static void row_stats(const int *a, long rows, long cols, long *sums, long *out)
{
    long big_rows = 0, longest = -1, nonzero = 0;
    unsigned check = 7;
    int any_negative = 0;
    long i;
    for (i = 0; i < rows; i++) {
        long s = 0;
        long j;
#pragma reduce(+: s)
        for (j = 0; j < cols; j++)
            s += a[i * cols + j];
        sums[i] = s;
        if (s > 100)
            big_rows++;
        if (s > longest)
            longest = s;
        nonzero = nonzero + (s != 0);
        check ^= (unsigned)s * 2654435761u;
        any_negative = any_negative || s < 0;
    }
    out[0] = big_rows;
    out[1] = longest;
    out[2] = nonzero;
    out[3] = (long)check;
    out[4] = any_negative;
}

/* t accumulates inside the marked loop and across rows */
static long across(const int *a, long rows, long cols)
{
    long t = 5;
    for (long i = 0; i < rows; i++) {
#pragma reduce(+: t)
        for (long j = 0; j < cols; j++)
            t += a[i * cols + j] % 3;
    }
    return t;
}

/* a floating-point sum across rows keeps its order */
static double float_total(const int *a, long rows, long cols)
{
    double total = 0.5;
    for (long i = 0; i < rows; i++) {
        double s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += a[i * cols + j] * 0.25;
        total += s;
    }
    return total;
}

/* the accumulator is read inside: not a reduction across rows */
static long read_inside(const int *a, long rows, long cols, long *y)
{
    long count = 0;
    for (long i = 0; i < rows; i++) {
        long s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += a[i * cols + j];
        y[i] = s + count;
        count += s > 0;
    }
    return count;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int k = 5, d = 3;
    float *feat = malloc((size_t)(n * d + 1) * sizeof *feat);
    float centres[15];
    int *membership = malloc((size_t)(n + 1) * sizeof *membership);
    for (long i = 0; i < n * d; i++)
        feat[i] = (float)((i * 37) % 101) / 8.0f;
    for (int c = 0; c < k * d; c++)
        centres[c] = (float)((c * 53) % 101) / 8.0f;
    for (long i = 0; i < n; i++)
        membership[i] = (int)(i % 3);
    int delta = assign(feat, centres, membership, n, k, d);
    long msum = 0;
    for (long i = 0; i < n; i++)
        msum += membership[i] * (i % 7 + 1);
    printf("kmeans: delta %d, memberships %ld\n", delta, msum);
    delta = assign(feat, centres, membership, n, k, d);
    printf("kmeans again: delta %d\n", delta);

    long cols = 37, rows = n / 8;
    int *a = malloc((size_t)(rows * cols + 1) * sizeof *a);
    for (long i = 0; i < rows * cols; i++)
        a[i] = (int)((i * 7919) % 23) - 9;
    long *sums = malloc((size_t)(rows + 1) * sizeof *sums);
    long out[5];
    row_stats(a, rows, cols, sums, out);
    printf("rows: big %ld, longest %ld, nonzero %ld, check %ld, negative %ld\n", out[0], out[1],
           out[2], out[3], out[4]);
    printf("across: %ld\n", across(a, rows, cols));
    printf("float total: %.2f\n", float_total(a, rows, cols));
    printf("read inside: %ld %ld\n", read_inside(a, rows, cols, sums), rows ? sums[rows - 1] : 0);
    free(feat);
    free(membership);
    free(a);
    free(sums);
    return 0;
}
