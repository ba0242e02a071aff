/* expect-error-at: 10:16: reads the next iteration's block; 16:9: a symbolic stride; 19:13: again */
double f(double *q, const double *v, long n, long w)
{
    double s = 0, t = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n - 1; i++) {
        q[2 * i] = v[i];
        q[2 * i + 1] = v[i];
        s += q[2 * i + 1];
        s += q[2 * i + 2];
    }
    /* w * i + 1 is another iteration's element when w is 1: only a
     * constant stride makes a block */
#pragma reduce(+: t)
    for (long i = 0; i < n - 1; i++) {
        q[w * i] = v[i];
        t += v[i];
        if (v[i] > 0)
            q[w * i + 1] = v[i];
    }
    return s + t;
}
