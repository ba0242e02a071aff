/* && and || whose updates a filter skips: in C a variable that no update
 * reaches keeps its value (5 stays 5, -2 stays -2, 2.5 stays 2.5), and one
 * update makes it 0 or 1. Loops where the filter never passes, passes once
 * (first, last, in the middle) or often; plain loops, fused variables,
 * collapse(2) and rows of a segmented nest, int, char, double and _Bool.
 * Found by tests/gen on the H100 (folding the identity turned 5 into 1). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *x = malloc(sizeof(int) * (size_t)(n + 1));
    for (long i = 0; i < n; i++)
        x[i] = (int)((i * 7 + 3) % 13) - 4; /* -4 .. 8 */
    /* the index where one update runs, by case */
    long where[4] = {-1, 0, n - 1, n / 2};
    static const int starts[5] = {5, -2, 2, 0, 1};

    for (int w = 0; w < 4; w++) {
        for (int k = 0; k < 5; k++) {
            int a = starts[k], o = starts[k];
            signed char c = (signed char)starts[k];
            double d = starts[k] + 0.5;
            bool b = starts[k] != 0;
            long at = where[w];
#pragma reduce(&&: a) reduce(||: o, c) reduce(&&: d) reduce(||: b)
            for (long i = 0; i < n; i++) {
                if (i == at) {
                    a = a && x[i] > 0;
                    o = x[i] > 100 || o;
                    c = c || x[i] > 100;
                    d = x[i] != 0 && d;
                    b = b || x[i] > 100;
                }
            }
            printf("once at %ld from %d: && %d, || %d, || %d, && %g, || %d\n", at, starts[k], a, o,
                   (int)c, d, (int)b);
        }
    }

    /* often: every 5th element */
    for (int k = 0; k < 5; k++) {
        int a = starts[k], o = starts[k];
#pragma reduce(&&: a) reduce(||: o)
        for (long i = 0; i < n; i++)
            if (i % 5 == 1) {
                a = x[i] > -5 && a;
                o = o || x[i] > 7;
            }
        printf("often from %d: && %d, || %d\n", starts[k], a, o);
    }

    /* collapse(2): rows of 10, the filter passes nowhere or in one row */
    long rows = n / 10;
    for (int w = 0; w < 2; w++) {
        int a = 5, o = -2;
        long hit = w ? rows / 2 : -1;
#pragma reduce(&&: a) reduce(||: o) collapse(2)
        for (long r = 0; r < rows; r++)
            for (long j = 0; j < 10; j++)
                if (r == hit && j == 3) {
                    a = a && x[r * 10 + j] > -100;
                    o = o || x[r * 10 + j] > 100;
                }
        printf("collapse hit %ld: && %d, || %d\n", hit, a, o);
    }

    /* a segmented nest: each row from 5 (&&) and -2 (||); the filter
     * passes in every third row only */
    int *ya = malloc(sizeof(int) * (size_t)(rows + 1)), *yo = malloc(sizeof(int) * (size_t)(rows + 1));
    for (long r = 0; r < rows; r++) {
        int a = 5, o = -2;
#pragma reduce(&&: a) reduce(||: o)
        for (long j = 0; j < 10; j++)
            if (r % 3 == 0 && j == r % 10) {
                a = x[r * 10 + j] > 0 && a;
                o = x[r * 10 + j] > 0 || o;
            }
        ya[r] = a;
        yo[r] = o;
    }
    long sum_and = 0, sum_or = 0, kept = 0;
    for (long r = 0; r < rows; r++) {
        sum_and += ya[r];
        sum_or += yo[r];
        kept += ya[r] == 5 && yo[r] == -2;
    }
    printf("rows: && sum %ld, || sum %ld, untouched %ld\n", sum_and, sum_or, kept);
    free(ya);
    free(yo);
    free(x);
    return 0;
}
