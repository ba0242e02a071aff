/* expect-error-at: 8:9: write through a pointer in the body */
long clear_and_count(int *a, int n)
{
    long c = 0;
#pragma reduce(+: c)
    for (int i = 0; i < n; i++) {
        c += a[i] != 0;
        *(a + i) = 0;
    }
    return c;
}
