/* expect-error-at: 7:19: a variable named like the generated code's */
long tail_sum(const int *a, long pr_lo, long n)
{
    long s = 0;
#pragma reduce(+: s)
    /* pr_lo, pr_step, pr_trip... are the wrapper's own names */
    for (long i = pr_lo; i < n; i++)
        s += a[i];
    return s;
}
