/* PolyBench/C-style kernels (C89 declarations, fixed-size 2-D parameters)
 * with element accumulators marked as a user would: gemm C[i][j],
 * covariance mean[j] and cov[i][j] (its symmetric store keeps the outer
 * loops on the host), atax tmp[i] (the y[j] scatter keeps it per row), mvt
 * x1[i] and the transposed x2[i] (issue 16). Values are small integers, so
 * every order of summation gives the same bits. */
#include <stdio.h>
#include <stdlib.h>

#define NI 64
#define NJ 72
#define NK 80
#define M 60
#define N 70
void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                 double C[NI][NJ], double A[NI][NK], double B[NK][NJ])
{
  int i, j, k;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      C[i][j] *= beta;
#pragma reduce(+: C[i][j])
      for (k = 0; k < nk; ++k)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}
void kernel_covariance(int m, int n, double float_n, double data[N][M], double cov[M][M], double mean[M])
{
  int i, j, k;
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
#pragma reduce(+: mean[j])
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      cov[i][j] = 0.0;
#pragma reduce(+: cov[i][j])
      for (k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
}
void kernel_atax(int m, int n, double A[M][N], double x[N], double y[N], double tmp[M])
{
  int i, j;
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
      tmp[i] = 0.0;
#pragma reduce(+: tmp[i])
      for (j = 0; j < n; j++)
        tmp[i] = tmp[i] + A[i][j] * x[j];
      for (j = 0; j < n; j++)
        y[j] = y[j] + A[i][j] * tmp[i];
  }
}
void kernel_mvt(int n, double x1[N], double x2[N], double y_1[N], double y_2[N], double A[N][N])
{
  int i, j;
  for (i = 0; i < n; i++)
#pragma reduce(+: x1[i])
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < n; i++)
#pragma reduce(+: x2[i])
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}

static double A1[NI][NK], B1[NK][NJ], C1[NI][NJ];
static double data[N][M], cov[M][M], mean[M];
static double A2[M][N], x[N], y[N], tmp[M];
static double x1[N], x2[N], y_1[N], y_2[N], A3[N][N];

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 1000;
  int s = (int)(n % 11), i, j;
  int ni = (int)(n < NI ? n : NI), nj = NJ, nk = (int)(n % NK);
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A1[i][j] = (double)((i * j + s) % 7) - 3.0;
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B1[i][j] = (double)((i + 2 * j + s) % 5) - 2.0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      C1[i][j] = (double)((i - j) % 3);
  kernel_gemm(ni, nj, nk, 2.0, 0.5, C1, A1, B1);
  for (i = 0; i < NI; i += 9)
    printf("C[%d] = %.2f %.2f %.2f\n", i, C1[i][0], C1[i][NJ / 2], C1[i][NJ - 1]);

  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      data[i][j] = (double)((i * 3 + j * 5 + s) % 8);
  kernel_covariance(M, N, 8.0, data, cov, mean);
  for (j = 0; j < M; j += 11)
    printf("mean[%d] = %.4f cov = %.4f %.4f\n", j, mean[j], cov[j][j], cov[0][j]);

  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      A2[i][j] = (double)((i + j * s) % 6) - 2.0;
  for (j = 0; j < N; j++)
    x[j] = (double)(j % 4);
  kernel_atax(M, N, A2, x, y, tmp);
  for (j = 0; j < N; j += 13)
    printf("y[%d] = %.1f tmp = %.1f\n", j, y[j], tmp[j % M]);

  for (i = 0; i < N; i++) {
    x1[i] = (double)(i % 3);
    x2[i] = (double)(i % 5) - 1.0;
    y_1[i] = (double)((i * 7) % 4);
    y_2[i] = (double)((i + s) % 3);
    for (j = 0; j < N; j++)
      A3[i][j] = (double)((i * j + j + s) % 5) - 2.0;
  }
  kernel_mvt(N, x1, x2, y_1, y_2, A3);
  for (i = 0; i < N; i += 17)
    printf("x1[%d] = %.1f x2 = %.1f\n", i, x1[i], x2[i]);
  return 0;
}
