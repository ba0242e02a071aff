/* A parallel loop's innermost loops, shared by each iteration's group of
 * threads by themselves when their iterations are independent: gemm's
 * body (a row scaled, then rows added under a sequential k), a row scan
 * that carries a value from one element to the next (not independent:
 * run in each thread as written), an inner loop under a condition of the
 * iteration, one inside a while loop, C89 induction variables declared at
 * the top and read after the nest. */
#include <stdio.h>
#include <stdlib.h>
#define NI 37
#define NJ 41
#define NK 29
static double C[NI][NJ], A[NI][NK], B[NK][NJ], S[NI][NJ];
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int i, j, k, r;
    double alpha = 1.5, beta = n % 7 * 0.25;
    for (i = 0; i < NI; i++)
        for (j = 0; j < NJ; j++)
            C[i][j] = (i * 3 + j + n) % 13 - 6;
    for (i = 0; i < NI; i++)
        for (k = 0; k < NK; k++)
            A[i][k] = (i + 2 * k) % 7 - 3;
    for (k = 0; k < NK; k++)
        for (j = 0; j < NJ; j++)
            B[k][j] = (k * j + 1) % 5 - 2;
#pragma reduce parallel
    for (i = 0; i < NI; i++) {
        for (j = 0; j < NJ; j++)
            C[i][j] *= beta;
        for (k = 0; k < NK; k++) {
            for (j = 0; j < NJ; j++)
                C[i][j] += alpha * A[i][k] * B[k][j];
        }
    }
    printf("gemm i=%d j=%d k=%d C[3][5]=%g C[36][40]=%g\n", i, j, k, C[3][5], C[36][40]);
    /* prefix sums along each row: the inner loop reads what it wrote */
#pragma reduce parallel
    for (i = 0; i < NI; i++) {
        S[i][0] = C[i][0];
        for (j = 1; j < NJ; j++)
            S[i][j] = S[i][j - 1] + C[i][j];
    }
    /* rows of even i only, and a while around the shared loop */
#pragma reduce parallel
    for (i = 0; i < NI; i++) {
        if (i % 2 == 0 && n > 1) {
            for (j = 0; j < NJ; j++)
                C[i][j] = S[i][j] * 0.5;
        }
        r = 0;
        while (r < 2) {
            for (k = 0; k < NK; k++)
                A[i][k] = A[i][k] + r + B[k][i % NJ];
            r++;
        }
    }
    double s = 0, t = 0;
    for (i = 0; i < NI; i++)
        for (j = 0; j < NJ; j++)
            s += C[i][j] * (j + 1) + S[i][j];
    for (i = 0; i < NI; i++)
        for (k = 0; k < NK; k++)
            t += A[i][k] * (k + 1);
    printf("s=%.6f t=%.6f r=%d\n", s, t, r);
    return 0;
}
