/* expect-error-at: 7:18: reduction variable read outside its update */
long scaled_count(const int *a, int n, int t)
{
    long count = 0;
#pragma reduce(+: count)
    for (int i = 0; i < n; i++) {
        long x = count * 2;
        if (a[i] > t && x >= 0)
            count++;
    }
    return count;
}
