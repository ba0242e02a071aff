/* expect-error-at: 9:9: a type declared in the function, outside the loop */
long long total(const int *a, long n)
{
    typedef long long acc_t;
    long long tot = 0;
#pragma reduce(+: tot)
    for (long i = 0; i < n; i++) {
        /* the kernel is generated at file scope */
        acc_t v = a[i];
        tot += v;
    }
    return tot;
}
