/* mpi_stats.c - statistics of a data set spread over MPI ranks.
 *
 *   mpirun -np 4 ./mpi_stats [n] [out]     (default n = 1000000)
 *
 * Each rank generates its block of n readings (a deterministic function of
 * the reading's global index, so the data set is the same for any number
 * of ranks) and reduces it with marked loops whose comm(MPI_COMM_WORLD)
 * clause completes each reduction over all ranks: the count of valid
 * readings, their mean and variance (two passes), the minimum and the
 * maximum with the global index of their first occurrence. Rank 0 prints
 * them; with `out`, every rank writes its results to out.RANK instead
 * (tests/run-mpi.sh compares them with a one-rank run).
 *
 * Build and run (README, "MPI programs"):
 *   PRAGREDUCE_HOST_CC=mpicc tools/pragreduce-cc -O2 samples/mpi_stats.c -o mpi_stats -lm
 *   mpirun -np 4 ./mpi_stats 1000000
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* reading i: a sawtooth drift plus a hashed jitter, multiples of 1/64;
 * about one in 50 is invalid (NaN: a dropout) */
static double reading(long i)
{
    unsigned long long h = (unsigned long long)i * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    if (h % 50 == 7)
        return 0.0 / 0.0;
    return (double)(i % 1000) / 64.0 + (double)(long)(h % 4096) / 64.0 - 32.0;
}

typedef struct {
    long valid;
    double mean, var, min, max;
    long argmin, argmax;
} stats_t;

/* the statistics of readings [lo, hi) of every rank together */
static stats_t stats(const double *x, long lo, long hi)
{
    stats_t s = {0, 0.0, 0.0, 1e300, -1e300, -1, -1};
    double sum = 0.0;
#pragma reduce(+: sum, s.valid) comm(MPI_COMM_WORLD)
    for (long i = lo; i < hi; i++) {
        if (x[i - lo] == x[i - lo]) { /* not NaN */
            sum += x[i - lo];
            s.valid++;
        }
    }
    s.mean = s.valid ? sum / (double)s.valid : 0.0;

    double mean = s.mean, sq = 0.0;
#pragma reduce(+: sq) comm(MPI_COMM_WORLD)
    for (long i = lo; i < hi; i++)
        if (x[i - lo] == x[i - lo])
            sq += (x[i - lo] - mean) * (x[i - lo] - mean);
    s.var = s.valid > 1 ? sq / (double)(s.valid - 1) : 0.0;

    double lowest = 1e300, highest = -1e300;
    long at_low = -1, at_high = -1;
#pragma reduce(minloc: lowest, at_low) reduce(maxloc: highest, at_high) comm(MPI_COMM_WORLD)
    for (long i = lo; i < hi; i++) {
        if (x[i - lo] < lowest) {  /* NaN never compares: skipped */
            lowest = x[i - lo];
            at_low = i;
        }
        if (x[i - lo] > highest) {
            highest = x[i - lo];
            at_high = i;
        }
    }
    s.min = lowest;
    s.max = highest;
    s.argmin = at_low;
    s.argmax = at_high;
    return s;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    if (n < 0)
        n = 0;
    /* this rank's block of the global indices */
    long lo = n * rank / ranks, hi = n * (rank + 1) / ranks;
    double *x = malloc((size_t)(hi - lo + 1) * sizeof *x);
    for (long i = lo; i < hi; i++)
        x[i - lo] = reading(i);

    stats_t s = stats(x, lo, hi);

    FILE *out = stdout;
    if (argc > 2) {
        char path[4096];
        snprintf(path, sizeof path, "%s.%d", argv[2], rank);
        out = fopen(path, "w");
    } else if (rank != 0) {
        out = NULL;
    }
    if (out) {
        fprintf(out, "valid exact %ld\n", s.valid);
        fprintf(out, "mean f64 %.17g\n", s.mean);
        fprintf(out, "variance f64 %.17g\n", s.var);
        fprintf(out, "min exact %.17g\n", s.min);
        fprintf(out, "argmin exact %ld\n", s.argmin);
        fprintf(out, "max exact %.17g\n", s.max);
        fprintf(out, "argmax exact %ld\n", s.argmax);
        if (out != stdout)
            fclose(out);
    }
    free(x);
    MPI_Finalize();
    return 0;
}
