/*
 * nas_cg_common.h - what the two NAS CG stand-ins share: the problem
 * classes, NPB's randlc/vranlc generator, makea/sprnvc/vecset/sparse
 * building the random sparse symmetric matrix in CSR, and main (the
 * untimed first iteration, the timed ones, the verification).
 *
 * nas_cg.c (every loop its own "omp parallel for") and nas_cg_region.c
 * (NPB 3.4-OMP's one parallel region with "omp for" inside) include it
 * first and differ only in the conj_grad they define after it.
 */
#ifndef NAS_CG_COMMON_H
#define NAS_CG_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* problem parameters of the chosen class */
static int na, nonzer, niter;
static double shift;
static const double rcond = 1.0e-1;

static int naa, nzz;
static int firstrow, lastrow, firstcol, lastcol;

/* the generator state, as NPB keeps it */
static double tran, amult;

/*--------------------------------------------------------------------
 * randlc: x_{k+1} = a * x_k mod 2^46, returns x_{k+1} * 2^-46.
 * Done in double arithmetic with 23-bit halves, as NPB's randdp does.
 *------------------------------------------------------------------*/
double randlc(double *x, double a)
{
    const double r23 = 1.1920928955078125e-07;   /* 0.5^23 */
    const double r46 = r23 * r23;
    const double t23 = 8.388608e+06;             /* 2^23 */
    const double t46 = t23 * t23;
    double t1, t2, t3, t4, a1, a2, x1, x2, z;

    t1 = r23 * a;
    a1 = (int)t1;
    a2 = a - t23 * a1;

    t1 = r23 * (*x);
    x1 = (int)t1;
    x2 = *x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int)(r23 * t1);
    z = t1 - t23 * t2;
    t3 = t23 * z + a2 * x2;
    t4 = (int)(r46 * t3);
    *x = t3 - t46 * t4;

    return r46 * (*x);
}

/* n successive values of the same generator into y[0..n-1] */
void vranlc(int n, double *x, double a, double y[])
{
    const double r23 = 1.1920928955078125e-07;
    const double r46 = r23 * r23;
    const double t23 = 8.388608e+06;
    const double t46 = t23 * t23;
    double t1, t2, t3, t4, a1, a2, x1, x2, z;
    int i;

    t1 = r23 * a;
    a1 = (int)t1;
    a2 = a - t23 * a1;

    for (i = 0; i < n; i++) {
        t1 = r23 * (*x);
        x1 = (int)t1;
        x2 = *x - t23 * x1;
        t1 = a1 * x2 + a2 * x1;
        t2 = (int)(r23 * t1);
        z = t1 - t23 * t2;
        t3 = t23 * z + a2 * x2;
        t4 = (int)(r46 * t3);
        *x = t3 - t46 * t4;
        y[i] = r46 * (*x);
    }
}

static double wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1.0e-9 * (double)ts.tv_nsec;
}

/* scale a double in [0,1) to an integer in [0, ipwr2) */
static int icnvrt(double x, int ipwr2)
{
    return (int)(ipwr2 * x);
}

/* nz distinct random positions in 1..n with random values */
static void sprnvc(int n, int nz, int nn1, double v[], int iv[])
{
    int nzv = 0, ii, i, was_gen;
    double vecelt, vecloc;

    while (nzv < nz) {
        vecelt = randlc(&tran, amult);
        vecloc = randlc(&tran, amult);
        i = icnvrt(vecloc, nn1) + 1;
        if (i > n)
            continue;
        was_gen = 0;
        for (ii = 0; ii < nzv; ii++) {
            if (iv[ii] == i) {
                was_gen = 1;
                break;
            }
        }
        if (was_gen)
            continue;
        v[nzv] = vecelt;
        iv[nzv] = i;
        nzv = nzv + 1;
    }
}

