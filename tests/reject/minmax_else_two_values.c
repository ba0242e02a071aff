/* expect-error-at: 8:9: min and max of different values in one else-chain */
void ranges(const double *a, const double *b, int n, double *lo, double *hi)
{
    double mn = a[0], mx = b[0];
#pragma reduce(min: mn) reduce(max: mx)
    for (int i = 1; i < n; i++) {
        if (a[i] < mn) mn = a[i];
        else if (b[i] > mx) mx = b[i];
    }
    *lo = mn;
    *hi = mx;
}
