/* LU's update: a parallel loop over rows whose columns are a parallel loop
 * inside it (shared by each row's warp or block), reading the pivot row,
 * which no iteration writes; then the same update without the inner
 * pragma, where --explain suggests it. */
#define N 64
void update(double (*a)[N], int n)
{
    for (int k = 0; k < n; k++) {
#pragma reduce parallel
        for (int i = k + 1; i < n; i++) {
            double l = a[i][k] / a[k][k];
            a[i][k] = l;
#pragma reduce parallel
            for (int j = k + 1; j < n; j++)
                a[i][j] -= l * a[k][j];
        }
    }
}

void update_rows(double (*a)[N], int n, int k)
{
#pragma reduce parallel
    for (int i = k + 1; i < n; i++)
        for (int j = k + 1; j < n; j++)
            a[i][j] -= a[i][k] * a[k][j];
}
