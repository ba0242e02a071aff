/* expect-error-at: 10:16: 14:19: the subscript 'k' uses the variable of an inner loop whose bound 'dims[2]' (line 13) */
/* A written array's subscript from an inner loop bounded by a global:
 * the advice names the bound (tests/e2e/parallel_global_dims.c follows it);
 * in() is not suggested, since a written array may not be named there. */
int dims[3] = {4, 5, 6};
double m[6][5][4];
void fill(void)
{
    int i, j, k;
#pragma reduce parallel
    for (i = 0; i < dims[0]; i++)
        for (j = 0; j < dims[1]; j++)
            for (k = 0; k < dims[2]; k++)
                m[k][j][i] = i + 10 * j + 100 * k;
}
