/* expect-error-at: 4:16: offsets 0 to 3 in a stride of 3; 10:16: two strides */
void f(double *p, double *q, const double *v, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        p[3 * i] = v[i];
        p[3 * i + 2] = v[i];
        p[3 * i + 3] = v[i];
    }
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        p[4 * i] = v[i];
        p[4 * i + 1] = v[i];
        p[2 * i + 1] = v[i];
        q[6 * i + 1] = v[i];
        q[3 * i] = v[i];
    }
}
