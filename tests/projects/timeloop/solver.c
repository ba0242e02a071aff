#include "grid.h"

double history[HISTORY];

void relax(const double *in, double *out, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        double l = i > 0 ? in[i - 1] : in[i], r = i + 1 < n ? in[i + 1] : in[i];
        out[i] = 0.25 * l + 0.5 * in[i] + 0.25 * r;
    }
}

double norm1(const double *v, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += v[i] < 0 ? -v[i] : v[i];
    return s;
}

/* the written history is read by report.c's print */
void record(int k, double v)
{
#pragma reduce parallel
    for (int i = 0; i < HISTORY; i++)
        history[i] = i == k ? v : history[i];
}

/* steps kept on the GPU; another file's function reads the grid each step */
void run(double *a, double *b, long n, int steps)
{
    for (int s = 0; s < steps; s++) {
        relax(a, b, n);
        relax(b, a, n);
        record(s % HISTORY, norm1(a, n));
        report_step(s, a, n);
    }
}
