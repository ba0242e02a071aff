/* expect-error-at: 8:13: update does not match the 'max' operator */
int count_peaks(const int *a, int n)
{
    int m = 0;
#pragma reduce(max: m)
    for (int i = 0; i < n; i++)
        if (a[i] > 100)
            m += 1;
    return m;
}
