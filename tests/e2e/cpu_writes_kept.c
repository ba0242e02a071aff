/* pragreduce-flags: -fopenmp */
/* A loop that runs on the CPU beside kept copies (NPB CG's vector loops
 * beside its matrix rows): it marks stale the elements it writes, and only
 * those. The rows' product takes the GPU (a big nest), the vector loops
 * stay on the CPU in auto mode (small ones); the next product must read
 * the vector the CPU wrote (a stale copy of p gives other sums), with the
 * matrix still kept. Both as plain marked loops and under `omp for` in a
 * parallel region. Values are small integers, exact in any order. */
#include <stdio.h>
#include <stdlib.h>

#define W 384

static double plain(int n, const double *m, double *p, double *q, int iters)
{
    double total = 0.0;
    int i, k, it;
    for (it = 0; it < iters; it++) {
#pragma reduce parallel in(p[0:n])
        for (i = 0; i < n; i++) {
            double s = 0.0;
            for (k = 0; k < W; k++)
                s += m[(long)i * W + k] * p[(i + k) % n];
            q[i] = s;
        }
        double d = 0.0;
#pragma reduce(+: d)
        for (i = 0; i < n; i++)
            d += q[i];
#pragma reduce parallel
        for (i = 0; i < n; i++)
            p[i] = (double)((long long)q[i] % 7) + (double)(it % 2);
        total += d;
    }
    return total;
}

static double team(int n, const double *m, double *p, double *q, int iters)
{
    double total = 0.0, d;
    int i, k, it;
    for (it = 0; it < iters; it++) {
        d = 0.0;
#pragma omp parallel default(shared) private(i, k) shared(d)
        {
#pragma omp for
#pragma reduce parallel in(p[0:n])
            for (i = 0; i < n; i++) {
                double s = 0.0;
                for (k = 0; k < W; k++)
                    s += m[(long)i * W + k] * p[(i + k) % n];
                q[i] = s;
            }
#pragma omp for reduction(+: d)
#pragma reduce(+: d)
            for (i = 0; i < n; i++)
                d += q[i];
#pragma omp for
#pragma reduce parallel
            for (i = 0; i < n; i++)
                p[i] = (double)((long long)q[i] % 5) + (double)(it % 3);
        }
        total += d;
    }
    return total;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *m = malloc(((size_t)n * W + 1) * sizeof *m);
    double *p = malloc(((size_t)n + 1) * sizeof *p);
    double *q = malloc(((size_t)n + 1) * sizeof *q);
    long j;
    for (j = 0; j < (long)n * W; j++)
        m[j] = (double)(j % 3);
    for (j = 0; j < n; j++)
        p[j] = (double)(j % 4);
    printf("plain %.1f\n", plain(n, m, p, q, 5));
    printf("team %.1f\n", team(n, m, p, q, 5));
    double s = 0.0;
    for (j = 0; j < n; j++)
        s += p[j] + q[j];
    printf("sum %.1f\n", s);
    free(m);
    free(p);
    free(q);
    return 0;
}
