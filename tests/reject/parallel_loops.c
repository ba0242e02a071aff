/* expect-error-at: 9:16: parallel; 13:16: parallel; 17:16: parallel; 20:16: parallel */
/* Loops a parallel pragma cannot run in parallel: another iteration's
 * element, an unnamed floating-point sum, a global, an update that is not
 * the named operator. (A 2-D nest writing its own rows, y[r * w + c] with c
 * over [0, w), runs: tests/e2e/interleaved_blocks.c.) */
double g;
void f(const float *x, float *y, long n, double *out, long w)
{
#pragma reduce parallel
    for (long i = 1; i < n; i++)
        y[i] = y[i - 1] + x[i];
    double s = 0;
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        s += x[i];
    *out = s;
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        g = x[i];
#pragma reduce parallel reduce(+: s)
    for (long i = 0; i < n; i++)
        s = s * 2 + x[i];
    *out += s;
}
