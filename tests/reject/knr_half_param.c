/* expect-error-at: 4:18: a K&R half-precision parameter */
/* pragreduce passes float and the integer types below int as C promotes
 * them (tests/e2e/c89_knr_promoted.c), not a _Float16 */
static double sum(a, n, scale)
    double *a;
    long n;
    _Float16 scale;
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += a[i] * scale;
    return t;
}
