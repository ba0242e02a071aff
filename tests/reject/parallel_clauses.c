/* expect-error-at: 11:16: parallel; 15:25: collapse */
/* collapse(2) on a parallel loop whose body is not one loop, and a parallel loop inside a
 * marked loop (only the outer one may be marked). */
void f(const float *x, float *y, long n, double *out)
{
    double s = 0;
    float t;
    /* (a parallel loop in a parallel loop: tests/reject/nested_parallel.c) */
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
#pragma reduce parallel
        for (long j = 0; j < n; j++)
            s += x[j];
    }
#pragma reduce parallel collapse(2)
    for (long i = 0; i < n; i++) {
        t = x[i];
        y[i] = t;
    }
    *out = s;
}
