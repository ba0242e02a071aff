/* Host loops that write an array the GPU keeps, through row pointers (a
 * table the residency analysis cannot bound), between marked loops of one
 * function: whether any copy is kept is asked once before each such loop
 * (pr_kept_N), and the writes' own invalidations still run when one is.
 * Loops before any copy exists, after, a while loop, a goto past one (the
 * flag's declaration sits in braces of its own), and a loop that calls a
 * function with a marked loop (checked at each write as before). Each such
 * loop appears twice in the output, as written for when no copy is kept;
 * not a loop with a static local or a label (one copy, the flag as
 * before). `#pragma GCC ivdep` stays right before its loop. A static
 * local declared inside a host loop is out of scope before it: its reads
 * and writes are not checked there (nvcc rejected the output). */
#include <stdio.h>
#include <stdlib.h>

static double sum(const double *a, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * (double)(i % 3 + 1);
    return s;
}

/* a kernel that writes doubles: host reads of doubles are then checked */
static void halve(double *a, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        a[i] = a[i] * 0.5;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *block = malloc(sizeof(double) * 4 * (size_t)(n + 1));
    double **rows = malloc(sizeof(double *) * 4);
    if (!block || !rows)
        return 1;
    for (int r = 0; r < 4; r++)
        rows[r] = block + (long)r * n;
    /* no copy yet */
    for (int r = 0; r < 4; r++)
        for (long i = 0; i < n; i++)
            rows[r][i] = (double)(r + i % 5);
    double s1 = sum(block, 4 * n);
    /* the GPU keeps block now */
    for (int r = 0; r < 4; r++)
        for (long i = 0; i < n; i++)
            rows[r][i] += 1.0;
    double s2 = sum(block, 4 * n);
    long k = 0;
    while (k < n) {
        rows[2][k] = rows[2][k] * 2.0;
        k += 3;
    }
    double s3 = sum(block, 4 * n);
    double s4 = 0, s5 = 0;
    if (n < 3)
        goto done;
    for (long i = 0; i < n; i++)
        rows[1][i] = -rows[1][i];
    s4 = sum(block, 4 * n);
    /* the loop directive stays with its loop, before which text goes */
#pragma GCC ivdep
    for (long i = 0; i < n; i++)
        rows[0][i] = rows[0][i] + 0.5;
    /* a static local, written and read (out of scope before the loop): one
     * copy of the loop */
    halve(block, 4 * n);
    for (long i = 0; i < n; i++) {
        static double visits;
        visits += 1.0;
        rows[2][i] = rows[2][i] + (visits > 2.0 ? 1.0 : 0.0);
    }
    for (long j = 0; j < n; j += 3) {
        static double calls;
        calls += 1.0;
        if (calls > 1.5)
            block[j] = block[j] + 2.0;
    }
    /* a label: one copy of the loop */
    for (long i = 0; i < n; i++) {
        if (i % 4 == 1)
            goto next;
        rows[3][i] = rows[3][i] - 1.0;
    next:;
    }
    s5 = sum(block, 4 * n);
    /* a loop with a marked loop's call inside: each write checked */
    for (long i = 0; i < n && i < 4; i++) {
        rows[3][i] = sum(block, n);
    }
done:
    printf("n %ld: %.1f %.1f %.1f %.1f %.1f %.1f\n", n, s1, s2, s3, s4, s5, sum(block, 4 * n));
    free(rows);
    free(block);
    return 0;
}
