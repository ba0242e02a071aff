/* expect-error-at: 31:14: D.v = ...; 42:14: D = E; 53:14: *pD = E; 64:14: memcpy; 76:14: &D.v; 83:16: tab[i] = ...; 92:16: E[i].n = ...; 104:14: p = q; 115:14: union; 124:14: volatile; 132:25: in(D.v...); 148:14: elsewhere() */
/* A pointer held in a struct that a marked loop reads is copied to a
 * variable before the loop; the copy is what every iteration reads only
 * when the loop cannot change the pointer: each loop here can (the member
 * assigned, the struct assigned, through a pointer, by memcpy, its
 * address taken, a table of pointers written, a struct written through a
 * pointer, the pointer at the root moved, a union's other member
 * written). The message names the member and says where. */
#include <string.h>

typedef struct {
    long n;
    double *v;
} Data;

typedef union {
    double *v;
    long bits;
} Either;

typedef struct {
    Either e;
    long n;
} Tagged;

double assigns_member(Data D, double *other)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < D.n; i++) {
        s += D.v[i];
        D.v = other;
    }
    return s;
}

double assigns_struct(Data D, Data E)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < D.n; i++) {
        s += D.v[i];
        D = E;
    }
    return s;
}

double through_pointer(Data *pD, Data E)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < pD->n; i++) {
        s += pD->v[i];
        *pD = E;
    }
    return s;
}

double copied_over(Data *D, const Data *E, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        s += D->v[i];
        memcpy(D, E, sizeof *D);
    }
    return s;
}

double address_taken(Data D)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < D.n; i++) {
        double **pp = &D.v;
        s += D.v[i] + (pp != 0);
    }
    return s;
}

void table_written(Data *D, double **tab, double *out)
{
#pragma reduce parallel
    for (long i = 0; i < D->n; i++) {
        out[i] = D->v[i];
        tab[i] = out;
    }
}

void structs_written(Data *D, Data *E, double *out)
{
#pragma reduce parallel
    for (long i = 0; i < D->n; i++) {
        out[i] = D->v[i];
        E[i].n = 0;
    }
}

double root_moved(Data *p, Data *q, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        s += p->v[i];
        p = q;
    }
    return s;
}

double union_member(Tagged t)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < t.n; i++)
        s += t.e.v[i];
    return s;
}

double volatile_member(volatile Data *D)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < 8; i++)
        s += D->v[i];
    return s;
}

/* in() naming a member the loop changes: the clause says why */
double named_in_clause(Data D, double *w)
{
    double s = 0.0;
#pragma reduce(+: s) in(D.v[0:D.n])
    for (long i = 0; i < D.n; i++) {
        s += D.v[i];
        D.v = w;
    }
    return s;
}

/* a call that may write memory: the pointer behind p may change */
void elsewhere(Data *q);

double calls_unknown(Data *p, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        s += p->v[i];
        if (i == 3)
            elsewhere(0);
    }
    return s;
}