/* set element i of the sparse vector (v, iv) to val, adding it if absent */
static void vecset(double v[], int iv[], int *nzv, int i, double val)
{
    int k, set = 0;

    for (k = 0; k < *nzv; k++) {
        if (iv[k] == i) {
            v[k] = val;
            set = 1;
        }
    }
    if (!set) {
        v[*nzv] = val;
        iv[*nzv] = i;
        *nzv = *nzv + 1;
    }
}

/* assemble the CSR matrix from the outer-product element lists */
static void sparse(double a[], int colidx[], int rowstr[], int n, int nz,
                   int nzmax_row, const int arow[], const int *acol,
                   const double *aelt, int nzloc[])
{
    int nrows = lastrow - firstrow + 1;
    int i, j, j1, j2, nza, k, kk, nzrow, jcol, found;
    double size, scale, ratio, va;

    for (j = 0; j < nrows + 1; j++)
        rowstr[j] = 0;

    /* count the triples that land in each row */
    for (i = 0; i < n; i++) {
        for (nza = 0; nza < arow[i]; nza++) {
            j = acol[i * nzmax_row + nza] + 1;
            rowstr[j] = rowstr[j] + arow[i];
        }
    }
    rowstr[0] = 0;
    for (j = 1; j < nrows + 1; j++)
        rowstr[j] = rowstr[j] + rowstr[j - 1];
    nza = rowstr[nrows] - 1;

    if (nza > nz) {
        printf("Space for matrix elements exceeded in sparse\n");
        printf("nza, nzmax = %d, %d\n", nza, nz);
        exit(EXIT_FAILURE);
    }

    for (j = 0; j < nrows; j++) {
        for (k = rowstr[j]; k < rowstr[j + 1]; k++) {
            a[k] = 0.0;
            colidx[k] = -1;
        }
        nzloc[j] = 0;
    }

    /* sum the duplicates into sorted rows; shrink each outer product
       by a geometric factor so that the condition number is ~1/rcond */
    size = 1.0;
    ratio = pow(rcond, (1.0 / (double)n));

    for (i = 0; i < n; i++) {
        for (nza = 0; nza < arow[i]; nza++) {
            j = acol[i * nzmax_row + nza];
            scale = size * aelt[i * nzmax_row + nza];
            for (nzrow = 0; nzrow < arow[i]; nzrow++) {
                jcol = acol[i * nzmax_row + nzrow];
                va = aelt[i * nzmax_row + nzrow] * scale;

                /* identity * rcond bounds the smallest eigenvalue */
                if (jcol == j && j == i)
                    va = va + rcond - shift;

                found = 0;
                for (k = rowstr[j]; k < rowstr[j + 1]; k++) {
                    if (colidx[k] > jcol) {
                        for (kk = rowstr[j + 1] - 2; kk >= k; kk--) {
                            if (colidx[kk] > -1) {
                                a[kk + 1] = a[kk];
                                colidx[kk + 1] = colidx[kk];
                            }
                        }
                        colidx[k] = jcol;
                        a[k] = 0.0;
                        found = 1;
                        break;
                    } else if (colidx[k] == -1) {
                        colidx[k] = jcol;
                        found = 1;
                        break;
                    } else if (colidx[k] == jcol) {
                        nzloc[j] = nzloc[j] + 1;   /* a duplicate */
                        found = 1;
                        break;
                    }
                }
                if (!found) {
                    printf("internal error in sparse: i=%d\n", i);
                    exit(EXIT_FAILURE);
                }
                a[k] = a[k] + va;
            }
        }
        size = size * ratio;
    }

    /* squeeze out the slots the duplicates left empty */
    for (j = 1; j < nrows; j++)
        nzloc[j] = nzloc[j] + nzloc[j - 1];

    for (j = 0; j < nrows; j++) {
        j1 = (j > 0) ? rowstr[j] - nzloc[j - 1] : 0;
        j2 = rowstr[j + 1] - nzloc[j];
        nza = rowstr[j];
        for (k = j1; k < j2; k++) {
            a[k] = a[nza];
            colidx[k] = colidx[nza];
            nza = nza + 1;
        }
    }
    for (j = 1; j < nrows + 1; j++)
        rowstr[j] = rowstr[j] - nzloc[j - 1];
}

