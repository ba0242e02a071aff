/*
 * Stand-in for Rodinia's lavaMD (OpenMP version), written for pragreduce's
 * public-benchmark check.
 *
 *   ./lavamd BOXES1D        (default 10: 1000 boxes; 20: 8000 boxes)
 *
 * Particles in a cube of BOXES1D^3 boxes, NUMBER_PAR_PER_BOX a box, interact
 * with those of their own box and its (up to) 26 neighbours through an
 * exp(-2 alpha^2 r^2) potential.  Positions and charges come from the
 * program's own LCG.  The kernel sums, for each home particle, the potential
 * and the force of every particle of every neighbour box: the innermost loop
 * is a reduction into the four fields of the home particle's FOUR_VECTOR.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define NUMBER_PAR_PER_BOX 100
#define DOT(A, B) ((A.x) * (B.x) + (A.y) * (B.y) + (A.z) * (B.z))

typedef struct {
    double x, y, z;
} THREE_VECTOR;

typedef struct {
    double v, x, y, z;
} FOUR_VECTOR;

typedef struct nei_str {
    int x, y, z;      /* box coordinates */
    int number;       /* box number */
    long offset;      /* first particle of the box */
} nei_str;

typedef struct box_str {
    int x, y, z;
    int number;
    long offset;
    int nn;           /* neighbours, itself not counted */
    nei_str nei[26];
} box_str;

typedef struct par_str {
    double alpha;
} par_str;

typedef struct dim_str {
    int boxes1d_arg;
    long number_boxes;
    long box_mem;
    long space_elem;
    long space_mem;
    long space_mem2;
} dim_str;

static unsigned long lcg_state = 20240611UL;

