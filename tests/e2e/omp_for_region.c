/* pragreduce-flags: -fopenmp */
/* NPB's OpenMP style: one parallel region whose worksharing loops
 * (`#pragma omp for`, orphaned in a function the team calls, or inside the
 * region) are marked: reductions into shared variables (one with nowait
 * and a barrier after it), a parallel loop, a max, and a private partial
 * that each thread adds to a shared total by hand (one thread doing every
 * iteration is a schedule `omp for` allows, so the total is the same), and
 * NPB CG's sparse rows: a parallel loop over rows under `omp for` with a
 * marked row sum inside (one launch; on the CPU the team runs the nest,
 * each row's sum as written). */
#include <stdio.h>
#include <stdlib.h>

static double rho, dd;

static int nnz;
static int *rowstr, *colidx;
static double *vals;

static void step(int n, const double *a, double *p, double *q)
{
    int j, k;
    double sum;
#pragma omp for private(k, sum)
#pragma reduce parallel in(vals[0:nnz], colidx[0:nnz])
    for (j = 0; j < n; j++) {
        sum = 0.0;
#pragma reduce(+: sum) in(p[0:n])
        for (k = rowstr[j]; k < rowstr[j + 1]; k++)
            sum = sum + vals[k] * p[colidx[k]];
        q[j] = sum + a[j];
    }
#pragma omp for reduction(+: rho)
#pragma reduce(+: rho)
    for (j = 0; j < n; j++)
        rho += p[j] * p[j];
#pragma omp for
#pragma reduce parallel
    for (j = 0; j < n; j++)
        q[j] = a[j] * p[j] + 0.125 * q[j];
#pragma omp for reduction(+: dd) nowait
#pragma reduce(+: dd)
    for (j = 0; j < n; j++)
        dd += p[j] * q[j];
#pragma omp barrier
#pragma omp for
    for (j = 0; j < n; j++)
        p[j] = p[j] * 0.5 + (j % 3);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *a = malloc(n * sizeof *a), *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
    for (int i = 0; i < n; i++) {
        a[i] = (i % 7) * 0.25;
        p[i] = (i % 5) * 0.5;
    }
    /* rows of 0 to 4 entries */
    rowstr = malloc((n + 1) * sizeof *rowstr);
    rowstr[0] = 0;
    for (int i = 0; i < n; i++)
        rowstr[i + 1] = rowstr[i] + i % 5;
    nnz = rowstr[n];
    colidx = malloc((nnz + 1) * sizeof *colidx);
    vals = malloc((nnz + 1) * sizeof *vals);
    for (int k = 0; k < nnz; k++) {
        colidx[k] = (k * 37) % n;
        vals[k] = (k % 9) * 0.125 - 0.5;
    }
    double mx = 0, total = 0;
    long cnt = 0;
#pragma omp parallel
    {
        double local = 0;
        for (int it = 0; it < 5; it++) {
#pragma omp single
            rho = dd = 0;
            step(n, a, p, q);
#pragma omp single
            printf("it %d rho %.3f dd %.3f\n", it, rho, dd);
        }
        int i;
#pragma omp for reduction(max: mx)
#pragma reduce(max: mx)
        for (i = 0; i < n; i++)
            if (q[i] > mx) mx = q[i];
        /* a private partial, combined by hand */
#pragma omp for
#pragma reduce(+: local)
        for (i = 0; i < n; i++)
            local += p[i];
#pragma omp atomic
        total += local;
#pragma omp for reduction(+: cnt)
#pragma reduce(+: cnt)
        for (long k = 0; k < n; k++)
            cnt += q[k] > 1.0;
    }
    printf("mx %.3f total %.3f cnt %ld\n", mx, total, cnt);
    free(a); free(p); free(q);
    free(rowstr); free(colidx); free(vals);
    return 0;
}
