/* C89 style (issue 16): induction variables of inner loops, temporaries,
 * a scratch array declared at the top of the function, which
 * every iteration writes before reading and nothing outside the loop reads
 * first: private without the clause. A variable read after the loop keeps
 * needing private() (tests/reject/write_scratch_array.c). */
#include <stdio.h>
#include <stdlib.h>

static double weighted(x, w, n)
const double *x;
const double *w;
long n;
{
    long i;
    int k;
    double t, s, tot;
    double buf[3];
    s = 0;
#pragma reduce(+: s)
    for (i = 0; i < n; i++) {
        t = x[i] * 2.0;
        for (k = 0; k < 3; k++)
            buf[k] = t + k;
        for (k = 0; k < 3; k++)
            s += buf[k] * w[k];
        s += buf[2] - buf[0];
    }
    /* k and t are used again, written first */
    tot = 0;
    for (k = 0; k < 3; k++)
        tot += w[k];
    t = tot * 2;
    return s + t;
}

static void row_sums(const double *a, long rows, long cols, double *out)
{
    long i, j;
    double v;
    for (i = 0; i < rows; i++) {
        out[i] = 0;
#pragma reduce(+: out[i])
        for (j = 0; j < cols; j++) {
            v = a[i * cols + j];
            out[i] += v * v;
        }
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100, i;
    double *x = malloc((size_t)(n + 1) * sizeof *x), w[3] = {1, 2, 3};
    double *out = malloc((size_t)(n / 5 + 1) * sizeof *out), sum = 0;
    if (!x || !out)
        return 1;
    for (i = 0; i < n; i++)
        x[i] = (double)(i % 7);
    printf("weighted %.1f\n", weighted(x, w, n));
    row_sums(x, n / 5, 5, out);
    for (i = 0; i < n / 5; i++)
        sum += out[i];
    printf("rows %.1f\n", sum);
    free(x);
    free(out);
    return 0;
}
