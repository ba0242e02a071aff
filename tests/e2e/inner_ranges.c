/* Inner loops with bounds the marked loop cannot change: the subscripts
 * that move with their variables are copied without an in() clause. */
#include <stdio.h>
#include <stdlib.h>

#define TAPS 5

static const int taps[TAPS] = {1, -2, 3, -2, 1};

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int rows = (int)(n % 61), cols = (int)(n % 17) + 1;
    int *m = malloc(sizeof(int) * ((size_t)rows * cols + 1));
    int *v = malloc(sizeof(int) * ((size_t)n + TAPS + 1));
    for (long k = 0; k < (long)rows * cols; k++)
        m[k] = (int)((k * 13) % 9) - 4;
    for (long k = 0; k < n + TAPS; k++)
        v[k] = (int)((k * 5) % 7) - 3;

    /* row sums of a flat matrix, the pragma on the outer loop */
    long total = 0;
#pragma reduce(+: total)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            total += (long)m[r * cols + c] * (c + 1);
    printf("total = %ld\n", total);

    /* a filter: the inner loop runs over taps, the subscript moves with both */
    long best = -1000000;
#pragma reduce(max: best)
    for (long i = 0; i < n; i++) {
        long acc = 0;
        for (int t = 0; t < TAPS; t++)
            acc += (long)taps[t] * v[i + t];
        if (acc > best)
            best = acc;
    }
    printf("best = %ld\n", best);

    /* column-major walk: the inner variable has the large stride */
    long colsum = 0;
#pragma reduce(+: colsum)
    for (int c = 0; c < cols; c++)
        for (int r = rows - 1; r >= 0; r--)
            colsum += m[r * cols + c] * (r % 3);
    printf("colsum = %ld\n", colsum);

    /* an inner loop that never runs reads nothing */
    int empty = 0;
    long none = 0;
#pragma reduce(+: none)
    for (long i = 0; i < n; i++)
        for (int k = 0; k < empty; k++)
            none += v[i * 1000000 + k];
    printf("none = %ld\n", none);

    free(m);
    free(v);
    return 0;
}
