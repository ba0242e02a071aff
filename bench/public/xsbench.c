/* A stand-in for XSBench's event-based OpenMP simulation (history mode
 * off): macroscopic cross-section lookups on a unionized energy grid.
 * Written from the structure of the public code, not copied from it.
 *
 *   xsbench [lookups] [small|large|N_ISOTOPES] [gridpoints] [unionized|nuclide]
 *
 * defaults: 1000000 lookups, small (68 nuclides, fuel of 34), 11303 grid
 * points per nuclide, the unionized grid.  "large" is 355 nuclides (fuel of
 * 321), XSBench's default problem (5.7 GB of index grid).  The main loop is
 * the one a user marks: `#pragma reduce(+: verification)` beside the OpenMP
 * line.  Prints the verification checksum, then the lookup loop's time. */
/* gcc -Wall warns about every pragma it does not know (#pragma reduce, and
 * #pragma omp without -fopenmp) */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define STARTING_SEED 1070
#define N_MATERIALS 12
#define UNIONIZED 0
#define NUCLIDE 1

typedef struct {
    double energy;
    double total_xs;
    double elastic_xs;
    double absorbtion_xs;
    double fission_xs;
    double nu_fission_xs;
} NuclideGridPoint;

typedef struct {
    int n_isotopes;
    long n_gridpoints;
    long lookups;
    int grid_type;
} Inputs;

typedef struct {
    int *num_nucs;                    /* [N_MATERIALS] */
    double *concs;                    /* [N_MATERIALS * max_num_nucs] */
    int *mats;                        /* [N_MATERIALS * max_num_nucs] */
    double *unionized_energy_array;   /* [n_isotopes * n_gridpoints] */
    int *index_grid;                  /* [n_isotopes * n_gridpoints * n_isotopes] */
    NuclideGridPoint *nuclide_grid;   /* [n_isotopes * n_gridpoints] */
    int max_num_nucs;
    long length_unionized_energy_array;
} SimulationData;

