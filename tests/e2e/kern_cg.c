/* The vector kernels of a conjugate-gradient solver, HPCCG style: the
 * residual update fused with its norm (r[i] -= alpha * q[i]; rr += r[i]^2),
 * waxpby fused with a dot product (w = alpha x + beta y), the dot p.Ap, and
 * the 1-D Laplacian product on the host. The step sizes are powers of two
 * (a fixed-step iteration rather than CG's alpha = rr / pAp), so every
 * value is dyadic and every sum exact: GPU and CPU print the same.
 * Vectors of n elements; a float version of the fused update too, with
 * integer values. */
#include <stdio.h>
#include <stdlib.h>

static double fused_update(long n, double alpha, double *r, const double *q)
{
    double rr = 0.0;
#pragma reduce(+: rr)
    for (long i = 0; i < n; i++) {
        r[i] -= alpha * q[i];
        rr += r[i] * r[i];
    }
    return rr;
}

/* HPCCG's waxpby with the dot product of the result with y fused in */
static double waxpby_dot(long n, double alpha, const double *x, double beta, const double *y,
                         double *w)
{
    double wy = 0.0;
#pragma reduce(+: wy)
    for (long i = 0; i < n; i++) {
        w[i] = alpha * x[i] + beta * y[i];
        wy += w[i] * y[i];
    }
    return wy;
}

static double ddot(long n, const double *x, const double *y)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

static float fused_update_f(int n, float alpha, float *r, const float *q)
{
    float rr = 0.0f;
#pragma reduce(+: rr)
    for (int i = 0; i < n; i++) {
        r[i] = r[i] - alpha * q[i];
        rr += r[i] * r[i];
    }
    return rr;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    size_t cnt = (size_t)(n > 0 ? n : 1);
    double *x = malloc(cnt * sizeof *x), *r = malloc(cnt * sizeof *r),
           *p = malloc(cnt * sizeof *p), *Ap = malloc(cnt * sizeof *Ap),
           *w = malloc(cnt * sizeof *w);
    float *rf = malloc(cnt * sizeof *rf), *qf = malloc(cnt * sizeof *qf);
    if (!x || !r || !p || !Ap || !w || !rf || !qf)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = 0.0;
        r[i] = (double)(i % 9) - 4.0; /* b - A x0 with x0 = 0 */
        p[i] = r[i];
        rf[i] = (float)(i % 5);
        qf[i] = 4.0f * ((float)(i % 3) - 1.0f);
    }
    double rr = ddot(n, r, r);
    printf("n %ld: rr0 %.1f\n", n, rr);
    double alpha = 0.25;
    for (int it = 0; it < 4; it++) {
        for (long i = 0; i < n; i++)
            Ap[i] = 2.0 * p[i] - (i > 0 ? p[i - 1] : 0.0) - (i + 1 < n ? p[i + 1] : 0.0);
        double pAp = ddot(n, p, Ap);
        for (long i = 0; i < n; i++)
            x[i] += alpha * p[i];
        double rr_new = fused_update(n, alpha, r, Ap);
        /* p = r + beta p with beta = 1/2 */
        double rp = waxpby_dot(n, 1.0, r, 0.5, p, w);
        double *t = p;
        p = w;
        w = t;
        printf("it %d: pAp %.6g rr %.6g r.p %.6g\n", it, pAp, rr_new, rp);
        alpha *= 0.5;
    }
    double xs = 0;
    for (long i = 0; i < n; i++)
        xs += x[i] * (double)(i % 4 + 1);
    printf("x checksum %.6g\n", xs);
    /* at most 200000 elements: every partial sum stays below 2^24, exact in float */
    int nf = (int)(n < 200000 ? n : 200000);
    float rrf = fused_update_f(nf, 0.5f, rf, qf);
    rrf = fused_update_f(nf, 0.25f, rf, qf);
    printf("float rr %.6g\n", (double)rrf);
    free(x); free(r); free(p); free(Ap); free(w); free(rf); free(qf);
    return 0;
}
