/* expect-error-at: 5:31: collapse(n) is not a number; 8:31: collapse(9) is too deep */ /* collapse needs a small constant count */
long f(const int *a, int n)
{
    long s = 0, t = 0;
#pragma reduce(+: s) collapse(n)
    for (int i = 0; i < n; i++)
        s += a[i];
#pragma reduce(+: t) collapse(9)
    for (int i = 0; i < n; i++)
        t += a[i];
    return s + t;
}
