/* Stencil sweeps whose flat index is a local scalar of the loop body, as
 * Rodinia's hotspot3D writes them: `c = x + y * nx + z * nx * ny;` set
 * once in the innermost body (the local declared there, C89 style at the
 * top of the block, or with an initializer, or at the top of the function
 * and used after the loop), neighbours clamped at the borders through
 * conditional expressions (`w = (x == 0) ? c : c - 1;`, read through
 * in()), the output `out[c]` the iteration's own element of a 2-D or 3-D
 * grid, and the time steps swapping the two grids' pointers.
 * pragreduce-flags: -std=gnu99 */
#include <stdio.h>
#include <stdlib.h>

static double total(const float *b, int n)
{
    double s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += b[i] * (double)(i % 7 + 1);
    return s;
}

/* 3-D, hotspot3D's sweep: the locals declared in the innermost body */
static void sweep3d(const float *p, float *in, float *out, int nx, int ny, int nz, int steps)
{
    float *tin = in, *tout = out;
    int count = 0;
    do {
        int z;
#pragma reduce parallel in(tin[0:nx * ny * nz])
        for (z = 0; z < nz; z++) {
            int y;
            for (y = 0; y < ny; y++) {
                int x;
                for (x = 0; x < nx; x++) {
                    int c, w, e, n, s, b, t;
                    c = x + y * nx + z * nx * ny;
                    w = (x == 0) ? c : c - 1;
                    e = (x == nx - 1) ? c : c + 1;
                    n = (y == 0) ? c : c - nx;
                    s = (y == ny - 1) ? c : c + nx;
                    b = (z == 0) ? c : c - nx * ny;
                    t = (z == nz - 1) ? c : c + nx * ny;
                    /* (weights of powers of two: every product exact, so a GPU that
                     * fuses them into FMAs gives the same sums) */
                    tout[c] = 0.5f * tin[c] + 0.0625f * tin[w] + 0.0625f * tin[e] + 0.0625f * tin[n] +
                              0.0625f * tin[s] + 0.0625f * tin[b] + 0.0625f * tin[t] + 0.125f * p[c];
                }
            }
        }
        float *tmp = tin;
        tin = tout;
        tout = tmp;
        count++;
    } while (count < steps);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int nx = 7, ny = 5, nz, rows, cols;
    int i, x, y, z, c, w, e;
    float *a, *b, *p, *g, *h;
    if (n < 1)
        n = 1;
    nz = n / 35 + 1;
    rows = n / 9 + 1;
    cols = 9;
    a = malloc(sizeof(float) * (size_t)(nx * ny * nz));
    b = malloc(sizeof(float) * (size_t)(nx * ny * nz));
    p = malloc(sizeof(float) * (size_t)(nx * ny * nz));
    g = malloc(sizeof(float) * (size_t)(rows * cols));
    h = malloc(sizeof(float) * (size_t)(rows * cols));
    for (i = 0; i < nx * ny * nz; i++) {
        a[i] = (float)(i % 13) - 6;
        b[i] = 0;
        p[i] = (float)(i % 5);
    }
    for (i = 0; i < rows * cols; i++)
        g[i] = (float)(i % 11) - 5;

    sweep3d(p, a, b, nx, ny, nz, 3);
    printf("sweep3d %.3f %.3f of %d\n", total(a, nx * ny * nz), total(b, nx * ny * nz), nx * ny * nz);

    /* 2-D, the locals declared at the top of the function, their last
     * values printed after the loop */
#pragma reduce parallel in(g[0:rows * cols])
    for (y = 0; y < rows; y++)
        for (x = 0; x < cols; x++) {
            c = y * cols + x;
            w = (x == 0) ? c : c - 1;
            e = (x == cols - 1) ? c : c + 1;
            h[c] = g[w] + 2 * g[c] + g[e];
        }
    printf("2d c89 %.1f last c=%d w=%d e=%d\n", total(h, rows * cols), c, w, e);

    /* 2-D, C99: the index a local with an initializer, the neighbours too */
#pragma reduce parallel in(h[0:rows * cols])
    for (int r = 0; r < rows; r++)
        for (int q = 0; q < cols; q++) {
            int k = q + r * cols;
            int up = r == 0 ? k : k - cols;
            int down = r == rows - 1 ? k : k + cols;
            g[k] = h[up] - h[down] + h[k];
        }
    printf("2d c99 %.1f\n", total(g, rows * cols));

    /* 3-D, the index declared in the body of the outer loop and set in
     * the innermost one, read there only */
#pragma reduce parallel
    for (z = 0; z < nz; z++) {
        int k;
        for (y = 0; y < ny; y++)
            for (x = 0; x < nx; x++) {
                k = z * nx * ny + y * nx + x;
                b[k] = a[k] * 2 + p[k];
            }
    }
    printf("3d outer local %.3f\n", total(b, nx * ny * nz));

    /* 3-D, the index through two locals: a plane's base, then the element */
#pragma reduce parallel
    for (int zz = 0; zz < nz; zz++)
        for (int yy = 0; yy < ny; yy++) {
            int base = zz * nx * ny + yy * nx;
            for (int xx = 0; xx < nx; xx++) {
                int k2;
                k2 = base + xx;
                a[k2] = b[k2] - (float)xx;
            }
        }
    printf("3d base %.3f\n", total(a, nx * ny * nz));
    free(a);
    free(b);
    free(p);
    free(g);
    free(h);
    return 0;
}
