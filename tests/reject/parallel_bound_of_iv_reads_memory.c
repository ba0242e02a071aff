/* expect-error-at: 9:16: 13:20: the variable of an inner loop whose bound 'cnt[i]' (line 12) changes with 'i' and reads memory */
/* A read array's subscript from an inner loop whose bound reads memory and
 * changes with the parallel loop's variable (`j < cnt[i]`): a local copy
 * of the bound before the loop would not be the iteration's, so the advice
 * is in() (tests/e2e/parallel_triangular.c follows it), not the copy. */
void row_sums(const double *x, const int *cnt, double *out, int n)
{
    int i, j;
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        double t = 0;
        for (j = 0; j < cnt[i]; j++)
            t += x[j];
        out[i] = t;
    }
}
