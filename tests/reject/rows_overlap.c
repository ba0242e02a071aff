/* expect-error-at: 7:16: written here; 16:16: another element; 25:16: another element; 34:16: another element; 43:16: written here; 52:16: another element; 63:16: address */
#define M 32

/* writes the pivot row, which every iteration does */
void writes_pivot_row(double (*a)[M], int n, int k)
{
#pragma reduce parallel
    for (int i = k + 1; i < n; i++)
        for (int j = 0; j < n; j++)
            a[k][j] = a[i][j];
}

/* reads the next row, which the next iteration writes */
void reads_next_row(double (*a)[M], int n)
{
#pragma reduce parallel
    for (int i = 0; i < n - 1; i++)
        for (int j = 0; j < M; j++)
            a[i][j] += a[i + 1][j];
}

/* row k + 1 is among the rows written */
void reads_a_written_row(double (*a)[M], int n, int k)
{
#pragma reduce parallel
    for (int i = k + 1; i < n; i++)
        for (int j = 0; j < M; j++)
            a[i][j] -= a[k + 1][j];
}

/* an unsigned variable: k + 1 may wrap */
void unsigned_rows(double (*a)[M], unsigned n, unsigned k)
{
#pragma reduce parallel
    for (unsigned i = k + 1; i < n; i++)
        for (unsigned j = 0; j < M; j++)
            a[i][j] -= a[k][j];
}

/* a flat array: row k's elements are not told apart from row i's */
void flat_rows(double *a, long n, long k)
{
#pragma reduce parallel
    for (long i = k + 1; i < n; i++)
        for (long j = 0; j < n; j++)
            a[i * n + j] -= a[k * n + j];
}

/* a column under another row, at another column */
void swap_shifted(double (*a)[M], int k, int p)
{
#pragma reduce parallel
    for (int j = 0; j < M - 1; j++) {
        double t = a[k][j];
        a[k][j] = a[p][j + 1];
        a[p][j + 1] = t;
    }
}

/* the pivot row's element passed by address */
void address_of_pivot(double (*a)[M], int n, int k, void (*f)(double *))
{
#pragma reduce parallel
    for (int i = k + 1; i < n; i++)
        a[i][0] = *&a[k][0];
}
