/*
 * Stand-in for the NAS Parallel Benchmarks CG kernel (NPB 3.x C ports,
 * OpenMP flavour of NPB 3.4-OMP: conj_grad is one "omp parallel" region
 * with work-shared "omp for" loops inside).
 * Written from the published algorithm: randlc LCG (a = 5^13, modulus
 * 2^46, in doubles), makea/sprnvc/vecset/sparse building a random sparse
 * symmetric matrix in CSR, conj_grad with 25 CG steps and the explicit
 * residual ||x - A z||.  Only the reduction loops carry #pragma reduce.
 *
 * usage: nas_cg [S|W|A|B]   (default S)
 */
#include "nas_cg_common.h"

/*--------------------------------------------------------------------
 * 25 steps of unpreconditioned CG on A z = x, then rnorm = ||x - A z||.
 * NPB 3.4-OMP structure: one parallel region, work-shared loops inside,
 * the z/r update fused with the rho reduction.
 *------------------------------------------------------------------*/
static void conj_grad(int colidx[], int rowstr[], double x[], double z[],
                      double a[], double p[], double q[], double r[],
                      double *rnorm)
{
    int j, k, cgit;
    const int cgitmax = 25;
    double d, sum, rho, rho0, alpha, beta, suml;

    rho = 0.0;
    sum = 0.0;
    d = 0.0;
    rho0 = 0.0;

#pragma omp parallel default(shared) private(j, k, cgit, suml, alpha, beta)
    {
#pragma omp for
        for (j = 0; j < naa + 1; j++) {
            q[j] = 0.0;
            z[j] = 0.0;
            r[j] = x[j];
            p[j] = r[j];
        }

        /* rho = r.r */
#pragma omp for reduction(+: rho)
#pragma reduce(+: rho)
        for (j = 0; j < lastcol - firstcol + 1; j++)
            rho = rho + r[j] * r[j];

        for (cgit = 1; cgit <= cgitmax; cgit++) {
#pragma omp single
            {
                rho0 = rho;
                d = 0.0;
                rho = 0.0;
            }

            /* q = A.p */
#pragma omp for
            for (j = 0; j < lastrow - firstrow + 1; j++) {
                suml = 0.0;
#pragma reduce(+: suml) in(p[0:lastcol - firstcol + 1])
                for (k = rowstr[j]; k < rowstr[j + 1]; k++)
                    suml = suml + a[k] * p[colidx[k]];
                q[j] = suml;
            }

            /* d = p.q */
#pragma omp for reduction(+: d)
#pragma reduce(+: d)
            for (j = 0; j < lastcol - firstcol + 1; j++)
                d = d + p[j] * q[j];

            alpha = rho0 / d;

            /* z += alpha p, r -= alpha q, rho = r.r */
#pragma omp for reduction(+: rho)
#pragma reduce(+: rho)
            for (j = 0; j < lastcol - firstcol + 1; j++) {
                z[j] = z[j] + alpha * p[j];
                r[j] = r[j] - alpha * q[j];
                rho = rho + r[j] * r[j];
            }

            beta = rho / rho0;

#pragma omp for
            for (j = 0; j < lastcol - firstcol + 1; j++)
                p[j] = r[j] + beta * p[j];
        }

        /* r = A.z, then ||x - r|| */
#pragma omp for
        for (j = 0; j < lastrow - firstrow + 1; j++) {
            suml = 0.0;
#pragma reduce(+: suml) in(z[0:lastcol - firstcol + 1])
            for (k = rowstr[j]; k < rowstr[j + 1]; k++)
                suml = suml + a[k] * z[colidx[k]];
            r[j] = suml;
        }

#pragma omp for reduction(+: sum) nowait
#pragma reduce(+: sum)
        for (j = 0; j < lastcol - firstcol + 1; j++) {
            suml = x[j] - r[j];
            sum = sum + suml * suml;
        }
    }

    *rnorm = sqrt(sum);
}
