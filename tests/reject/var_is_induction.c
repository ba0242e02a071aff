/* expect-error-at: 5:19: induction variable named as reduction variable */
long last_index(const double *a, long n)
{
    long i, s = 0;
#pragma reduce(+: i)
    for (i = 0; i < n; i++)
        s += a[i] > 0.0;
    return s + i;
}
