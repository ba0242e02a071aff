/* Pointers held in structs beside OpenMP lines (issue 42, item 3): a
 * lookup in the style of XSBench (SD.num_nucs[i], SD.nuclide_grid[...],
 * SD.concs[...]) and RSBench (data.poles), marked with `#pragma reduce`
 * next to the `omp parallel for` the code already has, an `omp for` in a
 * parallel region, and a collapsed parallel loop writing through a member
 * pointer, the lookups copying members to pointers without const in the
 * body as XSBench does. Built with and without OpenMP; every result must be the
 * sequential program's.
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    long n_isotopes;
    long n_gridpoints;
    long lookups;
} Inputs;

typedef struct {
    int *num_nucs;
    int *mats;
    double *concs;
    double *nuclide_grid;
    long max_num_nucs;
} SimulationData;

typedef struct {
    double *poles;
    long *offsets;
    long n;
} Data;

/* per material, the sum over its nuclides of conc * xs */
static double macro_xs(Inputs in, SimulationData SD, int mat, long g)
{
    double xs = 0.0;
#pragma reduce(+: xs) in(SD.mats[0:5 * SD.max_num_nucs], SD.concs[0:5 * SD.max_num_nucs]) \
    in(SD.nuclide_grid[0:in.n_isotopes * in.n_gridpoints])
    for (int j = 0; j < SD.num_nucs[mat]; j++) {
        int nuc = SD.mats[mat * SD.max_num_nucs + j];
        xs += SD.concs[mat * SD.max_num_nucs + j] * SD.nuclide_grid[nuc * in.n_gridpoints + g];
    }
    return xs;
}

/* the lookups, one per iteration, verification summed */
static unsigned long run_lookups(Inputs in, SimulationData SD, int nmat)
{
    unsigned long verification = 0;
#pragma omp parallel for reduction(+: verification)
#pragma reduce(+: verification) in(SD.num_nucs[0:nmat], SD.mats[0:nmat * SD.max_num_nucs]) \
    in(SD.concs[0:nmat * SD.max_num_nucs], SD.nuclide_grid[0:in.n_isotopes * in.n_gridpoints])
    for (long i = 0; i < in.lookups; i++) {
        /* XSBench's copies in the body, to pointers without const */
        int *num_nucs = SD.num_nucs;
        double *concs = SD.concs;
        int mat = (int)((i * 7) % nmat);
        long g = (i * 13) % in.n_gridpoints;
        double xs = 0.0;
        for (int j = 0; j < num_nucs[mat]; j++) {
            int nuc = SD.mats[mat * SD.max_num_nucs + j];
            xs += concs[mat * SD.max_num_nucs + j] * SD.nuclide_grid[nuc * in.n_gridpoints + g];
        }
        verification += (unsigned long)(xs * 1000.0) % 997;
    }
    return verification;
}

/* RSBench-style: data->poles read through a pointer, in() naming it */
static double pole_sum(const Data *data, long m)
{
    double s = 0.0;
#pragma omp parallel
    {
#pragma omp for reduction(+: s)
#pragma reduce(+: s) in(data->poles[0:data->n * m])
        for (long i = 0; i < data->n; i++)
            for (long k = 0; k < m; k++)
                s += data->poles[data->offsets[i] * m + k];
    }
    return s;
}

/* default(none) on the OpenMP line: the copies made before the loop are
 * named shared there (RSBench's lookups have it) */
static double pole_dot(Data data, long m)
{
    double s = 0.0;
#pragma omp parallel for default(none) shared(data, m) reduction(+: s) // as RSBench writes it
#pragma reduce(+: s) in(data.poles[0:data.n * m], data.offsets[0:data.n])
    for (long i = 0; i < data.n * m; i++)
        s += data.poles[i] * data.offsets[i / m];
    return s;
}

/* a collapsed parallel loop writing its own element through a member */
static void fill(SimulationData *SD, Inputs in)
{
#pragma omp parallel for collapse(2)
#pragma reduce parallel collapse(2)
    for (long n = 0; n < in.n_isotopes; n++)
        for (long g = 0; g < in.n_gridpoints; g++)
            SD->nuclide_grid[n * in.n_gridpoints + g] = (double)((n * 31 + g * 7) % 101) / 64.0; /* (binary fractions: exact sums, with or without FMAs) */
}

int main(int argc, char **argv)
{
    long size = argc > 1 ? atol(argv[1]) : 1000;
    Inputs in = {7, size + 1, size};
    int nmat = 5;
    SimulationData SD;
    SD.max_num_nucs = 4;
    SD.num_nucs = malloc((size_t)nmat * sizeof(int));
    SD.mats = malloc((size_t)(nmat * SD.max_num_nucs) * sizeof(int));
    SD.concs = malloc((size_t)(nmat * SD.max_num_nucs) * sizeof(double));
    SD.nuclide_grid = malloc((size_t)(in.n_isotopes * in.n_gridpoints) * sizeof(double));
    for (int m = 0; m < nmat; m++) {
        SD.num_nucs[m] = 1 + m % 4;
        for (int j = 0; j < SD.max_num_nucs; j++) {
            SD.mats[m * SD.max_num_nucs + j] = (m + j * 2) % (int)in.n_isotopes;
            SD.concs[m * SD.max_num_nucs + j] = 0.25 * (j + 1) + m;
        }
    }
    fill(&SD, in);
    printf("macro %.4f %.4f\n", macro_xs(in, SD, 3, in.n_gridpoints / 2), macro_xs(in, SD, 0, 0));
    printf("verification %lu\n", run_lookups(in, SD, nmat));
    /* the host changes the grid: the next lookups see it */
    for (long g = 0; g < in.n_gridpoints; g += 5)
        SD.nuclide_grid[g] += 1.0;
    printf("verification %lu\n", run_lookups(in, SD, nmat));
    long m = 3;
    Data data = {malloc((size_t)(size * m + 1) * sizeof(double)), malloc((size_t)(size + 1) * sizeof(long)), size};
    for (long i = 0; i < size * m; i++)
        data.poles[i] = (double)((i * 5) % 17) * 0.125;
    for (long i = 0; i < size; i++)
        data.offsets[i] = (i * 3 + 1) % (size ? size : 1);
    printf("poles %.3f\n", pole_sum(&data, m));
    printf("pole dot %.3f\n", pole_dot(data, m));
    return 0;
}
