/* main.c - built by gcc: calls knr.c's functions as C89 code does, with no
 * prototype in scope (`()` declarations), passing doubles and ints, and
 * fill.c's functions that return nothing. 65541 as a short is 5; the sum
 * stays below 2^20 with terms that are multiples of 2^-30, so it is exact
 * in double in any order (the CPU path splits large loops over threads). */
#include <stdio.h>
#include <stdlib.h>

float squash();
double total();
int fill();
double fill_sum();

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000, i;
    double *a = malloc((size_t)(n + 1) * sizeof *a);
    fill(a, n, 7);
    printf("squash %.9g total %.17g\n", squash(0.1), total(a, n, 0.1, 65541));
    printf("fill_sum %.17g\n", fill_sum(a, n));
    free(a);
    return 0;
}
