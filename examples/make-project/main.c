/* stats - sum, extremes and a count over n readings.
 *
 *   ./stats [n]     (default n = 1000000)
 */
#include <stdio.h>
#include <stdlib.h>

#include "stats.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    if (n < 0) {
        fprintf(stderr, "n must be >= 0\n");
        return 1;
    }
    int *v = malloc((n > 0 ? n : 1) * sizeof *v);
    if (v == NULL) {
        fprintf(stderr, "cannot allocate %ld ints\n", n);
        return 1;
    }
    fill_readings(v, n, 2463534242u);

    long positive = 0;
#pragma reduce(+: positive)
    for (long i = 0; i < n; i++)
        positive += v[i] > 0;

    printf("n = %ld\n", n);
    printf("sum = %lld\n", sum_of(v, n));
    printf("max = %d\n", n > 0 ? max_of(v, n) : 0);
    printf("min = %d\n", n > 0 ? min_of(v, n) : 0);
    printf("positive = %ld\n", positive);
    free(v);
    return 0;
}