/* 1 .. 10, as Rodinia's rand() % 10 + 1 */
static int lcg_1to10(void)
{
    lcg_state = (lcg_state * 6364136223846793005UL + 1442695040888963407UL) & 0xffffffffffffffffUL;
    return (int)((lcg_state >> 33) % 10) + 1;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void kernel_cpu(par_str par, dim_str dim, box_str *box, FOUR_VECTOR *rv, double *qv, FOUR_VECTOR *fv)
{
    double alpha, a2;
    int i, j, k, l;
    long first_i;
    FOUR_VECTOR *rA, *fA;
    int pointer;
    long first_j;
    FOUR_VECTOR *rB;
    double *qB;
    double r2, u2, fs, vij, fxij, fyij, fzij;
    THREE_VECTOR d;

    alpha = par.alpha;
    a2 = 2.0 * alpha * alpha;

#pragma omp parallel for private(i, j, k) private(first_i, rA, fA) private(pointer, first_j, rB, qB) private(r2, u2, fs, vij, fxij, fyij, fzij, d)
    for (l = 0; l < dim.number_boxes; l = l + 1) {
        first_i = box[l].offset;
        rA = &rv[first_i];
        fA = &fv[first_i];

        for (k = 0; k < (1 + box[l].nn); k++) {
            if (k == 0)
                pointer = l;
            else
                pointer = box[l].nei[k - 1].number;
            first_j = box[pointer].offset;
            rB = &rv[first_j];
            qB = &qv[first_j];

            for (i = 0; i < NUMBER_PAR_PER_BOX; i = i + 1) {
                /* the user's mark: the four members of fA[i] are the accumulators;
                 * d (declared at the top, as Rodinia has it) is scratch */
#pragma reduce(+: fA[i].v, fA[i].x, fA[i].y, fA[i].z)
                for (j = 0; j < NUMBER_PAR_PER_BOX; j = j + 1) {
                    r2 = rA[i].v + rB[j].v - DOT(rA[i], rB[j]);
                    u2 = a2 * r2;
                    vij = exp(-u2);
                    fs = 2. * vij;
                    d.x = rA[i].x - rB[j].x;
                    d.y = rA[i].y - rB[j].y;
                    d.z = rA[i].z - rB[j].z;
                    fxij = fs * d.x;
                    fyij = fs * d.y;
                    fzij = fs * d.z;
                    fA[i].v += qB[j] * vij;
                    fA[i].x += qB[j] * fxij;
                    fA[i].y += qB[j] * fyij;
                    fA[i].z += qB[j] * fzij;
                }
            }
        }
    }
}

int main(int argc, char *argv[])
{
    par_str par_cpu;
    dim_str dim_cpu;
    box_str *box_cpu;
    FOUR_VECTOR *rv_cpu, *fv_cpu;
    double *qv_cpu;
    int i, j, k, l, m, n, nh;
    long p, np;
    double t0, t1, e, fx;

    dim_cpu.boxes1d_arg = 10;
    if (argc > 1)
        dim_cpu.boxes1d_arg = atoi(argv[1]);
    if (dim_cpu.boxes1d_arg <= 0 || argc > 2) {
        fprintf(stderr, "usage: %s [BOXES1D > 0]\n", argv[0]);
        return 1;
    }
    printf("boxes1d %d\n", dim_cpu.boxes1d_arg);

    par_cpu.alpha = 0.5;
    dim_cpu.number_boxes = (long)dim_cpu.boxes1d_arg * dim_cpu.boxes1d_arg * dim_cpu.boxes1d_arg;
    dim_cpu.space_elem = dim_cpu.number_boxes * NUMBER_PAR_PER_BOX;
    dim_cpu.space_mem = dim_cpu.space_elem * sizeof(FOUR_VECTOR);
    dim_cpu.space_mem2 = dim_cpu.space_elem * sizeof(double);
    dim_cpu.box_mem = dim_cpu.number_boxes * sizeof(box_str);

    /* boxes and their neighbours */
    box_cpu = (box_str *)malloc(dim_cpu.box_mem);
    nh = 0;
    for (i = 0; i < dim_cpu.boxes1d_arg; i++)
        for (j = 0; j < dim_cpu.boxes1d_arg; j++)
            for (k = 0; k < dim_cpu.boxes1d_arg; k++) {
                box_cpu[nh].x = k;
                box_cpu[nh].y = j;
                box_cpu[nh].z = i;
                box_cpu[nh].number = nh;
                box_cpu[nh].offset = (long)nh * NUMBER_PAR_PER_BOX;
                box_cpu[nh].nn = 0;
                for (l = -1; l < 2; l++)
                    for (m = -1; m < 2; m++)
                        for (n = -1; n < 2; n++) {
                            if ((i + l >= 0 && j + m >= 0 && k + n >= 0) &&
                                (i + l < dim_cpu.boxes1d_arg && j + m < dim_cpu.boxes1d_arg &&
                                 k + n < dim_cpu.boxes1d_arg) &&
                                !(l == 0 && m == 0 && n == 0)) {
                                nei_str *nb = &box_cpu[nh].nei[box_cpu[nh].nn];
                                nb->x = k + n;
                                nb->y = j + m;
                                nb->z = i + l;
                                nb->number = nb->z * dim_cpu.boxes1d_arg * dim_cpu.boxes1d_arg +
                                             nb->y * dim_cpu.boxes1d_arg + nb->x;
                                nb->offset = (long)nb->number * NUMBER_PAR_PER_BOX;
                                box_cpu[nh].nn = box_cpu[nh].nn + 1;
                            }
                        }
                nh = nh + 1;
            }

    /* particles: positions, charges, zero forces */
    np = dim_cpu.space_elem;
    rv_cpu = (FOUR_VECTOR *)malloc(dim_cpu.space_mem);
    qv_cpu = (double *)malloc(dim_cpu.space_mem2);
    fv_cpu = (FOUR_VECTOR *)malloc(dim_cpu.space_mem);
    for (p = 0; p < np; p++) {
        rv_cpu[p].v = lcg_1to10() / 10.0;
        rv_cpu[p].x = lcg_1to10() / 10.0;
        rv_cpu[p].y = lcg_1to10() / 10.0;
        rv_cpu[p].z = lcg_1to10() / 10.0;
    }
    for (p = 0; p < np; p++)
        qv_cpu[p] = lcg_1to10() / 10.0;
    for (p = 0; p < np; p++) {
        fv_cpu[p].v = 0;
        fv_cpu[p].x = 0;
        fv_cpu[p].y = 0;
        fv_cpu[p].z = 0;
    }

    t0 = now_seconds();
    kernel_cpu(par_cpu, dim_cpu, box_cpu, rv_cpu, qv_cpu, fv_cpu);
    t1 = now_seconds();

    /* total energy and x force: a check of the kernel */
    e = 0;
    fx = 0;
#pragma omp parallel for reduction(+: e, fx)
#pragma reduce(+: e, fx)
    for (p = 0; p < np; p++) {
        e += qv_cpu[p] * fv_cpu[p].v;
        fx += fv_cpu[p].x;
    }
    printf("e %.6e\n", e);
    printf("fx %.6e\n", fx);
    for (p = 0; p < np; p += np / 3 > 0 ? np / 3 : 1)
        printf("fv[%ld] %.6e %.6e %.6e %.6e\n", p, fv_cpu[p].v, fv_cpu[p].x, fv_cpu[p].y, fv_cpu[p].z);
    printf("time = %.3f s\n", t1 - t0);

    free(box_cpu);
    free(rv_cpu);
    free(qv_cpu);
    free(fv_cpu);
    return 0;
}
