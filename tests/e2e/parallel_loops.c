/* `#pragma reduce parallel`: loops whose iterations are independent, with
 * no reduction variable, run as kernels (issue 17). The updates and
 * stencils around reductions: axpy, a scaled copy, a Jacobi sweep over a
 * flat grid (reads of neighbours in an array it does not write; the
 * written-out 2-D nest is tests/reject/parallel_loops.c), a time-step loop
 * alternating parallel updates and a marked reduction over the same data,
 * a parallel loop around a marked loop with an integer count across its
 * iterations, a named floating-point accumulator (reduce(+: total)), C89
 * temporaries, an OpenMP line beside it, reads through an index array
 * with in(), a helper function, a loop counting down. Built with OpenMP
 * on both sides (the CPU path of scale_copy runs with its threads).
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>

static void axpy(float a, const float *x, float *y, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

static void scale_copy(double *dst, const double *src, double k, int n)
{
#pragma omp parallel for
#pragma reduce parallel
    for (int i = 0; i < n; i++)
        dst[i] = k * src[i];
}

/* one Jacobi sweep over a w x h grid, flat; the edges copied */
static void jacobi(const double *in, double *out, long w, long h)
{
#pragma reduce parallel
    for (long k = 0; k < w * h; k++) {
        long r = k / w, c = k % w;
        if (r == 0 || r == h - 1 || c == 0 || c == w - 1)
            out[k] = in[k];
        else
            out[k] = 0.25 * (in[k - w] + in[k + w] + in[k - 1] + in[k + 1]);
    }
}

static double dot(const double *a, const double *b, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

/* rows with a positive sum, each row's sum kept */
static long positive_rows(const float *m, float *sums, long rows, long cols)
{
    long count = 0;
#pragma reduce parallel
    for (long i = 0; i < rows; i++) {
        float s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += m[i * cols + j];
        sums[i] = s;
        count += s > 0;
    }
    return count;
}

static double energy(const float *m, float *norms, long rows, long cols)
{
    double total = 0.5;
#pragma reduce parallel reduce(+: total)
    for (long i = 0; i < rows; i++) {
        double r = 0;
        for (long j = 0; j < cols; j++)
            r += (double)m[i * cols + j] * m[i * cols + j];
        norms[i] = (float)r;
        total += r;
    }
    return total;
}

/* C89: the temporaries at the top, each iteration assigns them first */
static void clamp_shift(int *v, const int *u, int n, int lo, int hi)
{
    int i, t;
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        t = u[i] + 3;
        if (t < lo)
            t = lo;
        if (t > hi)
            t = hi;
        v[i] = t;
    }
}

static void gather(float *out, const float *x, const int *idx, long n, long nx)
{
#pragma reduce parallel in(x[0:nx])
    for (long i = 0; i < n; i++)
        out[i] = x[idx[i]] * 2.0f;
}

static double smooth(double v) { return v < 0 ? 0 : v * 0.5; }

static void apply_down(double *y, const double *x, long n)
{
#pragma reduce parallel
    for (long i = n - 1; i >= 0; i--)
        y[i] = smooth(x[i]) + (double)(i % 100);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float *x = malloc((size_t)(n + 1) * sizeof *x);
    float *y = malloc((size_t)(n + 1) * sizeof *y);
    double *d = malloc((size_t)(n + 1) * sizeof *d);
    double *e = malloc((size_t)(n + 1) * sizeof *e);
    int *u = malloc((size_t)(n + 1) * sizeof *u);
    int *v = malloc((size_t)(n + 1) * sizeof *v);
    int *idx = malloc((size_t)(n + 1) * sizeof *idx);
    for (long i = 0; i < n; i++) {
        x[i] = (float)(i % 7) - 3.0f;
        y[i] = (float)(i % 3);
        d[i] = (double)((i * 5) % 11) / 4.0;
        u[i] = (int)((i * 2654435761u) % 200) - 100;
        idx[i] = (int)((i * 7919) % n);
    }
    axpy(2.0f, x, y, n);
    axpy(-0.5f, y, x, n);
    double cx = 0;
    for (long i = 0; i < n; i++)
        cx += x[i] * (double)(i % 5 + 1) + y[i];
    printf("axpy %.2f\n", cx);

    scale_copy(e, d, 3.0, (int)n);
    printf("scale %.3f\n", dot(e, d, n));

    /* a time-step loop: sweeps and a reduction over the same grid */
    long w = 1;
    while ((w + 1) * (w + 1) <= n)
        w++;
    long h = w > 0 ? n / w : 0;
    for (long i = 0; i < w * h; i++)
        e[i] = d[i];
    for (int step = 0; step < 4; step++) {
        jacobi(e, d, w, h);
        jacobi(d, e, w, h);
        printf("step %d: %.4f\n", step, dot(e, e, w * h));
    }

    long cols = n >= 64 ? 64 : 1, rows = n / cols;
    float *sums = malloc((size_t)(rows + 1) * sizeof *sums);
    long pos = positive_rows(x, sums, rows, cols);
    double cs = 0;
    for (long i = 0; i < rows; i++)
        cs += sums[i] * (double)(i % 3 + 1);
    printf("rows %ld positive, %.2f; energy %.2f\n", pos, cs, energy(x, sums, rows, cols));

    clamp_shift(v, u, (int)n, -50, 60);
    long cv = 0;
    for (long i = 0; i < n; i++)
        cv += (long)v[i] * (i % 4 + 1);
    printf("clamp %ld\n", cv);

    gather(y, x, idx, n, n);
    double cg = 0;
    for (long i = 0; i < n; i++)
        cg += y[i] * (double)(i % 9 + 1);
    printf("gather %.2f\n", cg);

    apply_down(e, d, n);
    printf("down %.3f\n", dot(e, e, n));
    free(x);
    free(y);
    free(d);
    free(e);
    free(u);
    free(v);
    free(idx);
    free(sums);
    return 0;
}
