/* Struct members a marked loop may read (the forms pragreduce accepts
 * after issue 14's check of pointers loaded from memory): fixed-size array
 * members through a pointer and by value, scalar members of a nested
 * struct, fields of an array of structs read by a helper, and a pointer
 * member copied into a variable before the loop (what the error for
 * `p->data[i]` asks for). What reaches the GPU holds pointers only where
 * nothing follows them. */
#include <stdio.h>
#include <stdlib.h>

#define K 16

typedef struct {
    long n;
    double *data;
    double fixed[K];
} Vec;

typedef struct {
    Vec v;
    int scale;
} Outer;

typedef struct {
    double x;
    int w;
    const double *unused; /* a host pointer the loops never follow */
} Item;

/* too large to pass by value: read through a pointer (as the error for a
 * by-value read says), it is copied to the GPU's memory */
typedef struct {
    double w[1024];
} Table;

static double table_lookup(const Table *t, const long *code, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += t->w[code[i] % 1024];
    return s;
}

static double weighted(const Item *it) { return it->x * it->w; }

static double fixed_through_pointer(const Vec *p)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < K; i++)
        s += p->fixed[i] * (i + 1);
    return s;
}

static double fixed_by_value(Vec v)
{
    double m = -1.0e300;
#pragma reduce(max: m)
    for (int i = 0; i < K; i++)
        if (v.fixed[i] > m)
            m = v.fixed[i];
    return m;
}

static double nested_fixed(const Outer *o)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < K; i++)
        s += o->v.fixed[i] * o->scale;
    return s;
}

static double hoisted(const Outer *o)
{
    double s = 0.0;
    const double *data = o->v.data; /* the pointer member, copied before the loop */
    long n = o->v.n;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += data[i] * o->scale;
    return s;
}

static double items(const Item *a, long n, long *heavy)
{
    double s = 0.0;
    long c = 0;
#pragma reduce(+: s, c) in(a[0:n])
    for (long i = 0; i < n; i++) {
        s += weighted(&a[i]);
        c += a[i].w > 1;
    }
    *heavy = c;
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *data = malloc((size_t)(n > 0 ? n : 1) * sizeof *data);
    Item *a = malloc((size_t)(n > 0 ? n : 1) * sizeof *a);
    long *code = malloc((size_t)(n > 0 ? n : 1) * sizeof *code);
    static Table table;
    if (!data || !a || !code)
        return 1;
    for (long i = 0; i < n; i++) {
        data[i] = (double)(i % 7) - 3.0;
        a[i].x = (double)(i % 5);
        a[i].w = (int)(i % 3);
        a[i].unused = data;
        code[i] = (i * 37) % 2048;
    }
    for (int k = 0; k < 1024; k++)
        table.w[k] = (double)(k % 6);
    Outer o = {{n, data, {0}}, 3};
    for (int k = 0; k < K; k++)
        o.v.fixed[k] = (double)((k * 7) % 11) - 5.0;

    printf("fixed through a pointer: %.1f\n", fixed_through_pointer(&o.v));
    printf("fixed by value: %.1f\n", fixed_by_value(o.v));
    printf("nested fixed: %.1f\n", nested_fixed(&o));
    o.v.fixed[3] = 40.0; /* a host write to the member between calls */
    printf("fixed again: %.1f, nested %.1f\n", fixed_through_pointer(&o.v), nested_fixed(&o));
    printf("hoisted pointer member: %.1f\n", hoisted(&o));
    data[n / 2] += n > 0 ? 10.0 : 0.0; /* a host write between calls */
    printf("hoisted again: %.1f\n", hoisted(&o));
    long heavy = 0;
    double w = items(a, n, &heavy);
    printf("items: %.1f, heavy %ld\n", w, heavy);
    printf("table lookup: %.1f\n", table_lookup(&table, code, n));
    free(code);
    free(data);
    free(a);
    return 0;
}
