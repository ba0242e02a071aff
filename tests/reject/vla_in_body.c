/* expect-error-at: 8:9: a variable-length array declared in the loop */
long f(const int *a, long n)
{
    const int K = 4;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        int tmp[K];
        for (int k = 0; k < K; k++)
            tmp[k] = a[i] * k;
        s += tmp[K - 1];
    }
    return s;
}
