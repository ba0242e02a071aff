/* --explain on parallel loops: an update, a count across iterations, and
 * rows around a marked sum; host reads of what they wrote. */
void step(const double *x, double *y, long *hits, const double *m, double *rs, long n, long cols)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        y[i] = 0.5 * x[i] + y[i];
    long count = 0;
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        double t = x[i] * x[i];
        y[i] = t;
        count += t > 1.0;
    }
    *hits = count;
#pragma reduce parallel
    for (long r = 0; r < n / cols; r++) {
        double s = 0;
#pragma reduce(+: s)
        for (long c = 0; c < cols; c++)
            s += m[r * cols + c];
        rs[r] = s;
    }
    if (n > 0 && y[0] > 1.0)
        *hits += (long)rs[0];
}