static void makea(int n, int nz, double a[], int colidx[], int rowstr[],
                  int arow[], int *acol, double *aelt, int iv[])
{
    int iouter, ivelt, nzv, nn1;
    int nzmax_row = nonzer + 1;
    int ivc[32];
    double vc[32];

    /* nn1: the smallest power of two not less than n */
    nn1 = 1;
    do {
        nn1 = 2 * nn1;
    } while (nn1 < n);

    for (iouter = 0; iouter < n; iouter++) {
        nzv = nonzer;
        sprnvc(n, nzv, nn1, vc, ivc);
        vecset(vc, ivc, &nzv, iouter + 1, 0.5);
        arow[iouter] = nzv;
        for (ivelt = 0; ivelt < nzv; ivelt++) {
            acol[iouter * nzmax_row + ivelt] = ivc[ivelt] - 1;
            aelt[iouter * nzmax_row + ivelt] = vc[ivelt];
        }
    }

    sparse(a, colidx, rowstr, n, nz, nzmax_row, arow, acol, aelt, iv);
}

/* 25 steps of unpreconditioned CG on A z = x, then rnorm = ||x - A z||:
 * each program defines its own */
static void conj_grad(int colidx[], int rowstr[], double x[], double z[],
                      double a[], double p[], double q[], double r[],
                      double *rnorm);

