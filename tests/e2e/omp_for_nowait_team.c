/* pragreduce-flags: -fopenmp */
/* A marked `omp for` right after an `omp for nowait` that writes what it
 * reads, at the same iterations: legal OpenMP with schedule(static) over
 * the same count (each thread reads only the elements it wrote itself),
 * as NPB CG does (`w[j] = 0.0` nowait, then the next loop). One thread of
 * the team runs the marked loop on the GPU and reads every element: it
 * must wait for the whole team first. The first quarter of the writing
 * loop's iterations is slow, so that the thread writing them finishes
 * last. */
#include <stdio.h>
#include <stdlib.h>

static double slow_zero(int j)
{
    double t = 0.0;
    for (int k = 0; k < 20000; k++)
        t += (double)((j + k) % 3) * 1e-300;
    return t > 1.0 ? 1.0 : 0.0;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *x = malloc((n > 0 ? n : 1) * sizeof *x);
    double *y = malloc((n > 0 ? n : 1) * sizeof *y);
    if (!x || !y)
        return 1;
    double s = 0.0, m = 0.0;
    int j;
    for (int step = 0; step < 3; step++) {
#pragma omp parallel default(shared) private(j)
        {
#pragma omp for schedule(static) nowait
            for (j = 0; j < n; j++)
                x[j] = (j < n / 4 ? slow_zero(j) : 0.0) + (double)((j * 7 + step) % 11);
#pragma omp for schedule(static) reduction(+: s)
#pragma reduce(+: s)
            for (j = 0; j < n; j++)
                s += x[j];
#pragma omp for schedule(static) nowait
            for (j = 0; j < n; j++)
                y[j] = (j < n / 4 ? slow_zero(j) : 0.0) + x[j] * 2.0;
#pragma omp for schedule(static)
#pragma reduce parallel
            for (j = 0; j < n; j++)
                x[j] = y[j] + 1.0;
#pragma omp for schedule(static) reduction(max: m)
#pragma reduce(max: m)
            for (j = 0; j < n; j++)
                m = m > x[j] ? m : x[j];
        }
        printf("step %d: sum %.17g, max %.17g\n", step, s, m);
    }
    free(x);
    free(y);
    return 0;
}
