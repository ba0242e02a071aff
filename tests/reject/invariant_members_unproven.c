/* expect-error-at: 20:16: address taken; 32:9: member written; 44:13: pointer moved; 58:16: volatile member */
/* Struct members in subscripts of reductions that the loop may change, so
 * that the host could not compute the elements read before the loop
 * (tests/e2e/invariant_members.c has the forms accepted): a local whose
 * address is taken, where the loop stores through an int pointer that
 * may hold it; a member the loop writes; a pointer the loop moves; a
 * volatile member. The parallel loops' forms: invariant_members_parallel.c. */
typedef struct {
    int w;
    int n;
} Shape;

long through_address(const double *a, int *out, int n)
{
    Shape d = {n, n};
    int *q = &d.w;
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[2 * d.w + i];
        out[i] = i;
    }
    return s + *q;
}

double member_written(const double *a, Shape d)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < d.n; i++) {
        s += a[d.w * 2 + i];
        d.w = i;
    }
    return s;
}

double moved(const Shape *p, const double *a, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[p->w + i];
        if (i == 3)
            p = 0;
    }
    return s;
}

typedef struct {
    volatile int w;
} Live;

double volatile_member(const double *a, Live l, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[l.w + i];
    return s;
}
