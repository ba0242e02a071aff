/* expect-error-at: 9:16: reads another iteration's element; 16:15: writes b[i + 1] too */
long f(long *b, const int *a, long n)
{
    long s = 0, t = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n - 1; i++) {
        b[i] = a[i];
        s += b[i];
        s += b[i + 1];
    }
#pragma reduce(+: t)
    for (long i = 0; i < n - 1; i++) {
        t += a[i];
        b[i] = 0;
        if (a[i] > 0)
            b[i + 1] = a[i];
    }
    return s + t;
}
