/* The file's own linkage blocks in every placement nvcc sees them (they are
 * under #ifdef __cplusplus, inactive for the C compiler and for
 * pragreduce's analysis): one around the includes and the whole file,
 * closed at the end (Rodinia lavaMD's kernel_cpu.c), one around
 * definitions only, `extern "C++" {` blocks nested in them that include
 * a system header, hold a function with a marked loop (the block opened
 * and closed under #ifdef, the code between active) or a template, a prototype of main inside the
 * block and main defined inside it. pragreduce's own text (system headers'
 * C++ blocks, the generated code, main's way out of the C block) must
 * nest in them without closing or reopening them: the template after the
 * system header must keep C++ linkage, the functions C linkage. */
#ifdef __cplusplus
extern "C" {
#endif

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv);

#ifdef __cplusplus
extern "C++" {
#endif
#include <math.h>
static double ub_norm(const double *a, long n)
{
    double s = 0;
    long i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += a[i] * a[i];
    return sqrt(s);
}
#ifdef __cplusplus
template <class T> static T ub_twice(T x) { return x + x; }
}
#endif

#include <string.h>

double ub_sum(const double *a, long n)
{
    double s = 0;
    long i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}

#ifdef __cplusplus
extern "C" {
#endif
long ub_count(const double *a, long n, double above)
{
    long c = 0, i;
#pragma reduce(+: c)
    for (i = 0; i < n; i++)
        c += a[i] > above;
    return c;
}
#ifdef __cplusplus
extern "C++" {
#include <limits.h>
template <class T> static T ub_thrice(T x) { return x + x + x; }
}
#endif
double ub_max(const double *a, long n)
{
    double m = -1e300;
    long i;
#pragma reduce(max: m)
    for (i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    return m;
}
#ifdef __cplusplus
}
#endif

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000, i;
    double *a = malloc((size_t)(n + 1) * sizeof *a);
    for (i = 0; i < n; i++)
        a[i] = (double)((i * 37) % 17) - 8.0;
    memset(a + n, 0, sizeof *a);
    printf("sum %.17g count %ld max %.17g norm %.17g\n", ub_sum(a, n), ub_count(a, n, 2.0),
           n ? ub_max(a, n) : 0.0, ub_norm(a, n));
    free(a);
    return 0;
}

#ifdef __cplusplus
}
#endif
