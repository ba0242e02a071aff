/* maxloc / minloc: the value and the index the sequential loop ends with,
 * ties included (> keeps the first, >= the last), with a filter, with an
 * initial value that may win, on a descending loop, with the value computed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    double *x = malloc((size_t)(n > 0 ? n : 1) * sizeof *x);
    if (!v || !x)
        return 1;
    for (long i = 0; i < n; i++) {
        v[i] = (int)((i * 7919) % 1009) - 500; /* many ties */
        x[i] = (double)((i * 37) % 101) * 0.5 - 20.0;
    }

    int best = -1000000;
    long first = -1;
#pragma reduce(maxloc: best, first)
    for (long i = 0; i < n; i++)
        if (v[i] > best) {
            best = v[i];
            first = i;
        }
    printf("max %d first at %ld\n", best, first);

    int best2 = -1000000;
    long last = -1;
#pragma reduce(maxloc: best2, last)
    for (long i = 0; i < n; i++) {
        if (best2 <= v[i]) {
            last = i;
            best2 = v[i];
        }
    }
    printf("max %d last at %ld\n", best2, last);

    double lo = 1e300;
    int where = -7;
#pragma reduce(minloc: lo, where)
    for (int i = 0; i < n; i++)
        if (i % 3 != 0 && x[i] < lo) {
            lo = x[i];
            where = i;
        }
    printf("min %.1f at %d\n", lo, where);

    /* an initial value no element beats: nothing changes */
    int top = 10000;
    int at = 42;
#pragma reduce(maxloc: top, at)
    for (int i = 0; i < n; i++)
        if (v[i] > top) {
            top = v[i];
            at = i;
        }
    printf("top %d at %d\n", top, at);

    /* descending: > keeps the first visited, which is the highest index */
    double m = -INFINITY;
    int mi = -1;
#pragma reduce(maxloc: m, mi)
    for (int i = (int)n - 1; i >= 0; i--)
        if (fabs(x[i]) > m) {
            m = fabs(x[i]);
            mi = i;
        }
    printf("max |x| %.1f at %d\n", m, mi);
    free(v);
    free(x);
    return 0;
}
