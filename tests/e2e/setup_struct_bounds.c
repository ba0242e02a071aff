/* Bounds from struct members of an array of structs a parallel loop wrote
 * (sg[1].lo .. sg[1].hi, and through a pointer: p->hi), with the newer
 * bytes on the GPU: the host reads them for the trip count (issue 40). */
#include <stdio.h>
#include <stdlib.h>

struct seg {
    long lo, hi;
    double w;
};

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    struct seg *sg = malloc(4 * sizeof *sg);
    float *x = malloc((size_t)(n + 1) * sizeof *x);
    if (!sg || !x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (float)(i % 13);
    for (int k = 0; k < 4; k++)
        sg[k].lo = sg[k].hi = 0, sg[k].w = 0;
#pragma reduce parallel
    for (int k = 0; k < 4; k++) {
        sg[k].lo = n * k / 4;
        sg[k].hi = n * (k + 1) / 4;
        sg[k].w = k + 1;
    }
    double s = 0, t = 0;
#pragma reduce(+: s)
    for (long i = sg[1].lo; i < sg[1].hi; i++)
        s += x[i] * sg[1].w;
    const struct seg *p = &sg[2];
#pragma reduce(+: t)
    for (long i = p->lo; i < p->hi; i++)
        t += x[i];
    printf("%.1f %.1f\n", s, t);
    free(sg);
    free(x);
    return 0;
}
