/* expect-error-at: 19:9: by value; 30:9: through a pointer */
/* Stores through a pointer held in a struct (by value, or behind a
 * pointer): the GPU would get the host's address, which is what the
 * message must say, with the way out (the pointer copied to a variable
 * before the loop), not a rule about which elements an iteration may
 * write: the elements are each iteration's own. */
typedef struct {
    int *out;
    long *counts;
    long n;
} Sink;

double by_value(Sink s)
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < s.n; i++) {
        t += i;
        s.out[i] = (int)i;
    }
    return t;
}

double through_pointer(Sink *p)
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < p->n; i++) {
        t += 0.5 * i;
        p->counts[i]++;
    }
    return t;
}
