/* Arrays and structs declared inside the body of a host loop, in a
 * function with marked loops (issue 14, item 12): a snprintf line buffer,
 * a small `double t[4]`, a struct cleared by memset, an array filled by a
 * helper of the file, a struct array, in loops that hold no marked loop
 * (their invalidations must not be hoisted out of the objects' scope: no
 * marked loop can see them) and in a loop that holds one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    double lo, hi;
    int count;
} Span;

static void fill4(double *t, int k)
{
    for (int i = 0; i < 4; i++)
        t[i] = (double)(k * i % 5);
}

static double sum(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    double *x = malloc((size_t)(n + 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (double)(i % 6);

    double acc = 0.0;
    /* host loops with block-scoped arrays and structs, no marked loop inside */
    for (int r = 0; r < 3; r++) {
        char line[64];
        snprintf(line, sizeof line, "row %d", r);
        double t[4];
        for (int k = 0; k < 4; k++)
            t[k] = (double)(k * r);
        Span sp;
        memset(&sp, 0, sizeof sp);
        sp.lo = t[1];
        sp.hi = t[3];
        sp.count = (int)strlen(line);
        double u[4];
        fill4(u, r + 1);
        Span pair[2];
        pair[0] = sp;
        pair[1].lo = u[2];
        pair[1].hi = u[3];
        pair[1].count = 1;
        acc += sp.hi - sp.lo + pair[1].hi + (double)pair[0].count;
        printf("%s %.1f %.1f %.1f\n", line, t[0] + t[1] + t[2] + t[3], sp.hi, u[1]);
    }
    while (acc > 100.0) {
        double w[2] = {acc, 1.0};
        acc = w[0] / 2.0 - w[1];
    }
    if (n > 0) {
        char msg[32];
        snprintf(msg, sizeof msg, "n=%ld", n);
        printf("%s\n", msg);
    }

    /* a loop holding a marked loop, with scoped objects in its body */
    for (int r = 0; r < 3; r++) {
        char label[32];
        snprintf(label, sizeof label, "sum %d", r);
        double t[4];
        fill4(t, r + 2);
        double s = 0.0;
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += x[i] * t[(int)(i % 4)];
        printf("%s: %.1f %.1f\n", label, s, sum(x, n));
        for (long i = 0; i < n; i += 3)
            x[i] += 1.0;
    }
    printf("acc %.1f\n", acc);
    free(x);
    return 0;
}
