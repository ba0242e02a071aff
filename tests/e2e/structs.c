/* Arrays of structs, and a struct passed by pointer whose fields are
 * read in the body (its extent given with in(pr[0:1])). */
#include <stdio.h>
#include <stdlib.h>

struct pt {
    double x, y;
};

struct params {
    double scale;
    int limit;
};

static double cross_sum(const struct pt *p, long n, const struct params *pr)
{
    double s = 0;
    /* pr->scale is read through a pointer: name the one element read */
#pragma reduce(+: s) in(pr[0:1])
    for (long i = 0; i < n; i++)
        s += p[i].x * p[i].y * pr->scale;
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    struct pt *p = malloc((n > 0 ? n : 1) * sizeof *p);
    if (!p)
        return 1;
    for (long i = 0; i < n; i++) {
        p[i].x = (double)(i % 9) - 4.0;
        p[i].y = (double)((i * 5) % 7) * 0.5;
    }
    struct params pr = {2.0, 3};

    printf("sum 2 x y: %.2f\n", cross_sum(p, n, &pr));

    double ymax = -1.0;
#pragma reduce(max: ymax)
    for (long i = 0; i < n; i++)
        if (p[i].y + p[i].x > ymax)
            ymax = p[i].y + p[i].x;
    printf("max x + y: %.2f\n", ymax);

    int inside = 0;
#pragma reduce(+: inside)
    for (long i = 0; i < n; i++) {
        struct pt q = p[i];
        if (q.x * q.x + q.y * q.y <= pr.limit * pr.limit)
            inside++;
    }
    printf("points within radius %d: %d\n", pr.limit, inside);

    free(p);
    return 0;
}
