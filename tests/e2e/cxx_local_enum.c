/* Enum constants declared inside the function, used in a marked loop's
 * bounds, body and in() clause, in case labels and in a segmented nest:
 * the generated code outside the function sees their values. */
#include <stdio.h>
#include <stdlib.h>

static long weighted(const int *v, long n)
{
    enum { SCALE = 3, OFFSET = -2, BIG = 2147483647 };
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += v[i] * SCALE + OFFSET + (v[i] > 5 ? BIG % 7 : 0);
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    enum { ROWS = 5, COLS = 7 };
    enum mode { PLAIN = 2, TWICE };
    int *v = malloc((n > 0 ? n : 1) * sizeof *v);
    double m[ROWS][COLS];
    if (!v)
        return 1;
    for (long i = 0; i < n; i++)
        v[i] = (int)(i % 11);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            m[r][c] = r * COLS + c + (double)(n % 13);
    printf("weighted: %ld\n", weighted(v, n));

    double s = 0;
#pragma reduce(+: s)
    for (int r = 0; r < ROWS; r++)
        s += m[r][COLS - 1] * TWICE;
    printf("last column x TWICE: %.1f\n", s);

    double rows[ROWS];
    for (int r = 0; r < ROWS; r++) {
        double q = 0;
#pragma reduce(+: q)
        for (int c = 0; c < COLS; c++)
            q += m[r][c] + PLAIN;
        rows[r] = q;
    }
    printf("rows: %.1f %.1f\n", rows[0], rows[ROWS - 1]);

    long hits = 0;
#pragma reduce(+: hits) in(v[0:n])
    for (long i = 0; i < n; i++)
        switch (v[i] % COLS) {
        case ROWS:
            hits += TWICE;
            break;
        default:
            hits += 1;
        }
    printf("hits: %ld\n", hits);
    free(v);
    return 0;
}
