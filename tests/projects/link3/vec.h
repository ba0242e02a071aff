/* Shared by the three files: two are transpiled (vec.c, main.c), one is
 * built by the C compiler alone (util.c). */
#ifndef VEC_H
#define VEC_H

extern long vec_calls; /* defined in vec.c, counted by every call */

double vec_dot(const double *x, const double *y, long n);
double vec_max(const double *x, long n);
/* util.c: plain C, calls back into vec.c */
void util_fill(double *x, long n, int seed);
double util_norm2(const double *x, long n);

#endif
