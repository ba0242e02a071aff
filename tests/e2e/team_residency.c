/* pragreduce-flags: -fopenmp */
/* NPB CG's conj_grad: a function whose `#pragma omp parallel` regions hold
 * only marked loops under `#pragma omp for`, barriers and statements on
 * variables (a private scalar, a static counter) keeps its device copies
 * from loop to loop and from call to call (the team's one thread in
 * `omp single` borrows the region of the thread that entered the region).
 * The host writes the matrix and the vectors between calls, in place and
 * inside parallel regions of its own (invalidated before their
 * directives): every later loop must see those writes. Values are small
 * integers and halves, exact in any order of the sums. */
#include <stdio.h>
#include <stdlib.h>

static int calls;

static void solve(int n, const double *a, double *p, double *q, int iters, double *out)
{
    static int counted = 0;
    double d, rho, alpha;
    int j, it;
    for (it = 0; it < iters; it++) {
        d = 0.0;
        rho = 0.0;
#pragma omp parallel default(shared) private(j, alpha) shared(d, rho)
        {
#pragma omp for
#pragma reduce parallel
            for (j = 0; j < n; j++)
                q[j] = a[j] * p[j];
#pragma omp for reduction(+: d)
#pragma reduce(+: d)
            for (j = 0; j < n; j++)
                d = d + p[j] * q[j];
#pragma omp barrier
            alpha = d > 1.0e6 ? 0.5 : 1.0;
#pragma omp for nowait
#pragma reduce parallel
            for (j = 0; j < n; j++)
                p[j] = p[j] * alpha + (double)(j % 3);
#pragma omp for reduction(+: rho)
#pragma reduce(+: rho)
            for (j = 0; j < n; j++)
                rho = rho + q[j];
            counted++;
        }
        out[it] = d + rho;
        /* the host's turn, with threads: reads what kernels wrote, writes
         * what the next iteration's loops read */
#pragma omp parallel
        {
#pragma omp for
            for (j = 0; j < n; j++)
                p[j] = p[j] - (double)(j % 2);
#pragma omp single
            if (n > 0)
                p[0] = 0.5;
        }
    }
    calls++;
    (void)counted;
}

/* default(none): the team call may not name the function's region there
 * (residency stays off in the function, and the call borrows nothing) */
static double dot_none(int n, const double *p, const double *q)
{
    double d = 0.0;
    int j;
#pragma omp parallel default(none) shared(n, p, q, d) private(j)
    {
#pragma omp for reduction(+: d)
#pragma reduce(+: d)
        for (j = 0; j < n; j++)
            d = d + p[j] * q[j];
    }
    return d;
}

/* a region without marked loops: its writes are invalidated before it */
static void scale(int n, double *p, double *a)
{
    int j;
#pragma omp parallel
    {
#pragma omp for
        for (j = 0; j < n; j++)
            p[j] = p[j] * 0.5;
#pragma omp single
        a[0] = a[0] + 1.0;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *a = malloc(((size_t)n + 1) * sizeof *a);
    double *p = malloc(((size_t)n + 1) * sizeof *p);
    double *q = malloc(((size_t)n + 1) * sizeof *q);
    double out[4];
    int j, round;
    for (j = 0; j < n; j++) {
        a[j] = (double)(j % 5);
        p[j] = 1.0;
        q[j] = 0.0;
    }
    for (round = 0; round < 3; round++) {
        solve(n, a, p, q, 4, out);
        printf("round %d: %.1f %.1f %.1f %.1f\n", round, out[0], out[1], out[2], out[3]);
        if (n > 2) {
            a[n / 2] = a[n / 2] + 2.0; /* the matrix, in place */
            p[1] = 4.0;
        }
        scale(n, p, n > 0 ? a : p);
    }
    double s = 0.0;
    for (j = 0; j < n; j++)
        s += p[j] + q[j] + a[j];
    printf("sum %.1f after %d calls, p.q %.1f\n", s, calls, dot_none(n, p, q));
    free(a);
    free(p);
    free(q);
    return 0;
}
