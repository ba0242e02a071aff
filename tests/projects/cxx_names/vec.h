/* Names C++ or CUDA take, with external linkage: the transpiled file
 * renames them (cxx_...) and keeps their C symbols, so the gcc-built file
 * links with them, and the other way round. */
#ifndef VEC_H
#define VEC_H
double norm(const double *v, long n); /* CUDA declares a norm() */
extern int class;                     /* a C++ keyword */
double delete(double x);              /* defined in main.c (gcc) */
double rsqrt_sum(const double *v, long n);
#endif
