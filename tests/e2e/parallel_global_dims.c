/* The advice of tests/reject/parallel_bound_reads_memory.c followed: an
 * inner loop's bound read from a global table is copied into a local
 * before the parallel loop, which writes its own column m[.][.][i] of a
 * global 3-D array; the outer bound still reads the table (the wrapper
 * evaluates it, after any kernel that wrote the table). */
#include <stdio.h>
#include <stdlib.h>

int dims[3] = {4, 5, 6};
double m[40][5][64];

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int i, j, k, nk, round;
    double s = 0;
    dims[0] = n % 64;
    dims[2] = n % 40 + 1;
    for (round = 0; round < 3; round++) {
        nk = dims[2];
#pragma reduce parallel
        for (i = 0; i < dims[0]; i++)
            for (j = 0; j < dims[1]; j++)
                for (k = 0; k < nk; k++)
                    m[k][j][i] = i + 10 * j + 100 * k + round;
        /* the table changes between the calls */
        dims[0] = (dims[0] * 3 + 1) % 64;
        dims[2] = dims[2] % 40 + 1;
    }
    for (k = 0; k < 40; k++)
        for (j = 0; j < 5; j++)
            for (i = 0; i < 64; i++)
                s += m[k][j][i] * (1 + (i + j + k) % 3);
    printf("%.1f\n", s);
    return 0;
}
