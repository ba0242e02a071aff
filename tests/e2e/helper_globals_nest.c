/* pragreduce-flags: -fopenmp */
/* A function reading globals (a weight table the host rewrites each step,
 * a shift) called from a marked loop inside a parallel loop (one launch
 * for the nest: the segmented kernel passes the globals on) and from a
 * marked loop under '#pragma omp for' in a parallel region. */
#include <stdio.h>
#include <stdlib.h>
#define N 300
#define M 40
double w[M];
int shiftk = 2;
static double wt(int j) { return w[(j + shiftk) % M]; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  double *a = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1) * M), *row = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  int i, j, step;
  for (i = 0; i < n * M; i++) a[i] = (i % 11) * 0.25;
  for (step = 0; step < 2; step++) {
    for (j = 0; j < M; j++) w[j] = j * 0.5 + step;
#pragma reduce parallel
    for (i = 0; i < n; i++) {
      double s = 0;
#pragma reduce(+: s)
      for (j = 0; j < M; j++) s += a[i * M + j] * wt(j);
      row[i] = s;
    }
    double t = 0;
    for (i = 0; i < n; i++) t += row[i];
    printf("%d %.4f\n", step, t);
  }
  double tot = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+: tot)
#pragma reduce(+: tot)
    for (i = 0; i < n; i++) tot += wt(i) * a[i];
  }
  printf("omp %.4f\n", tot);
  return 0;
}
