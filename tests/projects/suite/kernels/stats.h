#ifndef STATS_H
#define STATS_H
double stats_mean(const double *x, long n);
double stats_variance(const double *x, long n, double mean);
void stats_column_sums(const double *a, long rows, long cols, double *sums);
long stats_argmax(const double *x, long n);
#endif
