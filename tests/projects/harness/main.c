/* The harness: allocates with the common macro, times each kernel REPEAT
 * times, prints the results (not the times). */
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"
#include "timer.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float *x = ALLOC(float, n);
    for (long i = 0; i < n; i++)
        x[i] = (float)((i * 13) % 17) - 8.0f;
    double t0 = timer_now(), s = 0;
    long c = 0;
    for (int r = 0; r < REPEAT; r++) {
        s = kernel_sum(x, n);
        c = kernel_count_above(x, n, 3.0f);
    }
    double m = kernel_rows_max_total(x, n / 16, 16);
    double elapsed = timer_now() - t0;
    printf("sum %.17g above %ld rows %.17g (timed: %s)\n", s, c, m, elapsed >= 0 ? "yes" : "no");
    free(x);
    return 0;
}
