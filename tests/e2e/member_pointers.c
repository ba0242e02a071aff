/* Pointers held in structs (issue 42, item 3): a marked loop reads
 * `D.v[i]`, `D->v[i]`, `a.b.v[i]` and `p->q->v[i]` as if the pointer had
 * been copied to a variable before the loop (pragreduce makes the copy),
 * with in() naming a member path, a parallel loop writing through a member
 * pointer, element and section accumulators beside member pointers, and a
 * marked loop inside an unmarked one that swaps the struct's pointers
 * between runs. Every result must be the sequential program's. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    long n;
    double *v;
    long *idx;
} Data;

typedef struct {
    Data d;
    int scale;
} Outer;

typedef struct {
    Data *q;
    double *out;
    double *w;
} Holder;

/* by value: D.v, D.idx, a gather named with in() */
static double gather(Data D)
{
    double s = 0.0;
#pragma reduce(+: s) in(D.v[0:D.n])
    for (long i = 0; i < D.n; i++)
        s += D.v[D.idx[i]];
    return s;
}

/* through a pointer */
static double dot_arrow(const Data *D, const double *w)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < D->n; i++)
        s += D->v[i] * w[i];
    return s;
}

/* a nested struct by value, and a pointer to a pointer's struct */
static double nested(Outer o, Holder *h)
{
    double s = 0.0, m = -1e300;
#pragma reduce(+: s) reduce(max: m)
    for (long i = 0; i < o.d.n; i++) {
        double x = o.d.v[i] * o.scale + h->q->v[i];
        s += x;
        m = x > m ? x : m;
    }
    return s + m;
}

/* a parallel loop writing through a member pointer */
static void scale_into(Holder *h, long n, double a)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        h->out[i] = a * h->q->v[i] + h->w[i];
}

/* an element accumulator and a section accumulator beside member pointers */
static void sums(Data *D, double *tot, double *hist, long nb)
{
#pragma reduce(+: tot[0])
    for (long i = 0; i < D->n; i++)
        tot[0] += D->v[i];
#pragma reduce(+: hist[0:nb])
    for (long i = 0; i < D->n; i++)
        hist[D->idx[i] % nb] += D->v[i];
}

/* the loop around swaps the pointers: each run copies them again */
static double swapped(Data *D, double *other, int rounds)
{
    double total = 0.0;
    for (int r = 0; r < rounds; r++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (long i = 0; i < D->n; i++)
            s += D->v[i] * (r + 1);
        total += s;
        double *t = D->v;
        D->v = other;
        other = t;
    }
    return total;
}

/* stores through member pointers in a reduction loop (each iteration its
 * own element), and a fixed-size member beside a pointer member */
typedef struct {
    int *out;
    long *counts;
    long n;
    double fixed[4];
    double *data;
} Sink;

static double by_value_store(Sink s)
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < s.n; i++) {
        t += i;
        s.out[i] = (int)i * 3;
    }
    return t;
}

static double through_pointer_store(Sink *p)
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < p->n; i++) {
        t += 0.5 * i + p->fixed[i % 4] * p->data[i];
        p->counts[i]++;
    }
    return t;
}

/* XSBench's hash grid (GridInit.c): each e writes its own row through a
 * pointer held in a struct passed by value */
typedef struct {
    long n_isotopes;
    long hash_bins;
} Inputs;

typedef struct {
    int *index_grid;
    double *grid;
} SimData;

static void hash_grid(Inputs in, SimData SD, double du)
{
    long e;
#pragma reduce parallel
    for (e = 0; e < in.hash_bins; e++) {
        double energy = e * du;
        for (long i = 0; i < in.n_isotopes; i++)
            SD.index_grid[e * in.n_isotopes + i] = (int)(energy * 100) + (int)i + (int)SD.grid[i];
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    Data D = {n, malloc((size_t)(n + 1) * sizeof(double)), malloc((size_t)(n + 1) * sizeof(long))};
    double *w = malloc((size_t)(n + 1) * sizeof(double));
    double *u = malloc((size_t)(n + 1) * sizeof(double));
    double *out = malloc((size_t)(n + 1) * sizeof(double));
    for (long i = 0; i < n; i++) {
        D.v[i] = (double)((i * 7) % 13) - 6.0;
        D.idx[i] = (i * 31 + 5) % n;
        w[i] = (double)(i % 5) * 0.5;
        u[i] = (double)((i * 3) % 11);
    }
    Outer o = {D, 3};
    Holder h = {&D, out, w};
    printf("gather %.3f\n", gather(D));
    printf("dot %.3f\n", dot_arrow(&D, w));
    printf("nested %.3f\n", n ? nested(o, &h) : 0.0);
    scale_into(&h, n, 2.0);
    double c = 0.0;
    for (long i = 0; i < n; i++)
        c += out[i] * (double)(i % 7 + 1);
    printf("scaled %.3f\n", c);
    /* the host changes what D.v points to: the next calls see it */
    for (long i = 0; i < n; i += 3)
        D.v[i] += 1.0;
    printf("dot again %.3f\n", dot_arrow(&D, w));
    scale_into(&h, n, -1.0);
    c = 0.0;
    for (long i = 0; i < n; i++)
        c += out[i] * (double)(i % 5 + 1);
    printf("scaled again %.3f\n", c);
    double tot = 0.0, hist[7] = {0};
    sums(&D, &tot, hist, 7);
    printf("sums %.3f", tot);
    for (int b = 0; b < 7; b++)
        printf(" %.3f", hist[b]);
    printf("\n");
    printf("swapped %.3f\n", swapped(&D, u, 4));
    printf("gather after swaps %.3f\n", gather(D));
    Sink sk = {malloc((size_t)(n + 1) * sizeof(int)), calloc((size_t)(n + 1), sizeof(long)), n, {1, 2, 3, 4}, w};
    printf("stores %.1f", by_value_store(sk));
    printf(" %.1f", through_pointer_store(&sk));
    w[n / 2] += 1.0;
    printf(" %.1f", through_pointer_store(&sk));
    long cs = 0;
    for (long i = 0; i < n; i++)
        cs += sk.out[i] + sk.counts[i] * (i % 3);
    printf(" %ld\n", cs);
    Inputs in = {5, n};
    SimData SD = {malloc((size_t)(5 * n + 1) * sizeof(int)), u};
    hash_grid(in, SD, 0.01);
    for (long i = 0; i < 5 * n; i += 2)
        cs += SD.index_grid[i] * (i % 7);
    printf("hash grid %ld\n", cs);
    return 0;
}
