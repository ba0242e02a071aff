/* expect-error-at: 9:19: reduction variable has struct type */
struct pair {
    long lo, hi;
};

long pair_total(const long *a, int n)
{
    struct pair acc = {0, 0};
#pragma reduce(+: acc)
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            acc.lo += a[i];
        else
            acc.hi += a[i];
    }
    return acc.lo + acc.hi;
}
