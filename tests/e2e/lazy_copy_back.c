/* What a kernel writes stays on the GPU until the host reads it (issue 17):
 * every way the host may read it afterwards must see the kernel's values.
 * Parallel loops write arrays kept on the GPU; then the host reads them
 * through an element, a host loop, a loop condition, a return value, a
 * struct member, a global array read by a function without marked loops, a
 * string printed with %s, memcpy and fwrite, realloc, an element
 * accumulator, a call in the same statement as a read, a partial host
 * write (one element at either end, one in the middle), a block's own
 * array, a qsort comparison reading a global the kernel wrote, an
 * atexit handler after exit(), and a 1-D stencil whose input (read with
 * its halo) is the array the previous sweep wrote. Integers and small doubles, so
 * any order of summation gives the same bits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GRID 64
static long glob[GRID];

static long keys[GRID];

static int by_key(const void *a, const void *b)
{
    long x = keys[*(const int *)a], y = keys[*(const int *)b];
    return x != y ? (x > y) - (x < y) : *(const int *)a - *(const int *)b;
}

static void at_end(void)
{
    printf("at exit glob[5] %ld\n", glob[5]);
}

static void smooth(const long *in, long *out, long n)
{
#pragma reduce parallel
    for (long p = 1; p < n - 1; p++)
        out[p] = in[p - 1] + in[p] + in[p + 1] - 2 * (p % 3);
}

struct vec {
    long n;
    long *data;
};

static void scale(long *y, const long *x, long k, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        y[i] = k * x[i] + y[i];
}

static long total(const long *y, long n)
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += y[i];
    return s;
}

/* writes y on the GPU, sums it there: both in one call */
static long bump_and_total(long *y, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        y[i] += 3;
    return total(y, n);
}

/* no marked loop: reads the global the kernels wrote */
static long glob_sum(void)
{
    long s = 0;
    for (int i = 0; i < GRID; i++)
        s += glob[i] * (i + 1);
    return s;
}

static void fill_glob(long k)
{
#pragma reduce parallel
    for (int i = 0; i < GRID; i++)
        glob[i] = k + i;
}

static long element_after(long *y, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        y[i] = 2 * i;
    return n > 0 ? y[n - 1] : -1;
}

static void letters(char *s, long n)
{
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        s[i] = (char)('a' + i % 26);
}

