/* expect-error-at: 6:30: private variable-length array */
double row_sums(const double *a, int n, int m)
{
    double s = 0.0;
    double row[m];
#pragma reduce(+: s) private(row)
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < m; k++)
            row[k] = a[i * m + k];
        s += row[0];
    }
    return s;
}
