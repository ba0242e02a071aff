/* expect-error-at: 12:16: parallel; 18:16: parallel; 22:25: private */
/* Clauses a parallel loop does not take, and parallel loops inside
 * parallel or marked loops (only the outer one may be marked). */
void f(const float *x, float *y, long n, double *out)
{
    double s = 0;
    float t;
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        t = x[i];
        y[i] = t;
#pragma reduce parallel
        for (long j = 0; j < n; j++)
            y[j] = 0;
    }
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
#pragma reduce parallel
        for (long j = 0; j < n; j++)
            s += x[j];
    }
#pragma reduce parallel private(t)
    for (long i = 0; i < n; i++) {
        t = x[i];
        y[i] = t;
    }
    *out = s;
}
