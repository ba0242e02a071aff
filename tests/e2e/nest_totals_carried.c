/* Outer loops that are not independent: a total across rows, a running
 * maximum across rows, a reduction variable declared outside and never
 * reset (so the per-row values are prefix sums), and one reset at the end
 * of the body instead of the start. All must run per row on the host and
 * print the sequential results. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int cols = 37, rows = (int)(n / 37) + 2;
    if (rows > 6000)
        rows = 6000;
    int *a = malloc(((size_t)rows * cols + 1) * sizeof *a);
    long *pre = malloc((rows + 1) * sizeof *pre), *lag = malloc((rows + 1) * sizeof *lag);
    if (!a || !pre || !lag)
        return 1;
    for (long k = 0; k < (long)rows * cols; k++)
        a[k] = (int)((k * 23 + n) % 27) - 13;
    long total = 0, runmax = -1000000;
    for (int i = 0; i < rows; i++) {
        long s = 0;
#pragma reduce(+: s)
        for (int j = 0; j < cols; j++)
            s += a[(long)i * cols + j];
        total += s;
        if (s > runmax)
            runmax = s;
    }
    long acc = 5;
    for (int i = 0; i < rows; i++) {
#pragma reduce(+: acc)
        for (int j = 0; j < cols; j++)
            acc += a[(long)i * cols + j];
        pre[i] = acc;
    }
    long t = 100;
    for (int i = 0; i < rows; i++) {
#pragma reduce(+: t)
        for (int j = 0; j < cols; j++)
            t += a[(long)i * cols + j] * (j & 1);
        lag[i] = t;
        t = i;
    }
    long mx = -5;
    for (int i = 0; i < rows; i++) {
#pragma reduce(max: mx)
        for (int j = 0; j < cols; j++)
            if (a[(long)i * cols + j] * (i % 4) > mx)
                mx = a[(long)i * cols + j] * (i % 4);
        lag[i] += mx;
    }
    long h = 0;
    for (int i = 0; i < rows; i++)
        h = (h * 17 + pre[i] + lag[i] * 3) % 1000000007L;
    printf("%d rows: total %ld runmax %ld acc %ld t %ld mx %ld h %ld\n", rows, total, runmax, acc, t,
           mx, h);
    free(a); free(pre); free(lag);
    return 0;
}
