/* Parallel loops with the bodies stencils and updates have in C89 style:
 * scratch scalars declared at the top of the function and assigned first
 * in each iteration, used as subscripts (`c = x; b[c] = ...`), borders
 * clamped into locals (read through in()), a local struct written member
 * by member, and 3-D arrays indexed in mixed radix (`x + y * nx + z * nx
 * * ny`, in either order) by nested loops under the parallel one.
 * pragreduce-flags: -std=gnu89 */
#include <stdio.h>
#include <stdlib.h>

struct vec {
    float x, y;
};

static double total(const float *b, int n)
{
    double s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += b[i] * (double)(i % 7 + 1);
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int nx = 5, ny = 3, nz;
    int i, x, y, z, c, w, e, k, base;
    struct vec d, q;
    float *a, *b, *t;
    if (n < 1)
        n = 1;
    nz = n / 15 + 1;
    a = malloc(sizeof(float) * (size_t)n);
    b = malloc(sizeof(float) * (size_t)n);
    t = malloc(sizeof(float) * (size_t)(nx * ny * nz));
    for (i = 0; i < n; i++)
        a[i] = (float)(i % 13) - 6;

    /* the own element through a private set from i */
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        c = i;
        b[c] = a[c] * 2 + 1;
    }
    printf("own %.1f\n", total(b, n));

    /* clamped neighbours: their range is the user's in() */
#pragma reduce parallel in(a[0:n])
    for (i = 0; i < n; i++) {
        c = i;
        w = (i == 0) ? c : c - 1;
        e = (i == n - 1) ? c : c + 1;
        b[c] = a[w] + a[c] + a[e];
    }
    printf("clamped %.1f last c=%d w=%d e=%d\n", total(b, n), c, w, e);

    /* a struct written member by member, then read (dead after the loop) */
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        d.x = a[i];
        d.y = a[i] * 3;
        b[i] = d.x - d.y;
    }
    printf("struct %.1f\n", total(b, n));

    /* private(): OpenMP's clause kept (the caller's value stays, which
     * this program does not read) */
#pragma reduce parallel private(k, q)
    for (i = 0; i < n; i++) {
        k = i % 5;
        q.x = a[i] * k;
        q.y = (float)k;
        b[i] = q.x + q.y;
    }
    printf("private %.1f\n", total(b, n));

    /* an index set twice in a row: the second value is the one used */
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        k = 2 * i;
        base = k - i;
        b[base] = (float)k;
    }
    printf("chain %.1f\n", total(b, n));

    /* a marked reduction that writes its own element through the scratch
     * index and reads at it */
    {
        double sum = 0;
#pragma reduce(+: sum)
        for (i = 0; i < n - 1; i++) {
            c = i + 1;
            sum += a[c];
            b[c] = a[c] * 2;
        }
        printf("reduce %.1f %.1f\n", sum, total(b, n));
    }

    /* 3-D, mixed radix, the outer loop parallel */
#pragma reduce parallel
    for (z = 0; z < nz; z++)
        for (y = 0; y < ny; y++)
            for (x = 0; x < nx; x++) {
                c = x + y * nx + z * nx * ny;
                t[c] = (float)((c * 7) % 11);
            }
#pragma reduce parallel
    for (z = 0; z < nz; z++)
        for (y = 0; y < ny; y++)
            for (x = 0; x < nx; x++)
                t[z * nx * ny + y * nx + x] += (float)(x - y + z);
#pragma reduce parallel
    for (z = 0; z < nz; z++)
        for (y = 0; y < ny; y++) {
            base = nx * (y + ny * z);
            for (x = 0; x < nx; x++)
                t[(ny * z) * nx + y * nx + x] *= 2;
        }
    printf("3d %.1f of %d\n", total(t, nx * ny * nz), nx * ny * nz);
    free(a);
    free(b);
    free(t);
    return 0;
}
