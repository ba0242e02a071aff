/* --explain for reductions at two levels and for array sections: an outer
 * loop that counts across its iterations is one launch with both levels;
 * one that sums floating point across them stays on the host, and says
 * which pragma would allow the reordering; a histogram's plan. */
long count_big(const int *a, long rows, long cols)
{
    long big = 0;
    for (long i = 0; i < rows; i++) {
        long s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += a[i * cols + j];
        if (s > 100)
            big++;
    }
    return big;
}

double total_of_rows(const double *a, long rows, long cols)
{
    double total = 0;
    for (long i = 0; i < rows; i++) {
        double s = 0;
#pragma reduce(+: s)
        for (long j = 0; j < cols; j++)
            s += a[i * cols + j];
        total += s;
    }
    return total;
}

void histogram(const int *x, long n, unsigned *h)
{
#pragma reduce(+: h[0:256])
    for (long i = 0; i < n; i++)
        h[x[i] & 255]++;
}
