/* Pointers held in structs that the loop changes (issue 42, item 3), with
 * --keep-invalid: pragreduce copies a member pointer before a marked loop
 * only when the loop as written cannot change it, so a refused loop kept
 * sequential reads the member itself, as the program does: the member
 * assigned in the loop, the struct swapped through a pointer, a helper of
 * the file writing a global struct's member, and an accepted marked loop
 * inside a refused one that moves the pointer between its runs.
 * pragreduce-flags: --keep-invalid */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    long n;
    double *v;
} Data;

static Data G;
static double *spare;

static double assigns(Data D, double *other)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < D.n; i++) {
        s += D.v[i];
        if (i == D.n / 2)
            D.v = other;
    }
    return s;
}

static double swaps(Data *p, Data *q)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < p->n; i++) {
        s += p->v[i] * (i + 1);
        if (i % 3 == 2) {
            Data t = *p;
            *p = *q;
            *q = t;
        }
    }
    return s;
}

static void rotate(long i)
{
    if (i % 4 == 3) {
        double *t = G.v;
        G.v = spare;
        spare = t;
    }
}

static double through_helper(void)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < G.n; i++) {
        s += G.v[i];
        rotate(i);
    }
    return s;
}

static double nested(Data *p, double *other, long rounds)
{
    double total = 0.0;
#pragma reduce(+: total)
    for (long r = 0; r < rounds; r++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (long i = 0; i < p->n; i++)
            s += p->v[i];
        total += s * (r + 1);
        double *t = p->v;
        p->v = other;
        other = t;
    }
    return total;
}

/* a parallel loop refused (it moves the pointer), the marked loop inside
 * it then transformed by itself: its copy is made at each of its runs */
static void nested_parallel(Data *p, double *other, double *out, long rounds)
{
#pragma reduce parallel
    for (long r = 0; r < rounds; r++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (long i = 0; i < p->n; i++)
            s += p->v[i] * (r + 2);
        out[r] = s;
        double *t = p->v;
        p->v = other;
        other = t;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((size_t)(n + 1) * sizeof(double)), *b = malloc((size_t)(n + 1) * sizeof(double));
    for (long i = 0; i < n; i++) {
        a[i] = (double)(i % 11);
        b[i] = (double)(i % 5) * 10.0;
    }
    Data D = {n, a}, E = {n, b};
    printf("assigns %.1f\n", assigns(D, b));
    printf("swaps %.1f\n", swaps(&D, &E));
    G.n = n;
    G.v = a;
    spare = b;
    printf("helper %.1f\n", through_helper());
    Data F = {n, a};
    printf("nested %.1f\n", nested(&F, b, 5));
    double out[5];
    nested_parallel(&F, b, out, 5);
    printf("nested parallel %.1f %.1f %.1f %.1f %.1f\n", out[0], out[1], out[2], out[3], out[4]);
    return 0;
}
