/* expect-error-at: 10:13: update does not match the '+' operator */
long signed_mix(const int *a, int n)
{
    long s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        if (a[i] >= 0)
            s += a[i];
        else
            s *= -1;
    }
    return s;
}
