/* expect-error-at: 12:1: omp for beside an element accumulator; 16:1: omp for beside a section; 20:1: omp for around a marked loop */
/* '#pragma omp for' beside '#pragma reduce' (one thread of the team calls
 * the loop's wrapper; emit_team.c) takes loops that reduce into variables:
 * not into array elements or sections, and not a loop with marked loops
 * inside, whose wrappers every thread of the team would call. */
void team(const double *a, const int *x, int n, int m, double *y, long *h, double *rows)
{
    double s = 0;
#pragma omp parallel
    {
        int i, j;
#pragma omp for
#pragma reduce(+: y[0])
        for (i = 0; i < n; i++)
            y[0] += a[i];
#pragma omp for reduction(+: h[0:16])
#pragma reduce(+: h[0:16])
        for (i = 0; i < n; i++)
            h[x[i] & 15]++;
#pragma omp for private(j)
#pragma reduce parallel
        for (i = 0; i < n; i++) {
            double t = 0;
#pragma reduce(+: t)
            for (j = 0; j < m; j++)
                t += a[i * m + j];
            rows[i] = t;
        }
    }
    (void)s;
}
