/* Guarded reads past an array's ends (`i > 0 ? a[i - 1] : 0`, a stencil's
 * edges) with the array right after and right before pages that are not
 * mapped: the subscripts at the first and last iterations reach those
 * pages, the program never reads them, and neither may the copies to the
 * GPU (a read there would crash). A marked sum and parallel stencils. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static double neighbours(const double *a, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += (i > 0 ? a[i - 1] : 0.0) * a[i] + (i + 1 < n ? a[i + 1] : 0.0);
    return s;
}

static void smooth(const double *a, double *out, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        if (i == 0 || i == n - 1)
            out[i] = a[i];
        else
            out[i] = (a[i - 1] + 2.0 * a[i] + a[i + 1]) / 4.0;
    }
}

/* rows of a w-wide grid: the rows above and below, guarded */
static void vertical(const float *g, float *out, long w, long h)
{
#pragma reduce parallel
    for (long k = 0; k < w * h; k++)
        out[k] = (k >= w ? g[k - w] : 0.0f) + g[k] + (k + w < w * h ? g[k + w] : 0.0f);
}

/* `count` elements of `size` bytes with no mapped page right before them
 * (at_end 0) or right after them (at_end 1) */
static void *edge_block(long count, size_t size, int at_end)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t bytes = (size_t)count * size;
    size_t span = (bytes + page - 1) / page * page;
    unsigned char *base = mmap(NULL, span + 2 * page, PROT_READ | PROT_WRITE,
                               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        return NULL;
    munmap(base, page);
    munmap(base + page + span, page);
    return at_end ? base + page + span - bytes : base + page;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    if (n < 1) {
        printf("n %ld: nothing\n", n);
        return 0;
    }
    for (int at_end = 0; at_end < 2; at_end++) {
        double *a = edge_block(n, sizeof(double), at_end);
        double *out = edge_block(n, sizeof(double), !at_end);
        long w = n >= 100 ? 10 : 1, h = n / w;
        float *g = edge_block(w * h, sizeof(float), at_end);
        float *go = edge_block(w * h, sizeof(float), !at_end);
        if (!a || !out || !g || !go)
            return 1;
        for (long i = 0; i < n; i++)
            a[i] = (double)(i % 9) / 2.0 - 2.0;
        for (long k = 0; k < w * h; k++)
            g[k] = (float)(k % 5);
        smooth(a, out, n);
        vertical(g, go, w, h);
        double cs = 0, cv = 0;
        for (long i = 0; i < n; i++)
            cs += out[i] * (double)(i % 7 + 1);
        for (long k = 0; k < w * h; k++)
            cv += go[k] * (double)(k % 3 + 1);
        printf("edge %s: neighbours %.3f, smooth %.3f, vertical %.1f\n", at_end ? "after" : "before",
               neighbours(a, n), cs, cv);
    }
    return 0;
}
