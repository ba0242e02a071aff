/* comm(C) on '#pragma reduce parallel': a loop that updates arrays and
 * accumulates (a CG step's update fused with its residual's dot product)
 * completes its accumulators over the ranks, the value before the loop
 * folded in once; an integer max and count, a sum in rank order
 * (ordered), and a parallel loop around an inner loop (a row sum per row,
 * the rows' total over the ranks). The arrays are each rank's own block.
 *   parallel_comm N OUT */
#include "common.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    long n = argc > 1 ? atol(argv[1]) : 1000, lo, hi;
    block_of(n, rank, ranks, &lo, &hi);
    const long m = hi - lo, width = 5;
    double *x = malloc((size_t)(m + 1) * sizeof *x), *r = malloc((size_t)(m + 1) * sizeof *r);
    double *p = malloc((size_t)(m + 1) * sizeof *p), *q = malloc((size_t)(m + 1) * sizeof *q);
    long *rows = malloc((size_t)(m * width + 1) * sizeof *rows);
    long *row_sums = malloc((size_t)(m + 1) * sizeof *row_sums);
    for (long k = 0; k < m; k++) {
        unsigned long long h = mix((unsigned long long)(lo + k));
        x[k] = 0.0;
        r[k] = (double)(h % 1000003) / 1000003.0;
        p[k] = r[k];
        q[k] = (double)(h % 977) / 977.0 + 0.5;
        for (long j = 0; j < width; j++)
            rows[k * width + j] = (long)((h >> (8 * j)) % 1000) - 500;
    }
    FILE *out = open_output(argc > 2 ? argv[2] : "parallel_comm.out", MPI_COMM_WORLD);

    const double alpha = 0.125;
    double rr = 1.0 + rank; /* each rank its own value before the loop */
    long most = -1, count = 3;
#pragma reduce parallel reduce(+: rr, count) reduce(max: most) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        x[k] += alpha * p[k];
        r[k] -= alpha * q[k];
        rr += r[k] * r[k];
        if (r[k] > 0)
            count++;
        long bucket = (long)(r[k] * 1000.0);
        if (bucket > most)
            most = bucket;
    }
    PUT_DBL(out, "rr minus the rank", "f64", rr - rank);
    PUT_INT(out, "count", count);
    PUT_INT(out, "most", most);

    double xs = 0.0;
#pragma reduce parallel reduce(+: xs) comm(MPI_COMM_WORLD, ordered)
    for (long k = 0; k < m; k++) {
        p[k] = r[k] + 0.5 * p[k];
        xs += x[k] + p[k];
    }
    PUT_DBL(out, "xs", "f64", xs);

    long total = 0;
#pragma reduce parallel reduce(+: total) comm(MPI_COMM_WORLD)
    for (long k = 0; k < m; k++) {
        long s = 0;
        for (long j = 0; j < width; j++)
            s += rows[k * width + j];
        row_sums[k] = s;
        total += s;
    }
    PUT_INT(out, "total", total);
    fclose(out);
    free(x);
    free(r);
    free(p);
    free(q);
    free(rows);
    free(row_sums);
    MPI_Finalize();
    return 0;
}
