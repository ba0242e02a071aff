/* The driver: allocates through the suite (bench_alloc, built by gcc),
 * runs the kernels, prints through the suite. */
#include <stdio.h>
#include <bench.h>

void kernel_gemv(long n, const double *A, const double *x, double *y);
double kernel_dot(long n, const double *x, const double *y);

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000, i;
    double *A = BENCH_ALLOC(n * 8, double), *x = BENCH_ALLOC(8, double);
    double *y = BENCH_ALLOC(n, double), total = 0;
    for (i = 0; i < n * 8; i++)
        A[i] = (double)((i * 37) % 11) - 5.0;
    for (i = 0; i < 8; i++)
        x[i] = 0.25 * (double)i;
    bench_timer_start();
    kernel_gemv(n, A, x, y);
#pragma reduce(+: total)
    for (i = 0; i < n; i++)
        total += y[i];
    bench_print("total", total);
    bench_print("dot", kernel_dot(n, y, y));
    bench_print("checksum", bench_checksum(y, n));
    printf("allocations %d seed %d rounds %d width %d clamp %.17g timer %g\n", bench_allocations,
           bench_seed(4), bench_rounds, bench_name_width("total", 2), bench_clamp(total, 0.0, 1e6),
           bench_timer_stop());
    return 0;
}
