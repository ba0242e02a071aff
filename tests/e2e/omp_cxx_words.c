/* pragreduce-flags: -fopenmp */
/* OpenMP clauses whose names are C++ keywords (`private`, and
 * `default(shared)` beside them) stay as written in the C++ output, in
 * unmarked OpenMP loops, in the lines beside marked loops and on continued
 * lines; C variables named with C++ keywords (`new`, `this`) are renamed
 * everywhere, inside the clauses too (g++ -fopenmp rejected
 * `cxx_private(j)`). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int rows = n / 16 + 1, i, j;
    double *a = malloc((size_t)rows * 16 * sizeof *a), s = 0, t;
    int new = 3, this = 2;
#pragma omp parallel for private(j) default(shared)
    for (i = 0; i < rows; i++)
        for (j = 0; j < 16; j++)
            a[i * 16 + j] = (i % 9) * 0.5 + j * 0.25;
#pragma omp parallel for \
    private(t) firstprivate(new) \
    reduction(+: s)
#pragma reduce(+: s)
    for (i = 0; i < rows * 16; i++) {
        t = a[i] * new;
        s += t + this;
    }
    printf("rows %d s %.3f new %d this %d\n", rows, s, new, this);
    free(a);
    return 0;
}
