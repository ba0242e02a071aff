/* expect-error-at: 11:16: a parallel loop inside a marked reduction; 13:13: what it writes; 25:13: the inner accumulator carries values between the outer iterations */
/* Marked loops inside a marked reduction run as written in each of its
 * iterations; what the outer loop cannot then be is still refused. */

double parallel_inside(double *a, int n)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (int i = 0; i < n; i++) {
        t += a[i];
#pragma reduce parallel
        for (int j = 0; j < 4; j++)
            a[j] = 0.0;
    }
    return t;
}

double carried(const double *a, int n, double *last)
{
    double total = 0.0, s = 0.0;
#pragma reduce(+: total)
    for (int i = 0; i < n; i++) {
#pragma reduce(+: s)
        for (int j = 0; j < 4; j++)
            s += a[i * 4 + j];
        total += s;
    }
    *last = s;
    return total;
}