static double wall_time(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- the 2^63 linear congruential generator and its skip-ahead ---- */

static double LCG_random_double(uint64_t *seed)
{
    const uint64_t m = 9223372036854775808ULL; /* 2^63 */
    const uint64_t a = 2806196910506780709ULL;
    const uint64_t c = 1ULL;
    *seed = (a * (*seed) + c) % m;
    return (double)(*seed) / (double)m;
}

/* seed advanced by n steps in O(log n): compose the affine map x -> a x + c
 * with itself by repeated squaring */
static uint64_t fast_forward_LCG(uint64_t seed, uint64_t n)
{
    const uint64_t m = 9223372036854775808ULL;
    uint64_t a = 2806196910506780709ULL;
    uint64_t c = 1ULL;
    uint64_t acc_a = 1, acc_c = 0;
    n = n % m;
    while (n > 0) {
        if (n & 1) {
            acc_a = acc_a * a;
            acc_c = acc_c * a + c;
        }
        c = c * (a + 1);
        a = a * a;
        n >>= 1;
    }
    return (acc_a * seed + acc_c) % m;
}

/* ---- initialization (serial, deterministic) ---- */

static int NGP_compare(const void *a, const void *b)
{
    const NuclideGridPoint *x = (const NuclideGridPoint *)a;
    const NuclideGridPoint *y = (const NuclideGridPoint *)b;
    return (x->energy > y->energy) - (x->energy < y->energy);
}

static int double_compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

static NuclideGridPoint *generate_grids(const Inputs *in, uint64_t *seed)
{
    long total = (long)in->n_isotopes * in->n_gridpoints;
    NuclideGridPoint *g = (NuclideGridPoint *)xmalloc((size_t)total * sizeof(NuclideGridPoint));
    for (long k = 0; k < total; k++) {
        g[k].energy = LCG_random_double(seed);
        g[k].total_xs = LCG_random_double(seed);
        g[k].elastic_xs = LCG_random_double(seed);
        g[k].absorbtion_xs = LCG_random_double(seed);
        g[k].fission_xs = LCG_random_double(seed);
        g[k].nu_fission_xs = LCG_random_double(seed);
    }
    for (int i = 0; i < in->n_isotopes; i++)
        qsort(&g[(long)i * in->n_gridpoints], (size_t)in->n_gridpoints, sizeof(NuclideGridPoint),
              NGP_compare);
    return g;
}

/* the union of every nuclide's energies, and for each union point and
 * nuclide the index of the nuclide's grid interval below it */
static void generate_unionized(const Inputs *in, SimulationData *SD)
{
    long ngp = in->n_gridpoints;
    int nis = in->n_isotopes;
    long len = (long)nis * ngp;
    double *egrid = (double *)xmalloc((size_t)len * sizeof(double));
    for (long k = 0; k < len; k++)
        egrid[k] = SD->nuclide_grid[k].energy;
    qsort(egrid, (size_t)len, sizeof(double), double_compare);

    int *index_grid = (int *)xmalloc((size_t)len * (size_t)nis * sizeof(int));
    long *low = (long *)calloc((size_t)nis, sizeof(long));
    double *next_energy = (double *)xmalloc((size_t)nis * sizeof(double));
    for (int i = 0; i < nis; i++)
        next_energy[i] = SD->nuclide_grid[(long)i * ngp + 1].energy;
    for (long e = 0; e < len; e++) {
        double u = egrid[e];
        int *row = &index_grid[e * nis];
        for (int i = 0; i < nis; i++) {
            if (u >= next_energy[i] && low[i] < ngp - 2) {
                low[i]++;
                next_energy[i] = SD->nuclide_grid[(long)i * ngp + low[i] + 1].energy;
            }
            row[i] = (int)low[i];
        }
    }
    free(low);
    free(next_energy);
    SD->unionized_energy_array = egrid;
    SD->index_grid = index_grid;
    SD->length_unionized_energy_array = len;
}

/* 12 materials: fuel first; the nuclides of each are distinct indices
 * drawn by a partial shuffle, their concentrations uniform in (0, 1) */
static void generate_materials(const Inputs *in, SimulationData *SD, uint64_t *seed)
{
    static const int nucs_large[N_MATERIALS] = {321, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};
    static const int nucs_small[N_MATERIALS] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};
    const int *nn = in->n_isotopes >= 355 ? nucs_large : nucs_small;
    int maxn = nn[0];
    SD->num_nucs = (int *)xmalloc(N_MATERIALS * sizeof(int));
    SD->mats = (int *)xmalloc((size_t)N_MATERIALS * (size_t)maxn * sizeof(int));
    SD->concs = (double *)xmalloc((size_t)N_MATERIALS * (size_t)maxn * sizeof(double));
    SD->max_num_nucs = maxn;
    int *perm = (int *)xmalloc((size_t)in->n_isotopes * sizeof(int));
    for (int m = 0; m < N_MATERIALS; m++) {
        SD->num_nucs[m] = nn[m];
        for (int i = 0; i < in->n_isotopes; i++)
            perm[i] = i;
        for (int j = 0; j < maxn; j++) {
            if (j < nn[m]) {
                int r = j + (int)(LCG_random_double(seed) * (double)(in->n_isotopes - j));
                int t = perm[j];
                perm[j] = perm[r];
                perm[r] = t;
                SD->mats[m * maxn + j] = perm[j];
                SD->concs[m * maxn + j] = LCG_random_double(seed);
            } else {
                SD->mats[m * maxn + j] = 0;
                SD->concs[m * maxn + j] = 0.0;
            }
        }
    }
    free(perm);
}

/* ---- the lookup kernel ---- */

/* the probability of each material in a reactor core, fuel first */
static int pick_mat(uint64_t *seed)
{
    double dist[N_MATERIALS];
    dist[0] = 0.140; /* fuel */
    dist[1] = 0.052; /* cladding */
    dist[2] = 0.275; /* cold, borated water */
    dist[3] = 0.134; /* hot, borated water */
    dist[4] = 0.154; /* RPV */
    dist[5] = 0.064; /* lower radial reflector */
    dist[6] = 0.066; /* upper radial reflector */
    dist[7] = 0.055; /* bottom plate */
    dist[8] = 0.008; /* bottom nozzle */
    dist[9] = 0.015; /* top nozzle */
    dist[10] = 0.025; /* top of fuel assemblies */
    dist[11] = 0.013; /* bottom of fuel assemblies */
    double roll = LCG_random_double(seed);
    /* XSBench sums dist[1..i] for material i (fuel is what falls through) */
    for (int i = 0; i < N_MATERIALS; i++) {
        double running = 0;
        for (int j = i; j > 0; j--)
            running += dist[j];
        if (roll < running)
            return i;
    }
    return 0;
}

