/* main.c - the caller, built by gcc; kern.c and sums.c are transpiled. */
#include <stdio.h>
#include <stdlib.h>

#include "blocks.h"

double kern_energy(const point *p, long n);
double sums_x(const point *p, long n);

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000, i;
    point *p = malloc((size_t)(n + 1) * sizeof *p);
    for (i = 0; i < n; i++) {
        p[i].x = (double)((i * 13) % 7) - 3.0;
        p[i].y = (double)((i * 5) % 11) * 0.25;
    }
    printf("energy %.17g x %.17g\n", kern_energy(p, n), sums_x(p, n));
    free(p);
    return 0;
}
