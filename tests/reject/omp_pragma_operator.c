/* expect-error-at: 14:5: macro of a macro after; 17:5: written out before */
/* OpenMP directives spelled _Pragma("omp ..."), written out or through
 * macros (here a macro that uses another): pragreduce cannot move them
 * with the loop, and left before the call that replaces it they break an
 * OpenMP build; '#pragma omp' lines are what it takes. */
#define OMP_SUM _Pragma("omp parallel for reduction(+: s)")
#define PARALLEL_SUM OMP_SUM

double operators(const double *a, int n)
{
    double s = 0, t = 0;
#pragma reduce(+: s)
    /* a comment between them changes nothing */
    PARALLEL_SUM
    for (int i = 0; i < n; i++)
        s += a[i];
    _Pragma("omp parallel for reduction(+: t)")
#pragma reduce(+: t)
    for (int i = 0; i < n; i++)
        t += a[i];
    return s + t;
}