static long grid_search(long n, double quarry, const double *A)
{
    long lower = 0, upper = n - 1, length = upper - lower;
    while (length > 1) {
        long mid = lower + length / 2;
        if (A[mid] > quarry)
            upper = mid;
        else
            lower = mid;
        length = upper - lower;
    }
    return lower;
}

static long grid_search_nuclide(long n, double quarry, const NuclideGridPoint *A, long low, long high)
{
    long length = high - low;
    while (length > 1) {
        long mid = low + length / 2;
        if (A[mid].energy > quarry)
            high = mid;
        else
            low = mid;
        length = high - low;
    }
    (void)n;
    return low;
}

static void calculate_micro_xs(double p_energy, int nuc, int n_isotopes, long n_gridpoints,
                               const int *index_data, const NuclideGridPoint *nuclide_grids,
                               long idx, double *xs_vector, int grid_type)
{
    long i;
    const NuclideGridPoint *grid = &nuclide_grids[(long)nuc * n_gridpoints];
    if (grid_type == UNIONIZED)
        i = index_data[idx * n_isotopes + nuc];
    else
        i = grid_search_nuclide(n_gridpoints, p_energy, grid, 0, n_gridpoints - 1);
    if (i == n_gridpoints - 1)
        i--;
    const NuclideGridPoint *low = &grid[i];
    const NuclideGridPoint *high = low + 1;
    double f = (high->energy - p_energy) / (high->energy - low->energy);
    xs_vector[0] = high->total_xs - f * (high->total_xs - low->total_xs);
    xs_vector[1] = high->elastic_xs - f * (high->elastic_xs - low->elastic_xs);
    xs_vector[2] = high->absorbtion_xs - f * (high->absorbtion_xs - low->absorbtion_xs);
    xs_vector[3] = high->fission_xs - f * (high->fission_xs - low->fission_xs);
    xs_vector[4] = high->nu_fission_xs - f * (high->nu_fission_xs - low->nu_fission_xs);
}

static void calculate_macro_xs(double p_energy, int mat, int n_isotopes, long n_gridpoints,
                               const int *num_nucs, const double *concs, const double *egrid,
                               const int *index_data, const NuclideGridPoint *nuclide_grids,
                               const int *mats, double *macro_xs_vector, int grid_type,
                               int max_num_nucs)
{
    double xs_vector[5];
    long idx = -1;
    for (int k = 0; k < 5; k++)
        macro_xs_vector[k] = 0;
    if (grid_type == UNIONIZED)
        idx = grid_search((long)n_isotopes * n_gridpoints, p_energy, egrid);
    for (int j = 0; j < num_nucs[mat]; j++) {
        int p_nuc = mats[mat * max_num_nucs + j];
        double conc = concs[mat * max_num_nucs + j];
        calculate_micro_xs(p_energy, p_nuc, n_isotopes, n_gridpoints, index_data, nuclide_grids,
                           idx, xs_vector, grid_type);
        for (int k = 0; k < 5; k++)
            macro_xs_vector[k] += xs_vector[k] * conc;
    }
}

