/*
 * Array sections, the pragreduce side of bench/run-sections.sh:
 *
 *   hist    h[x[i]]++ over n int samples in [0, bins)   (against CUB DeviceHistogram::HistogramEven)
 *   colsum  y[j] += A[i][j] over a row-major float matrix of rows x cols
 *           (against CUB DeviceSegmentedReduce::Sum over the same matrix stored
 *           column by column, the layout a segmented reduction needs)
 *
 *   ./section_bench hist N BINS | colsum ROWS COLS
 *
 * With PRAGREDUCE_BENCH=20 the runtime prints each launch's median time with
 * the data on the device (fill, kernel and fold included). Prints a checksum
 * that section_cub prints too for the same shape.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hist(const int *x, long n, unsigned *h, int bins)
{
#pragma reduce(+: h[0:bins])
    for (long i = 0; i < n; i++)
        h[x[i]]++;
}

static void colsum(const float *A, long rows, int cols, float *y)
{
#pragma reduce(+: y[0:cols])
    for (long i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            y[j] += A[i * cols + j];
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: section_bench hist N BINS | colsum ROWS COLS\n");
        return 2;
    }
    if (strcmp(argv[1], "hist") == 0) {
        long n = atol(argv[2]);
        int bins = atoi(argv[3]);
        int *x = malloc((size_t)n * sizeof *x);
        unsigned *h = calloc((size_t)bins, sizeof *h);
        for (long i = 0; i < n; i++)
            x[i] = (int)(((unsigned long long)i * 2654435761ULL >> 7) % (unsigned)bins);
        hist(x, n, h, bins);
        unsigned long long check = 0;
        for (int b = 0; b < bins; b++)
            check += (unsigned long long)h[b] * (unsigned)(b % 7 + 1);
        printf("sectionbench: op=hist n=%ld bins=%d check=%llu\n", n, bins, check);
    } else {
        long rows = atol(argv[2]);
        int cols = atoi(argv[3]);
        float *A = malloc((size_t)(rows * cols) * sizeof *A);
        float *y = calloc((size_t)cols, sizeof *y);
        for (long k = 0; k < rows * cols; k++)
            A[k] = (float)(k % 5 == 0); /* column sums stay below 2^24: exact in float */
        colsum(A, rows, cols, y);
        double check = 0;
        for (int j = 0; j < cols; j++)
            check += (double)y[j] * (j % 7 + 1);
        printf("sectionbench: op=colsum rows=%ld cols=%d check=%.0f\n", rows, cols, check);
    }
    return 0;
}
