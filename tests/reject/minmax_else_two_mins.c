/* expect-error-at: 9:9: two minimums in one else-chain */
void two_smallest(const double *a, int n, double *m1, double *m2)
{
    double lo1 = 1e300, lo2 = 1e300;
#pragma reduce(min: lo1, lo2)
    for (int i = 0; i < n; i++) {
        if (a[i] < lo1)
            lo1 = a[i];
        else if (a[i] < lo2)
            lo2 = a[i];
    }
    *m1 = lo1;
    *m2 = lo2;
}
