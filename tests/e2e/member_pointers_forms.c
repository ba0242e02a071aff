/* Pointers held in structs in other forms (issue 42, item 3): a section
 * accumulator that is a member (D->hist[0:nb], element.c's row) with
 * member pointers read beside it, a typedef'd pointer member, a global
 * struct read through a macro's argument (`AT(G.v, i)`, parenthesized in
 * the macro's body), and a marked loop inside a parallel one reading the
 * same member; members named `pr` and `pr_tot`, whose copies' names must
 * not start with pr_ (reserved: pragreduce looped forever choosing one). */
#include <stdio.h>
#include <stdlib.h>
typedef double *dptr;
typedef struct { long n; dptr v; double *hist; long *bin; } Data;
Data G;
#define AT(a, i) ((a)[i])
static void hist(Data *D, long nb)
{
#pragma reduce(+: D->hist[0:nb])
    for (long i = 0; i < D->n; i++)
        D->hist[D->bin[i] % nb] += D->v[i];
}
static double glob(void)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < G.n; i++)
        s += AT(G.v, i);
    return s;
}
static void rows(Data *D, double *out, long m)
{
#pragma reduce parallel
    for (long r = 0; r < m; r++) {
        double t = 0;
#pragma reduce(+: t)
        for (long i = 0; i < D->n; i++)
            t += D->v[i] * r;
        out[r] = t;
    }
}
typedef struct { long n; double *pr; double pr_tot; } Named;
static double named(Named *N, const double *x)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < N->n; i++)
        s += N->pr[i];
#pragma reduce(+: N->pr_tot)
    for (long i = 0; i < N->n; i++)
        N->pr_tot += x[i];
    return s + N->pr_tot;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    Data D = {n, malloc((n + 1) * sizeof(double)), calloc(8, sizeof(double)), malloc((n + 1) * sizeof(long))};
    for (long i = 0; i < n; i++) { D.v[i] = i % 7; D.bin[i] = i * 3; }
    hist(&D, 8);
    G = D;
    double out[5];
    rows(&D, out, 5);
    printf("%g %g %g %g\n", D.hist[0], D.hist[3], glob(), out[4]);
    Named N = {n, D.v, 1.5};
    printf("named %g\n", named(&N, D.v));
    return 0;
}
