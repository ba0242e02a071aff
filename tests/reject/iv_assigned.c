/* expect-error-at: 8:9: induction variable modified in the body */
long sum_pairs(const long *a, long n)
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n - 1; i++) {
        s += a[i] + a[i + 1];
        i = i + 1;
    }
    return s;
}
