/* expect-error-at: 19:14: s.data; 28:14: p->data; 37:13: o->inner.data; 37:36: o->inner.data; 46:28: p->data */
/* A struct copied to the GPU holds host addresses in its pointer members:
 * a marked loop may not follow one (the message says what to hoist). */
typedef struct {
    double *data;
    long n;
    double fixed[4];
} Vec;

typedef struct {
    Vec inner;
} Outer;

double by_value(Vec s, long n)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += s.data[i];
    return t;
}

double through_pointer(const Vec *p)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (long i = 0; i < p->n; i++)
        t += p->data[i];
    return t;
}

double nested(const Outer *o, long n)
{
    double t = 0.0;
#pragma reduce(max: t)
    for (long i = 0; i < n; i++)
        t = o->inner.data[i] > t ? o->inner.data[i] : t;
    return t;
}

double fixed_ok_then_pointer(const Vec *p)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (long i = 0; i < 4; i++)
        t += p->fixed[i] * p->data[i];
    return t;
}
