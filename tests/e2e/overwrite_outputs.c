/* Loops that write every element they cover before reading any run
 * without copying those arrays to the GPU first (access.c's overwrite
 * rule), beside loops that write only some elements of what they cover,
 * whose other elements must keep the host's values: every other element,
 * one of three coordinates, a write under a condition, a write inside an
 * inner loop that may not run, rows of a width that may be 0. Host writes
 * between the loops (into kept copies), a reused array, and blocks freed
 * while their newest bytes are on the GPU (not copied back, and a block
 * malloc hands out again starts from what the host wrote).
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>

static void fill(double *y, long n, double v)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        y[i] = v + (double)(i % 3);
}

static void fill_even(double *y, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n / 2; i++)
        y[2 * i] = 7.0;
}

static void fill_if(double *y, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        if (i % 3 == 1)
            y[i] = -3.0;
}

static void fill_repeat(double *y, long n, int m)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        for (int k = 0; k < m; k++)
            y[i] = (double)k;
}

static void xyz(double *p, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        p[3 * i + 2] = 3.0;
        p[3 * i] = 1.0;
        p[3 * i + 1] = 2.0;
    }
}

static void xy(double *p, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        p[3 * i] = 5.0;
        p[3 * i + 1] = 6.0;
    }
}

static void rows(float *g, long r, int w)
{
#pragma reduce parallel
    for (long i = 0; i < r; i++)
        for (int j = 0; j < w; j++)
            g[i * w + j] = (float)(i + j);
}

static double total(const double *y, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += y[i] * (double)(i % 5 + 1);
    return s;
}

/* a sum that also overwrites its output */
static double scaled(double *out, const double *y, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        out[i] = 2.0 * y[i];
        s += y[i];
    }
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *y = malloc(sizeof(double) * (size_t)(n + 1));
    double *o = malloc(sizeof(double) * (size_t)(n + 1));
    double *p = malloc(sizeof(double) * 3 * (size_t)(n + 1));
    float *g = malloc(sizeof(float) * 4 * (size_t)(n + 1));
    if (!y || !o || !p || !g)
        return 1;
    for (long i = 0; i <= n; i++)
        y[i] = -1.0;
    fill(y, n, 1.0);
    if (n > 5)
        y[5] = 42.0;
    fill_even(y, n);
    printf("even: %.1f\n", total(y, n));
    fill_if(y, n);
    printf("if: %.1f\n", total(y, n));
    fill_repeat(y, n, 0);
    printf("repeat 0: %.1f\n", total(y, n));
    fill_repeat(y, n, 3);
    printf("repeat 3: %.1f\n", total(y, n));
    if (n > 7)
        y[7] = 9.0;
    fill(y, n, 4.0);
    printf("fill again: %.1f, y[n] %.1f\n", total(y, n), y[n]);
    printf("scaled: %.1f", scaled(o, y, n));
    printf(" %.1f\n", total(o, n));
    for (long i = 0; i < 3 * n; i++)
        p[i] = -2.0;
    xy(p, n);
    printf("xy: %.1f\n", total(p, 3 * n));
    xyz(p, n);
    printf("xyz: %.1f\n", total(p, 3 * n));
    for (long i = 0; i < 4 * n; i++)
        g[i] = -1.0f;
    rows(g, n, 0);
    rows(g, n / 2, 3);
    double sg = 0;
    for (long i = 0; i < 4 * n; i++)
        sg += g[i] * (double)(i % 7 + 1);
    printf("rows: %.1f\n", sg);
    /* the newest y and o are on the GPU when they are freed */
    fill(y, n, 8.0);
    fill(o, n, 9.0);
    free(y);
    free(o);
    double *again = malloc(sizeof(double) * (size_t)(n + 1));
    if (!again)
        return 1;
    for (long i = 0; i <= n; i++)
        again[i] = 0.5;
    printf("again: %.1f\n", total(again, n + 1));
    free(again);
    free(p);
    free(g);
    return 0;
}
