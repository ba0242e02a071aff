/* The smallest whole program: a fill and one marked float sum with its
 * OpenMP line, for what a run pays before and after its loops
 * (bench/run-wall.sh; bench/NOTES.md, 2026-11-28).
 *   startup [n]    (default 1000) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_REALTIME, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double t0 = now();
    float *a = malloc(n * sizeof *a);
    for (long i = 0; i < n; i++) a[i] = (float)(i % 7);
    float s = 0;
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i];
    printf("s = %g\n", s);
    fprintf(stderr, "main_start %.6f main_end %.6f\n", t0, now());
    free(a);
    return 0;
}