static unsigned long long run_event_based_simulation(Inputs in, SimulationData SD, double *elapsed)
{
    unsigned long long verification = 0;
    /* pragreduce: rejected SD.num_nucs etc. in the loop: "'SD.num_nucs' is a
     * pointer stored in memory: on the GPU it would hold a host address ...
     * copy it to a variable before the loop" -- done here */
    const int *num_nucs = SD.num_nucs;
    const double *concs = SD.concs;
    const double *egrid = SD.unionized_energy_array;
    const int *index_grid = SD.index_grid;
    const NuclideGridPoint *nuclide_grid = SD.nuclide_grid;
    const int *mats = SD.mats;
    /* the helpers read these through their parameters: pragreduce asks for
     * in() ("cannot tell which elements of 'num_nucs' the loop reads") */
    long n_mat = (long)N_MATERIALS * SD.max_num_nucs;
    long n_grid = (long)in.n_isotopes * in.n_gridpoints;
    long n_union = in.grid_type == UNIONIZED ? SD.length_unionized_energy_array : 1;
    long n_index = in.grid_type == UNIONIZED ? n_union * in.n_isotopes : 1;
    (void)n_mat; /* read only by the in() clause: gcc -Wall calls them unused */
    (void)n_grid;
    (void)n_index;
    double t0 = wall_time();
#pragma omp parallel for schedule(dynamic, 100) reduction(+: verification)
#pragma reduce(+: verification) in(num_nucs[0:N_MATERIALS], concs[0:n_mat], mats[0:n_mat], \
        egrid[0:n_union], index_grid[0:n_index], nuclide_grid[0:n_grid])
    for (long i = 0; i < in.lookups; i++) {
        uint64_t seed = STARTING_SEED;
        seed = fast_forward_LCG(seed, 2 * (uint64_t)i);
        double p_energy = LCG_random_double(&seed);
        int mat = pick_mat(&seed);
        double macro_xs_vector[5] = {0};
        calculate_macro_xs(p_energy, mat, in.n_isotopes, in.n_gridpoints, num_nucs, concs, egrid,
                           index_grid, nuclide_grid, mats, macro_xs_vector, in.grid_type,
                           SD.max_num_nucs);
        double max = -1.0;
        int max_idx = 0;
        for (int j = 0; j < 5; j++) {
            if (macro_xs_vector[j] > max) {
                max = macro_xs_vector[j];
                max_idx = j;
            }
        }
        verification += (unsigned long long)(max_idx + 1);
    }
    *elapsed = wall_time() - t0;
    return verification;
}

int main(int argc, char **argv)
{
    Inputs in;
    in.lookups = argc > 1 ? atol(argv[1]) : 1000000;
    in.n_isotopes = 68;
    if (argc > 2) {
        if (strcmp(argv[2], "large") == 0)
            in.n_isotopes = 355;
        else if (strcmp(argv[2], "small") == 0)
            in.n_isotopes = 68;
        else
            in.n_isotopes = atoi(argv[2]);
    }
    in.n_gridpoints = argc > 3 ? atol(argv[3]) : 11303;
    in.grid_type = (argc > 4 && strcmp(argv[4], "nuclide") == 0) ? NUCLIDE : UNIONIZED;
    if (in.lookups < 0 || in.n_isotopes < 34 || in.n_gridpoints < 2) {
        fprintf(stderr, "usage: xsbench [lookups] [small|large|N>=34] [gridpoints>=2] [unionized|nuclide]\n");
        return 2;
    }
    printf("XSBench stand-in: %d nuclides, %ld grid points each, %ld lookups, %s grid\n",
           in.n_isotopes, in.n_gridpoints, in.lookups,
           in.grid_type == UNIONIZED ? "unionized" : "nuclide");

    SimulationData SD;
    memset(&SD, 0, sizeof SD);
    uint64_t seed = 42;
    double t_init = wall_time();
    SD.nuclide_grid = generate_grids(&in, &seed);
    if (in.grid_type == UNIONIZED) {
        generate_unionized(&in, &SD);
    } else {
        SD.unionized_energy_array = (double *)xmalloc(sizeof(double));
        SD.index_grid = (int *)xmalloc(sizeof(int));
        SD.unionized_energy_array[0] = 0.0;
        SD.index_grid[0] = 0;
    }
    generate_materials(&in, &SD, &seed);
    fprintf(stderr, "init: %.3f s\n", wall_time() - t_init);

    double elapsed;
    unsigned long long verification = run_event_based_simulation(in, SD, &elapsed);

    printf("Verification checksum: %llu\n", verification);
    printf("time = %.3f s\n", elapsed);
    free(SD.nuclide_grid);
    free(SD.unionized_energy_array);
    free(SD.index_grid);
    free(SD.num_nucs);
    free(SD.mats);
    free(SD.concs);
    return 0;
}
