/* expect-error-at: 4:52: fact -> fact; 8:50: is_even -> is_odd -> is_even; 34:22: nested_sum -> nested_sum */
/* Recursion in a function a marked loop calls, directly, mutually or
 * through a chain, or of the function that holds the loop. */
static long fact(long k) { return k <= 1 ? 1 : k * fact(k - 1); }

static long is_odd(long k);
static long is_even(long k) { return k == 0 ? 1 : is_odd(k - 1); }
static long is_odd(long k) { return k == 0 ? 0 : is_even(k - 1); }
static long parity(long k) { return is_even(k < 0 ? -k : k); }

long sum_fact(const long *x, long n)
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += fact(x[i] % 10);
    return s;
}

long count_even(const long *x, long n)
{
    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        c += parity(x[i]);
    return c;
}

long nested_sum(const long *x, long n)
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += n > 1 ? nested_sum(x + i, 1) : x[i];
    return s;
}
