/* pin_host.c - --pin-host: the arrays that reach marked loops are allocated
 * pinned at the program's own malloc/calloc calls, whatever way they get
 * there; free and realloc of pinned and ordinary blocks alike still work.
 * pragreduce-flags: --pin-host
 *   ./pin_host [n] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    double *values; /* reached through a struct field: not followed */
    long count;
} Series;

static double sum(const double *a, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i];
    return s;
}

/* one level further: the flow goes through two calls */
static double sum_twice(const double *a, long n) { return 2 * sum(a, n); }

static long count_odd(const int *v, long n)
{
    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        c += v[i] & 1;
    return c;
}

static void release(void *p) { free(p); }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    if (n < 0)
        n = 0;
    size_t count = n > 0 ? (size_t)n : 1;

    double *a = malloc(count * sizeof *a); /* pinned when large */
    int *odd;
    odd = calloc(count, sizeof *odd); /* assigned after the declaration */
    char *label = malloc(64);         /* never reaches a loop */
    double *grown = NULL;
    if (!a || !odd || !label) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (long i = 0; i < n; i++) {
        a[i] = (double)(i % 9) - 4.0;
        odd[i] = (int)(i * 3 % 7);
    }
    strcpy(label, "pinned");
    printf("%s: sum = %.1f, twice = %.1f\n", label, sum(a, n), sum_twice(a, n));
    printf("odd = %ld\n", count_odd(odd, n));

    /* realloc of a (possibly pinned) block keeps its contents */
    grown = realloc(a, 2 * count * sizeof *a);
    if (!grown) {
        free(a);
        return 1;
    }
    a = grown;
    for (long i = n; i < 2 * n; i++)
        a[i] = 1.0;
    printf("after realloc: %.1f\n", sum(a, 2 * n));

    /* an alias: the loop reads `view`, the allocation is `raw`'s */
    double *raw = malloc(count * sizeof *raw);
    double *view = raw;
    for (long i = 0; i < n; i++)
        raw[i] = 0.5;
    printf("view = %.1f\n", sum(view, n));

    Series series = {a, n};
    printf("series = %.1f\n", sum(series.values, series.count));

    release(raw);
    free(a);
    free(odd);
    free(label);
    return 0;
}
