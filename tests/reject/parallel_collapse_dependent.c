/* expect-error-at: 10:9: the second level reads another element */
/* collapse(2) on a parallel loop claims the rows' iterations independent
 * too: a row that carries a value from one element to the next is not
 * (the outer loop alone is, but collapse asked for both). One error at the
 * inner loop, a note at the clause. */
void scan_rows(double *a, int n)
{
#pragma reduce parallel collapse(2)
    for (int i = 0; i < n; i++)
        for (int j = 1; j < n; j++)
            a[i * n + j] = a[i * n + j - 1] + 1.0;
}
