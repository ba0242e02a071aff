/*
 * Tables of pointers against the same data as one flat array, both through
 * pragreduce in one program (issue 16, item 5):
 *
 *   ./table_bench ROWS COLS REPS
 *
 * sums a float matrix of ROWS x COLS held as a table of row pointers
 * (rows[i] = a + i * COLS, read rows[i][j] with in(rows[0:ROWS][0:COLS]))
 * and as the flat array a[i * COLS + j], REPS times each after a warm-up,
 * and prints the median wall time of a call, host work included. The matrix
 * and the table of row pointers stay on the GPU, held by a data region, so
 * neither side copies them: `table` reuses the device table of addresses
 * built by the first call; `rebuilt` writes one row pointer on the host
 * before each call, so the table is built again (the rows are not copied).
 * Checksums must agree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static float table_sum(float **rows, long n, int d)
{
    float s = 0.0f;
#pragma reduce(+: s) in(rows[0:n][0:d])
    for (long i = 0; i < n; i++)
        for (int j = 0; j < d; j++)
            s += rows[i][j];
    return s;
}

static float flat_sum(const float *a, long n, int d)
{
    float s = 0.0f;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        for (int j = 0; j < d; j++)
            s += a[i * d + j];
    return s;
}

static int cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static double median(double *t, int reps)
{
    qsort(t, (size_t)reps, sizeof *t, cmp);
    return t[reps / 2];
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: table_bench ROWS COLS REPS\n");
        return 2;
    }
    long n = atol(argv[1]);
    int d = atoi(argv[2]), reps = atoi(argv[3]);
    float *a = malloc((size_t)n * d * sizeof *a);
    float **rows = malloc((size_t)n * sizeof *rows);
    double *t = malloc((size_t)reps * sizeof *t);
    for (long k = 0; k < n * d; k++)
        a[k] = (float)(k % 3);
    for (long i = 0; i < n; i++)
        rows[i] = a + i * d;
    float st = 0, sf = 0, sr = 0;
    double table_us, rebuilt_us, flat_us;
#pragma reduce data in(a[0:n * d], rows[0:n])
    {
        for (int w = 0; w < 2; w++)
            st = table_sum(rows, n, d);
        for (int r = 0; r < reps; r++) {
            double t0 = now_us();
            st = table_sum(rows, n, d);
            t[r] = now_us() - t0;
        }
        table_us = median(t, reps);
        for (int r = 0; r < reps; r++) {
            double t0 = now_us();
            rows[r % n] = a + (r % n) * d; /* a host write to the table: built again */
#pragma reduce update in(rows[r % n:1])
            sr = table_sum(rows, n, d);
            t[r] = now_us() - t0;
        }
        rebuilt_us = median(t, reps);
        for (int w = 0; w < 2; w++)
            sf = flat_sum(a, n, d);
        for (int r = 0; r < reps; r++) {
            double t0 = now_us();
            sf = flat_sum(a, n, d);
            t[r] = now_us() - t0;
        }
        flat_us = median(t, reps);
    }
    printf("tablebench: rows=%ld cols=%d table_us=%.1f rebuilt_us=%.1f flat_us=%.1f table/flat=%.2f "
           "rebuilt/flat=%.2f check=%.0f/%.0f/%.0f\n",
           n, d, table_us, rebuilt_us, flat_us, table_us / flat_us, rebuilt_us / flat_us, (double)st, (double)sr,
           (double)sf);
    return 0;
}
