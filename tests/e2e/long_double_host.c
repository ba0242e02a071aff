/* long double where the host computes it is fine next to a marked loop:
 * in the loop's bound (evaluated by the host wrapper), under sizeof (not
 * evaluated), and in host code around the loop. Only long double that the
 * GPU would compute is an error (tests/reject/long_double_temporaries.c). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc((size_t)(n > 0 ? n : 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (double)(i % 11) - 5.0;
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < (long)(n * 1.0L); i++)
        s += x[i] * (double)(sizeof(long double) > sizeof(double));
    long double wide = (long double)s / 4.0L; /* host code */
    printf("sum %.1f, quarter %.2Lf\n", s, wide);
    free(x);
    return 0;
}
