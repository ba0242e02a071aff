/* expect-error-at: 9:9: write to a global variable in the body */
static long g_visits;

long count_negative(const int *a, int n)
{
    long c = 0;
#pragma reduce(+: c)
    for (int i = 0; i < n; i++) {
        g_visits++;
        if (a[i] < 0)
            c++;
    }
    return c;
}
