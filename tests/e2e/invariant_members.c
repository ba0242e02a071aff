/* Integer members of structs a marked loop cannot change stand in its
 * subscripts like outer scalars (RSBench's poles[nuc * data.max_num_poles
 * + i] with `SimulationData data` passed by value): s.f and s.a.b of a
 * by-value parameter, of a local and of a static global whose address
 * nothing takes (of any global where the loop stores through no
 * pointer), and p->f of a pointer the loop never changes, where the
 * loop stores through no pointer that may reach into a struct; in
 * reductions and parallel loops, as the subscripts' offsets and widths,
 * as inner loops' bounds (the ranges of their variables) and in in()
 * sections. The kernels get the struct by value, or the one element
 * behind p. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    long w;
    int off;
} Shape;

typedef struct {
    int max_num_poles;
    int n;
    Shape sh;
    double *poles; /* a pointer member nothing follows */
} Data;

static Data G;
Shape E; /* any file may point to it: a loop storing through no pointer may still read it */

static double by_value(Data data, const double *poles, int nuc)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < data.n; i++)
        s += poles[nuc * data.max_num_poles + i] + 2 * poles[data.sh.w * nuc + data.sh.off + i];
    return s;
}

static double through_pointer(const Data *p, const double *poles, int nuc)
{
    double m = -1;
#pragma reduce(max: m)
    for (int i = 0; i < p->n; i++)
        if (poles[nuc * p->max_num_poles + p->sh.off + i] > m)
            m = poles[nuc * p->max_num_poles + p->sh.off + i];
    return m;
}

static double global_struct(const double *poles, int nuc)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < G.n; i++)
        s += poles[nuc * G.max_num_poles + i] * (i % 3);
    return s;
}

static double extern_global(const double *poles)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < E.off; i++)
        s += poles[E.w * 2 + i];
    return s;
}

/* rows of width data.max_num_poles, each summed by an inner loop */
static double inner_bounds(Data data, const double *poles, int rows)
{
    double s = 0;
#pragma reduce(+: s)
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < data.max_num_poles; j++)
            s += poles[r * data.max_num_poles + j] * (j + 1);
    return s;
}

static double sectioned(Data data, const double *poles, const int *idx)
{
    double s = 0;
#pragma reduce(+: s) in(poles[data.sh.off : data.max_num_poles])
    for (int i = 0; i < data.n; i++)
        s += poles[data.sh.off + idx[i] % data.max_num_poles];
    return s;
}

/* a parallel loop writing its own row, of a width held in a struct */
static void scale_rows(Data data, const double *poles, double *out, int rows)
{
#pragma reduce parallel
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < data.max_num_poles; j++)
            out[r * data.max_num_poles + j] = 0.5 * poles[r * data.max_num_poles + j] + j;
}

/* a parallel loop whose output offset is a member read through a pointer:
 * it stores through a double *, which cannot reach *p unnoticed (checked
 * at run time against p's element) */
static void shift(const Data *p, const double *poles, double *out)
{
#pragma reduce parallel
    for (int i = 0; i < p->n; i++)
        out[p->sh.off + i] = poles[p->max_num_poles + i] - 1;
}

/* XSBench's hash grid as its error message asks (tests/reject/
 * write_through_member_pointer_parallel.c): the pointer copied before the
 * loop, each iteration writing its own row of a width read from a struct
 * passed by value */
typedef struct {
    long n_isotopes;
    long hash_bins;
} Inputs;

typedef struct {
    int *index_grid;
} SimData;

static void hash_grid(Inputs in, SimData SD, double du)
{
    int *index_grid = SD.index_grid;
    long e;
#pragma reduce parallel
    for (e = 0; e < in.hash_bins; e++) {
        double energy = e * du;
        for (long i = 0; i < in.n_isotopes; i++)
            index_grid[e * in.n_isotopes + i] = (int)(energy * 100) + (int)i;
    }
}

static long local_struct(const double *poles, int n)
{
    Shape sh = {3, n / 2};
    long c = 0;
#pragma reduce(+: c)
    for (int i = 0; i < n / 2; i++)
        c += poles[sh.off + i] > sh.w;
    return c;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    int rows = 3;
    Data d = {n, n, {n + 1, n % 5}, NULL};
    size_t total = (size_t)(4 * (n + 1) + 16);
    double *poles = malloc(total * sizeof *poles);
    double *out = malloc(total * sizeof *out);
    int *idx = malloc((size_t)(n + 1) * sizeof *idx);
    if (!poles || !out || !idx)
        return 1;
    for (size_t i = 0; i < total; i++)
        poles[i] = (double)((i * 7) % 11), out[i] = 0;
    for (int i = 0; i <= n; i++)
        idx[i] = (i * 13) % (n + 1);
    G = d;
    G.n = n / 2;
    E.w = n / 3;
    E.off = n;
    d.poles = poles;
    printf("%.1f %.1f %.1f\n", by_value(d, poles, 2), through_pointer(&d, poles, 1), global_struct(poles, 3));
    printf("%.1f %.1f %ld\n", inner_bounds(d, poles, rows), n ? sectioned(d, poles, idx) : 0.0,
           local_struct(poles, n));
    scale_rows(d, poles, out, rows);
    shift(&d, poles, out + 3 * n);
    double t = 0;
    for (size_t i = 0; i < total; i++)
        t += out[i] * (double)(i % 7 + 1);
    printf("%.1f %.1f\n", t, extern_global(poles));
    Inputs in = {n % 7 + 1, n / 4};
    int *grid = malloc((size_t)(in.n_isotopes * in.hash_bins + 1) * sizeof *grid);
    if (!grid)
        return 1;
    SimData sd = {grid};
    hash_grid(in, sd, in.hash_bins ? 1.0 / in.hash_bins : 0);
    long g = 0;
    for (long k = 0; k < in.n_isotopes * in.hash_bins; k++)
        g += grid[k] * (k % 5 + 1);
    printf("%ld\n", g);
    free(grid);
    free(poles);
    free(out);
    free(idx);
    return 0;
}
