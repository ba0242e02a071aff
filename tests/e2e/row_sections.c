/* Sections of a row or a member as accumulators (issue 16, item 1):
 * PolyBench's reduce(+: C[i][0:NJ]) on the k loop of a matrix product,
 * a row of a pointer-to-rows matrix, a histogram in a struct member
 * (h->bins[0:B]) and in a row of a 2-D array picked by a parameter, a
 * product over a row section starting past 0, and a row whose array the
 * loop also reads elsewhere (checked at run time: the loop as written). */
#include <stdio.h>
#include <stdlib.h>

#define NI 24
#define NJ 40
#define NK 30

struct hist {
    long samples;
    unsigned bins[64];
};

static void gemm(int ni, double C[NI][NJ], double A[NI][NK], double B[NK][NJ], double alpha, double beta)
{
    int i, j, k;
    for (i = 0; i < ni; i++) {
        for (j = 0; j < NJ; j++)
            C[i][j] *= beta;
#pragma reduce(+: C[i][0:NJ])
        for (k = 0; k < NK; k++)
            for (j = 0; j < NJ; j++)
                C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

/* rows behind a pointer: float (*M)[NJ] */
static void add_rows(float (*M)[NJ], const float *x, long n, int r)
{
#pragma reduce(+: M[r][0:NJ])
    for (long i = 0; i < n; i++)
        M[r][i % NJ] += x[i];
}

static void fill(struct hist *h, const int *x, long n)
{
#pragma reduce(+: h->bins[0:64])
    for (long i = 0; i < n; i++)
        h->bins[x[i] & 63]++;
}

static void per_class(unsigned H[4][32], const int *x, long n, int c)
{
#pragma reduce(+: H[c][0:32])
    for (long i = 0; i < n; i++)
        if (x[i] % 4 == c)
            H[c][x[i] % 32] += 2;
}

static void products(long long P[3][10], const int *x, long n)
{
    int r = 1;
#pragma reduce(*: P[r][2:6])
    for (long i = 0; i < n; i++)
        P[r][2 + i % 6] *= (x[i] % 3 == 0) ? -1 : 1;
}

/* the loop reads other rows of T too: it runs as written when the row it
 * accumulates into is one of them */
static void smooth(double T[8][16], int r, int src)
{
#pragma reduce(+: T[r][0:16])
    for (int k = 0; k < 16; k++)
        T[r][(k * 5) % 16] += T[src][k];
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    static double A[NI][NK], B[NK][NJ], C[NI][NJ];
    for (int i = 0; i < NI; i++)
        for (int k = 0; k < NK; k++)
            A[i][k] = (double)((i * k + n) % 7) * 0.5;
    for (int k = 0; k < NK; k++)
        for (int j = 0; j < NJ; j++)
            B[k][j] = (double)((k + j) % 5) - 2.0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            C[i][j] = i - j;
    gemm((int)(n % NI) + 1, C, A, B, 1.5, 0.5);
    double s = 0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            s += C[i][j] * (j % 3 + 1);
    printf("gemm %.6f\n", s);

    float (*M)[NJ] = calloc(4, sizeof *M);
    float *x = malloc((size_t)(n + 1) * sizeof *x);
    int *v = malloc((size_t)(n + 1) * sizeof *v);
    for (long i = 0; i < n; i++) {
        x[i] = (float)(i % 9) * 0.25f;
        v[i] = (int)((i * 2654435761u) % 1000);
    }
    add_rows(M, x, n, 2);
    for (int j = 0; j < NJ; j++)
        printf("%g%c", M[2][j], j + 1 < NJ ? ' ' : '\n');

    struct hist h = {0, {0}};
    fill(&h, v, n);
    unsigned long long c = 0;
    for (int b = 0; b < 64; b++)
        c += (unsigned long long)h.bins[b] * (b + 1);
    printf("hist %llu\n", c);

    static unsigned H[4][32];
    for (int k = 0; k < 4; k++)
        per_class(H, v, n, k);
    c = 0;
    for (int k = 0; k < 4; k++)
        for (int b = 0; b < 32; b++)
            c += (unsigned long long)H[k][b] * (b + 7 * k + 1);
    printf("classes %llu\n", c);

    long long P[3][10];
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 10; k++)
            P[r][k] = k + 1;
    products(P, v, n);
    for (int k = 0; k < 10; k++)
        printf("%lld%c", P[1][k], k < 9 ? ' ' : '\n');

    static double T[8][16];
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 16; k++)
            T[r][k] = r * 16 + k + (double)(n % 5);
    smooth(T, 3, 5);
    smooth(T, 4, 4);
    s = 0;
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 16; k++)
            s += T[r][k] * (k + 1);
    printf("smooth %.6f\n", s);
    return 0;
}
