/* OpenMP clauses naming the function's variables that the loop shadows
 * with its own or never uses, as Rodinia's srad_v2 writes them: `#pragma
 * omp parallel for shared(...) private(i, j, k, ...)` over `for (int i
 * ...) for (int j ...)`, whose i and j are the loop's own (the clauses
 * name the function's, which OpenMP accepts and which change nothing).
 * The CPU fallback, a function of its own that has no such variables,
 * keeps the OpenMP line without those names (a clause left empty goes):
 * it builds with -fopenmp and runs with threads. Scratch scalars from the
 * function top are named in private() on both lines.
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int rows = n / 16 + 1, cols = 16, size;
    int i, j, k, unused = 3;
    float Jc, d;
    float *J, *c, *e;
    double s1 = 0, s2 = 0, s3 = 0;
    size = rows * cols;
    J = malloc(sizeof(float) * (size_t)size);
    c = malloc(sizeof(float) * (size_t)size);
    e = malloc(sizeof(float) * (size_t)size);
    for (i = 0; i < size; i++)
        J[i] = (float)(i % 17) + 1;

    /* srad_v2's first sweep: i and j the loop's own, k and Jc scratch */
#pragma omp parallel for shared(J, c, rows, cols) private(i, j, k, Jc)
#pragma reduce parallel private(k, Jc)
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
            k = i * cols + j;
            Jc = J[k];
            c[k] = Jc * 0.5f + (float)(j == 0 ? 0 : 1);
        }
    }
    for (i = 0; i < size; i++)
        s1 += c[i] * (i % 5 + 1);
    printf("sweep1 %.2f\n", s1);

    /* variables the loop never uses, in shared() and firstprivate() (the clause
     * left empty goes) */
#pragma omp parallel for shared(J, e, unused) firstprivate(s1) private(i, d)
#pragma reduce parallel private(d)
    for (int i = 0; i < size; i++) {
        d = J[i] - c[i];
        e[i] = d * d;
    }
    for (i = 0; i < size; i++)
        s2 += e[i];
    printf("sweep2 %.2f unused %d\n", s2, unused);

    /* a continued line, the loop's own j shadowing the function's */
#pragma omp parallel for private(j, \
                                 k) \
    shared(c)
#pragma reduce parallel private(k)
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < cols; j++) {
            k = r * cols + j;
            c[k] = c[k] + (float)r;
        }
    for (i = 0; i < size; i++)
        s3 += c[i];

    /* only the loop's own i named (the clause goes: no 'i' where the
     * fallback's OpenMP line stands) */
#pragma omp parallel for private(i)
#pragma reduce parallel
    for (int i = 0; i < size; i++)
        e[i] = c[i] - J[i];
    for (i = 0; i < size; i++)
        s3 += e[i] * (i % 3);
    printf("sweep3 %.2f\n", s3);
    free(J);
    free(c);
    free(e);
    return 0;
}
