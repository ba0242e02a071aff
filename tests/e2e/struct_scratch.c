/* Scratch structs written member by member before each read (Rodinia's
 * lavaMD: `THREE_VECTOR d;` at the top of the function, `d.x = ...` in the
 * loop): private without the clause when nothing after the loop reads
 * them (C89 style), or with private(d); an array of them filled by
 * constant subscripts; a whole-struct copy after every member is written. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double x, y, z;
} three_vector;

static double energy(const three_vector *r, int n)
{
    three_vector d, e;
    three_vector pair[2];
    double s = 0, t = 0;
    int i;
#pragma reduce(+: s)
    for (i = 1; i < n; i++) {
        d.x = r[i].x - r[i - 1].x;
        d.y = r[i].y - r[i - 1].y;
        d.z = r[i].z - r[i - 1].z;
        e = d;
        s += e.x * d.x + d.y * d.y + d.z * e.z;
    }
#pragma reduce(max: t) private(pair)
    for (i = 0; i < n; i++) {
        pair[0].x = r[i].x;
        pair[0].y = r[i].y;
        pair[0].z = 0;
        pair[1] = pair[0];
        pair[1].z = r[i].z;
        if (pair[1].z + pair[0].x > t)
            t = pair[1].z + pair[0].x;
    }
    d = r[0]; /* written whole before any read after the loop: still scratch */
    return s + t + d.x;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    three_vector *r = malloc(((size_t)n + 1) * sizeof *r);
    for (int i = 0; i < n; i++) {
        r[i].x = (i % 7) * 0.5;
        r[i].y = (i % 5) * 0.25;
        r[i].z = (i % 3) * 0.125;
    }
    printf("n %d energy %.4f\n", n, energy(r, n));
    free(r);
    return 0;
}
