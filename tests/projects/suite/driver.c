/* The C driver (built by gcc): allocates with the shared macro, calls the
 * transpiled kernels and prints their results through common/. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "stats.h"

double norm_l1(const double *x, long n, char class);
double norm_inf(const double *x, long n);
void fill_wave(double *x, long n, int phase);
double dot_threads(const double *x, const double *y, long n);
double range_threads(const double *x, long n);
int threads_used(void);

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000, cols = 8, rows = n / cols, i;
    double *x = BENCH_ALLOC(n, double);
    double *sums = BENCH_ALLOC(cols, double);
    double mean;
    char class = n > 10000 ? 'B' : 'A';
    for (i = 0; i < n; i++)
        x[i] = (double)((i * 37) % 101) / 8.0 - 6.0;
    bench_timer_start();
    mean = stats_mean(x, n);
    bench_print("mean", class, mean);
    /* about a whole mean: every term and partial sum is exact, so a GPU's
     * summation order prints the same digits */
    bench_print("var", class, stats_variance(x, n, (double)(long)mean));
    stats_column_sums(x, rows, cols, sums);
    for (i = 0; i < cols; i++)
        bench_print("colsum", class, sums[i]);
    bench_print("argmax", class, (double)stats_argmax(x, n));
    bench_print("l1", class, norm_l1(x, n, class));
    bench_print("inf", class, norm_inf(x, n));
    {
        double *w = BENCH_ALLOC(n, double);
        int phase;
        for (phase = 0; phase < 3; phase++) {
            fill_wave(w, n, phase);
            bench_print("dot", class, dot_threads(x, w, n));
            bench_print("range", class, range_threads(w, n));
        }
        bench_print("threads", class, (double)threads_used());
        BENCH_FREE(w);
    }
    if (bench_timer_stop() < 0)
        printf("clock went back\n");
    BENCH_FREE(x);
    BENCH_FREE(sums);
    return 0;
}
