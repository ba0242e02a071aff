/* expect-error-at: 9:13: omp taskloop; 14:13: omp parallel; 18:13: omp target; 22:13: omp critical; 26:1: omp cut off by #define */
/* OpenMP directives that cannot stand beside '#pragma reduce': tasks
 * that share the loop (taskloop; 'omp for' is taken: omp_for_region.c),
 * a parallel region without a loop, offloading,
 * a critical section; and an OpenMP line cut off from the reduce line. */
double forms(const double *a, int n)
{
    double s = 0, t = 0, u = 0, v = 0, w = 0;
#pragma omp taskloop reduction(+: s)
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[i];
#pragma reduce(+: t)
#pragma omp parallel
    for (int i = 0; i < n; i++)
        t += a[i];
#pragma reduce(+: u)
#pragma omp target teams distribute parallel for reduction(+: u)
    for (int i = 0; i < n; i++)
        u += a[i];
#pragma reduce(+: v)
#pragma omp critical
    for (int i = 0; i < n; i++)
        v += a[i];
    /* (conditional directives between are fine: cond_directives.c) */
#pragma omp parallel for reduction(+: w)
#define OMP_FORMS_W 1
#pragma reduce(+: w)
    for (int i = 0; i < n; i++)
        w += a[i];
    return s + t + u + v + w;
}
