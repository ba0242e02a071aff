/* expect-error-at: 2:13: an old-style (K&R) function definition */
static long total(a, n)
    int *a;
    long n;
{
    long t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += a[i];
    return t;
}
