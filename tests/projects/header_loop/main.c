/* A project whose marked loops live in a header (include/vecops.h),
 * reached from two files (-Iinclude). */
#include <stdio.h>
#include <stdlib.h>
#include "vecops.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc(sizeof(double) * (size_t)(n + 1));
    double *b = malloc(sizeof(double) * (size_t)(n + 1));
    for (long i = 0; i < n; i++) {
        a[i] = (double)(i % 9) - 4;
        b[i] = (double)(i % 4);
    }
    vec_scale(b, 0.5, n);
    printf("sum %.2f dot %.2f norm2 %.2f\n", vec_sum(a, n), vec_dot(a, b, n), norm2(b, n));
    free(a);
    free(b);
    return 0;
}
