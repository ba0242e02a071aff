/* Flags set by assignment (issue 16): `stop = true` / `found = 1` under
 * reduce(||), `ok = 0` / `ok = false` under reduce(&&), as OpenMP takes
 * them, mixed with `v = v || e` updates, starting from 0, 1, a true value
 * other than 1 (which no assignment may change into 1) and a _Bool; per
 * row inside an outer loop run as one launch; after a loop no update reaches. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static bool any_negative(const double *x, long n)
{
    bool stop = false;
#pragma reduce(||: stop)
    for (long i = 0; i < n; i++)
        if (x[i] < 0)
            stop = true;
    return stop;
}

static int all_below(const double *x, long n, double limit, int start)
{
    int ok = start;
#pragma reduce(&&: ok)
    for (long i = 0; i < n; i++)
        if (x[i] >= limit)
            ok = 0;
    return ok;
}

static int find_key(const int *v, long n, int key, int start)
{
    int found = start;
#pragma reduce(||: found)
    for (long i = 0; i < n; i++) {
        if (v[i] == key)
            found = 1;
    }
    return found;
}

/* both forms in one loop */
static long mixed(const int *v, long n, long start)
{
    long flag = start;
#pragma reduce(||: flag)
    for (long i = 0; i < n; i++) {
        if (v[i] == 3)
            flag = 1;
        else if (v[i] == 100)
            flag = flag || v[i] > 99;
    }
    return flag;
}

/* rows of a table: does each hold a zero, are all of each row positive */
static void per_row(const int *t, long rows, long cols, int *has_zero, bool *positive)
{
    for (long r = 0; r < rows; r++) {
        int z = 0;
        bool pos = true;
#pragma reduce(||: z) reduce(&&: pos)
        for (long c = 0; c < cols; c++) {
            if (t[r * cols + c] == 0)
                z = 1;
            if (t[r * cols + c] <= 0)
                pos = false;
        }
        has_zero[r] = z;
        positive[r] = pos;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc((size_t)(n + 1) * sizeof *x);
    int *v = malloc((size_t)(n + 1) * sizeof *v);
    if (!x || !v)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = (double)((i * 37) % 101) - (i == n / 2 ? 200.0 : 0.0);
        v[i] = (int)((i * 13) % 97);
    }
    printf("any negative %d\n", any_negative(x, n));
    for (int start = 0; start < 8; start += 7) {
        printf("all below 101 from %d: %d\n", start, all_below(x, n, 101.0, start));
        printf("all below 50 from %d: %d\n", start, all_below(x, n, 50.0, start));
        printf("find 3 from %d: %d\n", start, find_key(v, n, 3, start));
        printf("find -1 from %d: %d\n", start, find_key(v, n, -1, start));
        printf("mixed from %d: %ld\n", start, mixed(v, n, start));
    }
    long cols = 7, rows = n / cols;
    int *has_zero = malloc((size_t)(rows + 1) * sizeof *has_zero);
    bool *positive = malloc((size_t)(rows + 1) * sizeof *positive);
    if (!has_zero || !positive)
        return 1;
    per_row(v, rows, cols, has_zero, positive);
    long zeros = 0, pos = 0;
    for (long r = 0; r < rows; r++) {
        zeros += has_zero[r];
        pos += positive[r];
    }
    printf("rows %ld: with a zero %ld, all positive %ld\n", rows, zeros, pos);
    free(x);
    free(v);
    free(has_zero);
    free(positive);
    return 0;
}
