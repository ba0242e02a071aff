#ifndef STATS_H
#define STATS_H

/* data.c: no marked loops, built by gcc */
void fill_readings(int *v, long n, unsigned seed);

/* stats.c: marked loops, built by nvcc through pragreduce */
long long sum_of(const int *v, long n);
int max_of(const int *v, long n);
int min_of(const int *v, long n);

#endif
