/* expect-error-at: 9:16: written here; 21:16: accumulates; 34:16: last */
/* A parallel loop inside a parallel loop that the outer one's threads
 * cannot share: the outer loop is not independent with it, the inner one
 * accumulates, or it leaves a scalar for after it. */
#define M 64

void overlapping(double *y, const double *x, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        y[i] = x[i];
#pragma reduce parallel
        for (long j = 0; j < n; j++)
            y[j] = 0;
    }
}

void accumulates(double (*a)[M], long n, long *count)
{
    long c = 0;
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
#pragma reduce parallel reduce(+: c)
        for (long j = 0; j < M; j++)
            if (a[i][j] > 0)
                c++;
    }
    *count = c;
}

void leaves_a_scalar(double (*a)[M], long n, double *out)
{
    double last = 0;
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
#pragma reduce parallel
        for (long j = 0; j < M; j++) {
            last = a[i][j] * 2;
            a[i][j] = last;
        }
        a[i][0] = last;
    }
    *out = a[0][0];
}
