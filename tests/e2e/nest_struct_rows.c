/* Records per row in a struct array: r[i].lo, r[i].hi, r[i].sum written by
 * the segment and read back (r[i].span from r[i].hi - r[i].lo); rows
 * stored as structs of fixed arrays (m[i].v[k]). */
#include <stdio.h>
#include <stdlib.h>

#define K 20

typedef struct {
    int v[K];
    int n;
} Row;

typedef struct {
    int lo, hi, span;
    long sum;
} Summary;

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int rows = (int)(n / 3) + 1;
    if (rows > 40000)
        rows = 40000;
    Row *m = malloc((rows + 1) * sizeof *m);
    Summary *r = malloc((rows + 1) * sizeof *r);
    if (!m || !r)
        return 1;
    for (int i = 0; i < rows; i++) {
        m[i].n = (int)((i * 7 + n) % K) + 1;
        for (int k = 0; k < K; k++)
            m[i].v[k] = (int)((i * 31 + k * 11 + n) % 97) - 48;
    }
    for (int i = 0; i < rows; i++) {
        int lo = 1000, hi = -1000;
        long s = 0;
#pragma reduce(min: lo) reduce(max: hi) reduce(+: s)
        for (int k = 0; k < m[i].n; k++) {
            lo = m[i].v[k] < lo ? m[i].v[k] : lo;
            hi = m[i].v[k] > hi ? m[i].v[k] : hi;
            s += m[i].v[k];
        }
        r[i].lo = lo;
        r[i].hi = hi;
        r[i].sum = s;
        r[i].span = r[i].hi - r[i].lo;
    }
    long h = 0;
    for (int i = 0; i < rows; i++)
        h = (h * 13 + r[i].lo + 2 * r[i].hi + 3 * r[i].span + r[i].sum) % 1000000007L;
    printf("%d rows: %ld\n", rows, h);
    free(m); free(r);
    return 0;
}
