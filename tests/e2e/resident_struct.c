/* Residency: arrays inside structs. A marked loop reads an array member
 * through a pointer; the host then assigns the whole struct, writes the
 * member in a loop, or writes what a pointer stored in a struct points to.
 * Each loop must see the new values. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double v[64];
    long n;
} Block;

typedef struct {
    double *data;
    long n;
} View;

/* writes through the pointer its struct holds, not into the struct */
static void fill_view(View *w, double k)
{
    for (long i = 0; i < w->n; i++)
        w->data[i] = k;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    Block s, t;
    for (int i = 0; i < 64; i++) {
        s.v[i] = i;
        t.v[i] = 2 * i;
    }
    s.n = t.n = 64;
    const double *p = s.v;
    for (int k = 0; k < 3; k++) {
        double r = 0;
#pragma reduce(+: r)
        for (int i = 0; i < 64; i++)
            r += p[i];
        printf("block %d: %.1f\n", k, r);
        if (k == 0)
            s = t;
        else
            for (int i = 0; i < 64; i += 2)
                s.v[i] = -1;
    }

    double *buf = malloc((size_t)(n + 1) * sizeof *buf);
    if (!buf)
        return 1;
    View views[2] = {{buf, n}, {buf, n / 2}};
    for (int k = 0; k < 3; k++) {
        fill_view(&views[k % 2], (double)(k + 1));
        double r = 0;
#pragma reduce(+: r)
        for (long i = 0; i < n; i++)
            r += buf[i];
        printf("view %d: %.1f\n", k, r);
        if (n > 2)
            views[1].data[1] = 100.0;
    }
    free(buf);
    return 0;
}
