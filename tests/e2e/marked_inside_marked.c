/* pragreduce-flags: -fopenmp */
/* Marked loops inside a marked reduction, the way users mark both levels
 * (XSBench's lookups, each with a maxloc over the five cross sections;
 * RSBench's pole sums inside its lookups): the outer loop is the one
 * reduced, and each of its iterations runs the inner loops as written, in
 * the sequential program's order. Forms: a maxloc with its variables
 * declared in the body; a sum into a variable declared at the top of the
 * function (C89) and set before the inner loop; three levels; the OpenMP
 * line of the outer loop kept. Values are small integers: the sums are
 * exact in any order. */
#include <stdio.h>
#include <stdlib.h>

static long lookups(const double *xs, int n)
{
    long verification = 0;
    int i;
#pragma omp parallel for reduction(+: verification)
#pragma reduce(+: verification)
    for (i = 0; i < n; i++) {
        double max = -1.0;
        int max_idx = 0;
#pragma reduce(maxloc: max, max_idx)
        for (int j = 0; j < 5; j++)
            if (xs[i * 5 + j] > max) {
                max = xs[i * 5 + j];
                max_idx = j;
            }
        verification += max_idx + 1;
    }
    return verification;
}

static double weighted(const double *xs, const double *w, int n)
{
    double total = 0.0, s;
    int i, j;
#pragma reduce(+: total)
    for (i = 0; i < n; i++) {
        s = 0.0;
#pragma reduce(+: s)
        for (j = 0; j < 5; j++)
            s += xs[i * 5 + j];
        total += s * w[i];
    }
    return total;
}

static double three_levels(const double *xs, int n)
{
    double all = 0.0;
#pragma reduce(max: all)
    for (int i = 0; i < n; i++) {
        double row = 0.0;
#pragma reduce(+: row)
        for (int j = 0; j < 5; j++) {
            double cell = 0.0;
#pragma reduce(+: cell)
            for (int k = 0; k < 5; k++)
                cell += xs[i * 5 + k] * (k == j ? 2.0 : 1.0);
            row += cell;
        }
        all = row > all ? row : all;
    }
    return all;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double *xs = malloc((n > 0 ? n : 1) * 5 * sizeof *xs);
    double *w = malloc((n > 0 ? n : 1) * sizeof *w);
    if (!xs || !w)
        return 1;
    for (int i = 0; i < 5 * n; i++)
        xs[i] = (double)((i * 37) % 101);
    for (int i = 0; i < n; i++)
        w[i] = (double)(i % 3);
    printf("lookups: %ld\n", lookups(xs, n));
    printf("weighted: %.17g\n", weighted(xs, w, n));
    printf("three levels: %.17g\n", three_levels(xs, n));
    free(xs);
    free(w);
    return 0;
}
