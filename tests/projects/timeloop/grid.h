/* A time loop split over files: solver.c (transpiled) keeps the grid on
 * the GPU across its own loop, report.c and main.c (plain C, gcc) read it
 * between calls and through callbacks. */
#ifndef GRID_H
#define GRID_H

#define HISTORY 16
extern double history[HISTORY];

void relax(const double *in, double *out, long n);
double norm1(const double *v, long n);
void run(double *a, double *b, long n, int steps);
void record(int k, double v);

double checksum(const double *v, long n);
void report_step(int step, const double *v, long n);

#endif
