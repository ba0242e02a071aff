/* Pointers held in structs in K&R C89 (issue 42, item 3): old-style
 * definitions, declarations at the top of the blocks, the loop variable
 * declared before the loop; the pointer copied before the loop opens a
 * block of its own, so C89 sees its declaration first.
 * pragreduce-flags: -std=gnu89 */
#include <stdio.h>
#include <stdlib.h>

struct vec {
    long n;
    double *v;
};

struct pair {
    struct vec a;
    struct vec *b;
};

double dot(p, scale)
    struct pair *p;
    int scale;
{
    double s;
    long i;
    s = 0.0;
#pragma reduce(+: s)
    for (i = 0; i < p->a.n; i++)
        s += p->a.v[i] * p->b->v[i] * scale;
    return s;
}

void axpy(y, x, a)
    struct vec y;
    struct vec *x;
    double a;
{
    long i;
#pragma reduce parallel
    for (i = 0; i < y.n; i++)
        y.v[i] += a * x->v[i];
}

int main(argc, argv)
    int argc;
    char **argv;
{
    long n, i;
    struct vec x, y;
    struct pair p;
    n = argc > 1 ? atol(argv[1]) : 1000;
    x.n = y.n = n;
    x.v = malloc((size_t)(n + 1) * sizeof(double));
    y.v = malloc((size_t)(n + 1) * sizeof(double));
    for (i = 0; i < n; i++) {
        x.v[i] = (double)(i % 9) - 4.0;
        y.v[i] = (double)(i % 4) * 0.5;
    }
    p.a = x;
    p.b = &y;
    printf("dot %.3f\n", dot(&p, 2));
    axpy(y, &x, 1.5);
    printf("dot after axpy %.3f\n", dot(&p, 3));
    return 0;
}
