/* expect-error-at: 12:1: omp for beside an element accumulator */
/* '#pragma omp for' beside '#pragma reduce' (one thread of the team calls
 * the loop's wrapper; emit_team.c) takes loops that reduce into variables
 * and array sections (e2e omp_for_sections), not into array elements (a
 * nest of them is fine: e2e omp_for_region). */
void team(const double *a, const int *x, int n, double *y, long *h)
{
    double s = 0;
#pragma omp parallel
    {
        int i;
#pragma omp for
#pragma reduce(+: y[0])
        for (i = 0; i < n; i++)
            y[0] += a[i];
#pragma omp for reduction(+: h[0:16])
#pragma reduce(+: h[0:16])
        for (i = 0; i < n; i++)
            h[x[i] & 15]++;
    }
    (void)s;
}