static long struct_member(struct vec *v)
{
    long *d = v->data;
    long n = v->n;
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        d[i] = i % 5;
    long s = 0;
    for (long i = 0; i < v->n; i++)
        s += v->data[i];
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    long m = n > 0 ? n : 1;
    long *x = malloc((size_t)m * sizeof *x), *y = malloc((size_t)m * sizeof *y);
    long *z = malloc((size_t)m * sizeof *z);
    if (!x || !y || !z)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = i % 13;
        y[i] = 1;
    }

    /* a time loop: parallel update, a reduction, an element printed */
    long check = 0;
    for (int t = 0; t < 5; t++) {
        scale(y, x, t, n);
        check += total(y, n);
        if (n > 0 && t % 2 == 0)
            printf("t=%d y[0]=%ld y[n-1]=%ld\n", t, y[0], y[n - 1]);
    }
    printf("check %ld\n", check);

    /* a host loop over what the kernels wrote */
    long h = 0;
    for (long i = 0; i < n; i++)
        h += y[i] * (i % 3);
    printf("host loop %ld\n", h);

    /* a loop whose condition reads what its body's kernel writes */
    if (n > 0) {
        y[0] = 0;
        int rounds = 0;
        while (y[0] < 40 && rounds < 100) {
            scale(y, x, 1, n);
            y[0] += 7; /* a host write at the start of the range */
            rounds++;
        }
        printf("rounds %d y[0]=%ld\n", rounds, y[0]);
    }

    /* a host write in the middle and at the end, then the GPU reads it all */
    scale(y, x, 2, n);
    if (n > 2) {
        y[n / 2] = -5;
        y[n - 1] = -9;
    }
    printf("after writes %ld\n", total(y, n));

    /* a call and a read in one statement */
    long both = bump_and_total(y, n) + (n > 0 ? y[0] : 0);
    printf("both %ld\n", both);

    /* memcpy and fwrite read it through library calls */
    scale(y, x, 1, n);
    memcpy(z, y, (size_t)n * sizeof *y);
    long zs = 0;
    for (long i = 0; i < n; i++)
        zs += z[i];
    printf("memcpy %ld\n", zs);
    FILE *f = tmpfile();
    if (f) {
        scale(y, x, 1, n);
        fwrite(y, sizeof *y, (size_t)n, f);
        rewind(f);
        long back = 0, v;
        while (fread(&v, sizeof v, 1, f) == 1)
            back += v;
        fclose(f);
        printf("fwrite %ld\n", back);
    }

    /* realloc copies the block: the kernel's values move with it */
    scale(y, x, 1, n);
    long *y2 = realloc(y, (size_t)(m + 8) * sizeof *y2);
    if (!y2)
        return 1;
    y = y2;
    printf("realloc %ld\n", total(y, n));

    /* an element read after the kernel, in the function and by its caller */
    printf("element %ld %ld\n", element_after(y, n), n > 3 ? y[3] : -1);

    /* an element accumulator over an element the kernel wrote */
    scale(y, x, 1, n);
    if (n > 0) {
#pragma reduce(+: y[0])
        for (long i = 0; i < n; i++)
            y[0] += x[i];
        printf("accumulated %ld\n", y[0]);
    }

    /* a global read by a function without marked loops */
    fill_glob(n);
    printf("glob %ld\n", glob_sum());

    /* a string printed whole */
    char *s = malloc((size_t)(m + 1));
    if (!s)
        return 1;
    letters(s, n < 40 ? n : 40);
    s[n < 40 ? n : 40] = '\0';
    printf("letters '%s'\n", s);
    free(s);

    /* a struct's pointer member, read through the struct */
    struct vec v = {n, z};
    printf("member %ld\n", struct_member(&v));

    /* a block's own array, written by a kernel, read after the block's loop */
    for (int round = 0; round < 2; round++) {
        long local[GRID];
        for (int i = 0; i < GRID; i++)
            local[i] = i;
        scale(local, local, 0, GRID);
#pragma reduce parallel
        for (int i = 0; i < GRID; i++)
            local[i] = local[i] * 2 + round;
        long ls = 0;
        for (int i = 0; i < GRID; i++)
            ls += local[i];
        printf("local %d %ld\n", round, ls);
    }

    /* sweeps back and forth: each reads the other's output with its halo */
    {
        long *a = calloc((size_t)m, sizeof *a), *b = calloc((size_t)m, sizeof *b);
        if (!a || !b)
            return 1;
        for (long i = 0; i < n; i++)
            a[i] = b[i] = i % 5;
        for (int t = 0; t < 4; t++) {
            smooth(a, b, n);
            smooth(b, a, n);
        }
        printf("smoothed %ld %ld\n", total(a, n), n > 2 ? a[n / 2] + b[1] : 0);
        free(a);
        free(b);
    }

    /* qsort's comparison reads the keys a kernel wrote */
    {
        int idx[GRID];
#pragma reduce parallel
        for (int i = 0; i < GRID; i++)
            keys[i] = (i * 37 + n) % 61;
        for (int i = 0; i < GRID; i++)
            idx[i] = i;
        qsort(idx, GRID, sizeof idx[0], by_key);
        printf("sorted %d %d %d\n", idx[0], idx[1], idx[GRID - 1]);
    }

    long last = 0;
    for (long i = 0; i < n; i++)
        last ^= y[i] + (i << 3);
    printf("last %ld\n", last);
    free(x);
    free(y);
    free(z);
    /* exit(): the handler reads what the last kernel wrote */
    atexit(at_end);
    fill_glob(n + 7);
    exit(0);
}
