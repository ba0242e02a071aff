/* Functions called from marked loops that read the program's globals, the
 * way solvers keep constant tables and sizes (NPB's exact_solution reads
 * ce[5][13]): the GPU copies take them as parameters, the loop copies them
 * like arrays it reads, and host writes between calls reach the next call.
 * Forms: a 2-D table and a size; a helper calling a helper that reads
 * another global; a struct of numbers; a const table with an initializer;
 * f(void); a K&R definition; a global pointer named in in(); a parallel
 * loop writing its own element through a helper; the table written by a
 * host function between calls; a marked loop in a function called each
 * step. Every value is a multiple of a power of two, so that the sums are
 * exact in any order. */
#include <stdio.h>
#include <stdlib.h>

double ce[5][13];
int nx = 50;
struct params {
    double a, b;
    int shift;
} P = {0.5, 2.0, 3};
static const double coef[4] = {1.0, -0.5, 0.25, -0.125};
double scale = 1.5;
double *weights;
int nweights;

static double exact_solution(int i, int m)
{
    return ce[m][0] + ce[m][1] * (i % nx) * 0.25 + ce[m][12];
}

static double poly(double x)
{
    return coef[0] + x * (coef[1] + x * (coef[2] + x * coef[3]));
}

static double shaped(int i)
{
    /* reads P itself, and coef through poly */
    return P.a * poly((double)((i + P.shift) % 7) * 0.125) + P.b;
}

static int width(void)
{
    return nx;
}

static double knr_scale(x)
double x;
{
    return x * scale;
}

static double weight(int i)
{
    return weights[i % nweights];
}

static void set_table(int step)
{
    int m, k;
    for (m = 0; m < 5; m++)
        for (k = 0; k < 13; k++)
            ce[m][k] = (m + 1) * 0.5 + k * 0.125 + step;
}

static double sum_exact(int n)
{
    double s = 0;
    int i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += exact_solution(i, i % 5);
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *out = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    double s, t;
    long cnt;
    int i, step;
    nweights = 17;
    weights = malloc(sizeof(double) * (size_t)nweights);
    for (i = 0; i < nweights; i++)
        weights[i] = (i % 5) * 0.5 - 1.0;

    for (step = 0; step < 3; step++) {
        set_table(step);
        ce[step][12] = -step; /* a host write of one element */
        nx = 50 + step;
        printf("step %d: exact %.6f\n", step, sum_exact(n));
    }

    s = 0;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += shaped(i);
    printf("shaped %.6f\n", s);

    P.shift = 5;
    s = 0;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += shaped(i);
    printf("shaped again %.6f\n", s);

    cnt = 0;
#pragma reduce(+: cnt)
    for (i = 0; i < n; i++)
        cnt += i % width() == 0;
    printf("width %ld\n", cnt);

    t = 0;
#pragma reduce(+: t)
    for (i = 0; i < n; i++)
        t += knr_scale((double)(i % 9));
    printf("knr %.6f\n", t);

    s = 0;
#pragma reduce(+: s) in(weights[0:nweights])
    for (i = 0; i < n; i++)
        s += weight(i) * i;
    printf("weights %.6f\n", s);
    weights[3] = 10.0;
    s = 0;
#pragma reduce(+: s) in(weights[0:nweights])
    for (i = 0; i < n; i++)
        s += weight(i) * i;
    printf("weights again %.6f\n", s);

#pragma reduce parallel
    for (i = 0; i < n; i++)
        out[i] = exact_solution(i, (i / 3) % 5) * poly(0.5);
    s = 0;
    for (i = 0; i < n; i++)
        s += out[i];
    printf("parallel %.6f\n", s);

    free(out);
    free(weights);
    return 0;
}
