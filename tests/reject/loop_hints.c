/* expect-error-at: 10:9: GCC ivdep; 14:9: unroll; 18:9: clang loop; 22:9: acc */
/* A compiler's loop hint right before '#pragma reduce' would stay before
 * the call that replaces the loop, where the compiler wants a loop (gcc:
 * "for, while or do statement expected"); pragreduce says so instead of
 * writing a file nvcc rejects. */
double hints(const double *a, int n)
{
    double s = 0, t = 0, u = 0, v = 0;
    int i;
#pragma GCC ivdep
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += a[i];
#pragma unroll 4
#pragma reduce(+: t)
    for (i = 0; i < n; i++)
        t += a[i];
#pragma clang loop vectorize(enable)
#pragma reduce(+: u)
    for (i = 0; i < n; i++)
        u += a[i];
#pragma acc parallel loop reduction(+: v)
#pragma reduce(+: v)
    for (i = 0; i < n; i++)
        v += a[i];
    return s + t + u + v;
}
