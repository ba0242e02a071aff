/*
 * Stand-in for the NAS Parallel Benchmarks CG kernel (NPB 3.x C ports,
 * OpenMP flavour where every loop is its own "omp parallel for").
 * Written from the published algorithm: randlc LCG (a = 5^13, modulus
 * 2^46, in doubles), makea/sprnvc/vecset/sparse building a random sparse
 * symmetric matrix in CSR, conj_grad with 25 CG steps and the explicit
 * residual ||x - A z||.  Only the reduction loops carry #pragma reduce.
 *
 * usage: nas_cg [S|W|A|B]   (default S)
 */
#include "nas_cg_common.h"

/*--------------------------------------------------------------------
 * 25 steps of unpreconditioned CG on A z = x, then rnorm = ||x - A z||
 *------------------------------------------------------------------*/
static void conj_grad(int colidx[], int rowstr[], double x[], double z[],
                      double a[], double p[], double q[], double r[],
                      double *rnorm)
{
    int j, k, cgit;
    const int cgitmax = 25;
    double d, sum, rho, rho0, alpha, beta, suml;

    rho = 0.0;

#pragma omp parallel for
    for (j = 0; j < naa + 1; j++) {
        q[j] = 0.0;
        z[j] = 0.0;
        r[j] = x[j];
        p[j] = r[j];
    }

    /* rho = r.r */
#pragma omp parallel for reduction(+: rho)
#pragma reduce(+: rho)
    for (j = 0; j < lastcol - firstcol + 1; j++)
        rho = rho + r[j] * r[j];

    for (cgit = 1; cgit <= cgitmax; cgit++) {
        /* q = A.p */
#pragma omp parallel for private(k, suml)
        for (j = 0; j < lastrow - firstrow + 1; j++) {
            suml = 0.0;
#pragma reduce(+: suml) in(p[0:lastcol - firstcol + 1])
            for (k = rowstr[j]; k < rowstr[j + 1]; k++)
                suml = suml + a[k] * p[colidx[k]];
            q[j] = suml;
        }

        /* d = p.q */
        d = 0.0;
#pragma omp parallel for reduction(+: d)
#pragma reduce(+: d)
        for (j = 0; j < lastcol - firstcol + 1; j++)
            d = d + p[j] * q[j];

        alpha = rho / d;
        rho0 = rho;

#pragma omp parallel for
        for (j = 0; j < lastcol - firstcol + 1; j++) {
            z[j] = z[j] + alpha * p[j];
            r[j] = r[j] - alpha * q[j];
        }

        /* rho = r.r */
        rho = 0.0;
#pragma omp parallel for reduction(+: rho)
#pragma reduce(+: rho)
        for (j = 0; j < lastcol - firstcol + 1; j++)
            rho = rho + r[j] * r[j];

        beta = rho / rho0;

#pragma omp parallel for
        for (j = 0; j < lastcol - firstcol + 1; j++)
            p[j] = r[j] + beta * p[j];
    }

    /* r = A.z, then ||x - r|| */
#pragma omp parallel for private(k, d)
    for (j = 0; j < lastrow - firstrow + 1; j++) {
        d = 0.0;
#pragma reduce(+: d) in(z[0:lastcol - firstcol + 1])
        for (k = rowstr[j]; k < rowstr[j + 1]; k++)
            d = d + a[k] * z[colidx[k]];
        r[j] = d;
    }

    sum = 0.0;
#pragma omp parallel for private(d) reduction(+: sum)
#pragma reduce(+: sum)
    for (j = 0; j < lastcol - firstcol + 1; j++) {
        d = x[j] - r[j];
        sum = sum + d * d;
    }

    *rnorm = sqrt(sum);
}
