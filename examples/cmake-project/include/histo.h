#ifndef HISTO_H
#define HISTO_H

#define HISTO_BINS 8

/* src/input.c (no marked loops) */
void make_samples(double *x, long n);

/* src/histo.c (marked loops, in the static library) */
long count_in(const double *x, long n, double lo, double hi);
double largest(const double *x, long n);

#endif
