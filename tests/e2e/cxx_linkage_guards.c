/* The file's own C++ linkage guards, as headers and some .c files write
 * them: `extern "C" {` under #ifdef __cplusplus around functions with
 * marked loops, a second guard spelled with #if defined, and system
 * headers included inside a guard. nvcc compiles the output as C++, where
 * the guards are active: the generated templates must not take their C
 * linkage, and the functions must keep it. */
#include <stdio.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

#include <math.h>
#include <time.h>

double guarded_norm(const double *a, long n)
{
    double s = 0;
    long i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += a[i] * a[i];
    return sqrt(s);
}

#ifdef __cplusplus
}
#endif

#if defined(__cplusplus)
extern "C" {
#endif
static long guarded_count(const double *a, long n, double above);
#if defined(__cplusplus)
} /* extern "C" */
#endif

#ifdef __cplusplus
extern "C"
{
#endif
static long guarded_count(const double *a, long n, double above)
{
    long c = 0, i;
#pragma reduce(+: c)
    for (i = 0; i < n; i++)
        c += a[i] > above;
    return c;
}

void guarded_scale(double *a, long n, double f)
{
    long i;
#pragma reduce parallel
    for (i = 0; i < n; i++)
        a[i] *= f;
}
#ifdef __cplusplus
}
#endif

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000, i;
    double *a = malloc((size_t)(n + 1) * sizeof *a);
    for (i = 0; i < n; i++)
        a[i] = (double)((i * 29) % 13) - 6.0;
    guarded_scale(a, n, 0.5);
    printf("norm %.17g count %ld clock %d\n", guarded_norm(a, n), guarded_count(a, n, 1.0),
           clock() >= 0);
    free(a);
    return 0;
}
