/* expect-error-at: 7:26: reduction variable read outside its update */
int chase(const int *a, int n)
{
    int m = 0;
#pragma reduce(max: m)
    for (int i = 0; i < n; i++) {
        int v = a[i] + a[m % 4];
        if (v > m)
            m = v;
    }
    return m;
}