int main(int argc, char **argv)
{
    char cls = argc > 1 ? argv[1][0] : 'S';
    double zeta_verify_value;
    int i, j, k, it;
    int *colidx, *rowstr, *iv, *arow, *acol;
    double *aelt, *a, *x, *z, *p, *q, *r;
    double zeta, rnorm, norm_temp1, norm_temp2;
    double t0, t1, err;
    const double epsilon = 1.0e-10;

    switch (cls) {
    case 'S': na = 1400;  nonzer = 7;  niter = 15; shift = 10.0;
              zeta_verify_value = 8.5971775078648;  break;
    case 'W': na = 7000;  nonzer = 8;  niter = 15; shift = 12.0;
              zeta_verify_value = 10.362595087124;  break;
    case 'A': na = 14000; nonzer = 11; niter = 15; shift = 20.0;
              zeta_verify_value = 17.130235054029;  break;
    case 'B': na = 75000; nonzer = 13; niter = 75; shift = 60.0;
              zeta_verify_value = 22.712745482631;  break;
    default:
        fprintf(stderr, "usage: %s [S|W|A|B]\n", argv[0]);
        return 1;
    }

    printf("\n\n NAS Parallel Benchmarks CG stand-in (NPB 3.x style)\n\n");
    printf(" Size: %11d\n", na);
    printf(" Iterations: %5d\n", niter);
#ifdef _OPENMP
    printf(" Number of available threads: %5d\n", omp_get_max_threads());
#endif
    printf("\n");

    naa = na;
    nzz = na * (nonzer + 1) * (nonzer + 1);
    firstrow = 0;
    lastrow = na - 1;
    firstcol = 0;
    lastcol = na - 1;

    colidx = malloc(sizeof(int) * nzz);
    rowstr = malloc(sizeof(int) * (na + 1));
    iv = malloc(sizeof(int) * na);
    arow = malloc(sizeof(int) * na);
    acol = malloc(sizeof(int) * na * (nonzer + 1));
    aelt = malloc(sizeof(double) * na * (nonzer + 1));
    a = malloc(sizeof(double) * nzz);
    x = malloc(sizeof(double) * (na + 2));
    z = malloc(sizeof(double) * (na + 2));
    p = malloc(sizeof(double) * (na + 2));
    q = malloc(sizeof(double) * (na + 2));
    r = malloc(sizeof(double) * (na + 2));
    if (!colidx || !rowstr || !iv || !arow || !acol || !aelt || !a ||
        !x || !z || !p || !q || !r) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    tran = 314159265.0;
    amult = 1220703125.0;
    zeta = randlc(&tran, amult);

    makea(naa, nzz, a, colidx, rowstr, arow, acol, aelt, iv);

    /* columns relative to this process's first column */
    for (j = 0; j < lastrow - firstrow + 1; j++)
        for (k = rowstr[j]; k < rowstr[j + 1]; k++)
            colidx[k] = colidx[k] - firstcol;

    for (i = 0; i < na + 1; i++)
        x[i] = 1.0;
    for (j = 0; j < lastcol - firstcol + 1; j++) {
        q[j] = 0.0;
        z[j] = 0.0;
        r[j] = 0.0;
        p[j] = 0.0;
    }
    zeta = 0.0;

    /* one untimed iteration to touch all code and data */
    for (it = 1; it <= 1; it++) {
        conj_grad(colidx, rowstr, x, z, a, p, q, r, &rnorm);

        norm_temp1 = 0.0;
        norm_temp2 = 0.0;
#pragma omp parallel for reduction(+: norm_temp1, norm_temp2)
#pragma reduce(+: norm_temp1, norm_temp2)
        for (j = 0; j < lastcol - firstcol + 1; j++) {
            norm_temp1 = norm_temp1 + x[j] * z[j];
            norm_temp2 = norm_temp2 + z[j] * z[j];
        }
        norm_temp2 = 1.0 / sqrt(norm_temp2);

#pragma omp parallel for
        for (j = 0; j < lastcol - firstcol + 1; j++)
            x[j] = norm_temp2 * z[j];
    }

    for (i = 0; i < na + 1; i++)
        x[i] = 1.0;
    zeta = 0.0;

    t0 = wtime();

    for (it = 1; it <= niter; it++) {
        conj_grad(colidx, rowstr, x, z, a, p, q, r, &rnorm);

        norm_temp1 = 0.0;
        norm_temp2 = 0.0;
#pragma omp parallel for reduction(+: norm_temp1, norm_temp2)
#pragma reduce(+: norm_temp1, norm_temp2)
        for (j = 0; j < lastcol - firstcol + 1; j++) {
            norm_temp1 = norm_temp1 + x[j] * z[j];
            norm_temp2 = norm_temp2 + z[j] * z[j];
        }
        norm_temp2 = 1.0 / sqrt(norm_temp2);

        zeta = shift + 1.0 / norm_temp1;
        if (it == 1)
            printf("\n   iteration           ||r||                 zeta\n");
        printf("    %5d       %20.14E%20.13f\n", it, rnorm, zeta);

#pragma omp parallel for
        for (j = 0; j < lastcol - firstcol + 1; j++)
            x[j] = norm_temp2 * z[j];
    }

    t1 = wtime();

    printf(" Benchmark completed\n");
    printf("zeta = %.13e\n", zeta);
    err = fabs(zeta - zeta_verify_value) / zeta_verify_value;
    if (err <= epsilon) {
        printf(" VERIFICATION SUCCESSFUL\n");
        printf(" Zeta is    %20.13E\n", zeta);
        printf(" Error is   %20.13E\n", err);
    } else {
        printf(" VERIFICATION UNSUCCESSFUL\n");
        printf(" Zeta                %20.13E\n", zeta);
        printf(" The correct zeta is %20.13E\n", zeta_verify_value);
    }

    free(colidx); free(rowstr); free(iv); free(arow); free(acol);
    free(aelt); free(a); free(x); free(z); free(p); free(q); free(r);

    printf("time = %.3f s\n", t1 - t0);
    return 0;
}

#endif /* NAS_CG_COMMON_H */
