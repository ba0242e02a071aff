/* expect-error-at: 21:18: m->me[i]; 30:14: a[i].p; 40:14: rows[i]; 49:15: *tab */
/* Tables of pointers (a matrix of rows, pointers in array elements, a
 * pointer to a pointer): only the table would be copied, and the GPU
 * would follow the host addresses in it. */
typedef struct {
    double **me;
    int m, n;
} Mat;

typedef struct {
    const double *p;
    int len;
} Item;

double mat_sum(const Mat *m)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (int i = 0; i < m->m; i++)
        for (int j = 0; j < m->n; j++)
            t += m->me[i][j];
    return t;
}

double items(const Item *a, int n)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (int i = 0; i < n; i++)
        t += a[i].p[0];
    return t;
}

double local_table(const Mat *m, int n)
{
    double t = 0.0;
    double *const *rows = m->me;
#pragma reduce(+: t)
    for (int i = 0; i < n; i++)
        t += rows[i][0];
    return t;
}

double through_pp(double *const *tab, int n)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (int i = 0; i < n; i++)
        t += (*tab)[i];
    return t;
}
