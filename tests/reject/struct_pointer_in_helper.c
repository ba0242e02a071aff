/* expect-error-at: 11:12: v->data */
/* A helper receives the struct the loop reads; the pointer member it
 * follows would be a host address on the GPU. */
typedef struct {
    double *data;
    double scale;
} Vec;

static double scaled(const Vec *v, long i)
{
    return v->data[i] * v->scale;
}

double sum(const Vec *v, long n)
{
    double t = 0.0;
#pragma reduce(+: t) in(v[0:1])
    for (long i = 0; i < n; i++)
        t += scaled(v, i);
    return t;
}
