#ifndef KERNELS_H
#define KERNELS_H
double kernel_sum(const float *x, long n);
long kernel_count_above(const float *x, long n, float limit);
double kernel_rows_max_total(const float *m, long rows, long cols);
#endif
