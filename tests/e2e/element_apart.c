/* Element accumulators in the array the loop reads (dynamic programming,
 * nussinov's table[i][j] = max(table[i][j], table[i][k] + table[k+1][j])):
 * where every access misses the element (k below j, k + 1 above i, a loop
 * counting down, another row) the loop keeps the running value in a
 * register; where one access can be the element (k up to j inclusive, k
 * from i) it accumulates in the element itself, as the sequential loop
 * does, and the results show the running value read there. The outer
 * loops around those two are not one launch: a segment's group read the
 * element's old value there (the H200 gave "inclusive" wrong at every size). */
#include <stdio.h>
#include <stdlib.h>

#define W 48

#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

static long checksum(int (*t)[W], int n)
{
    long s = 0;
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            s = s * 31 % 1000003 + t[i][j];
    return s;
}

static void fill(int (*t)[W], int n, int seed)
{
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            t[i][j] = (i * 7 + j * 3 + seed) % 11;
}

int main(int argc, char **argv)
{
    int size = argc > 1 ? atoi(argv[1]) : 40;
    int n = size < 0 ? 0 : size > W ? W : size;
    int (*t)[W] = malloc(sizeof(int[W]) * W);
    long total = 0;
    int i, j, k;

    /* nussinov: apart */
    fill(t, n, 1);
    for (i = n - 1; i >= 0; i--)
        for (j = i + 1; j < n; j++) {
#pragma reduce(max: t[i][j])
            for (k = i + 1; k < j; k++)
                t[i][j] = max_score(t[i][j], t[i][k] + t[k + 1][j]);
        }
    printf("nussinov %ld\n", checksum(t, n));

    /* counting down, the other row above: apart */
    fill(t, n, 2);
    for (i = 0; i + 1 < n; i++)
        for (j = 0; j < n; j++) {
#pragma reduce(+: t[i][j])
            for (k = n - 1; k > j; k--)
                t[i][j] += t[i][k] % 3 + t[i + 1][k - 1] % 2;
        }
    printf("down %ld\n", checksum(t, n));

    /* k up to j inclusive: t[i][j] itself at the last k */
    fill(t, n, 3);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
#pragma reduce(max: t[i][j])
            for (k = 0; k <= j; k++)
                t[i][j] = max_score(t[i][j], t[i][k] + 1);
        }
    printf("inclusive %ld\n", checksum(t, n));

    /* k from i: t[k][j] is the element at the first k */
    fill(t, n, 4);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
#pragma reduce(+: t[i][j])
            for (k = i; k < n; k++)
                t[i][j] += t[k][j] % 5;
        }
    printf("from i %ld\n", checksum(t, n));
    total = checksum(t, n) % 97;
    printf("total %ld\n", total);
    free(t);
    return 0;
}
