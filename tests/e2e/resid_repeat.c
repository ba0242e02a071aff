/* Residency across repeated calls (issue 14, item 1): a function with two
 * marked loops called again and again over buffers of one size, with new
 * contents each time:
 *   - a rotated table of buffers, one modified by a helper between rounds
 *     (directly, through a pointer table, through a struct);
 *   - a buffer freed and a new one allocated (often at the same address),
 *     filled by a helper that frees and allocates itself;
 *   - a function whose local stack array is refilled at the same address
 *     on every call (and a caller's stack array refilled between calls);
 *   - the same functions called through a function pointer.
 * Every result must be the sequential program's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUF 3
#define LOCAL_MAX 512

typedef struct {
    double *data;
    long n;
} Buf;

/* two marked loops over one array */
static void stats(const double *x, long n, double *sum, double *sumsq)
{
    double s = 0.0, q = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
#pragma reduce(+: q)
    for (long i = 0; i < n; i++)
        q += x[i] * x[i];
    *sum = s;
    *sumsq = q;
}

static double spread(const double *x, long n)
{
    double hi = -1e300, lo = 1e300;
#pragma reduce(max: hi)
    for (long i = 0; i < n; i++)
        hi = x[i] > hi ? x[i] : hi;
#pragma reduce(min: lo)
    for (long i = 0; i < n; i++)
        lo = x[i] < lo ? x[i] : lo;
    return n > 0 ? hi - lo : 0.0;
}

/* helpers of the file that write through their parameters */
static void perturb(double *x, long n, int k)
{
    for (long i = 0; i < n; i++)
        x[i] = (double)((i * (k + 3) + k) % 17);
}

static void perturb_table(double **table, int which, long n, int k) { perturb(table[which], n, k); }

static void perturb_buf(Buf *b, int k)
{
    for (long i = 0; i < b->n; i += 2)
        b->data[i] += (double)k;
}

/* writes through a pointer it read from a table, by memcpy */
static void copy_into(double **table, int which, const double *src, long n)
{
    double *dst = table[which];
    memcpy(dst, src, (size_t)n * sizeof *dst);
}

/* frees the buffer and returns a new one (same size) with new contents */
static double *renew(double *x, long n, int k)
{
    free(x);
    double *y = malloc((size_t)(n + 1) * sizeof *y);
    for (long i = 0; i < n; i++)
        y[i] = (double)((i + k) % 5);
    return y;
}

/* a local array at the same stack address on every call, new contents each time */
static double local_stats(long n, int k)
{
    double tmp[LOCAL_MAX];
    long m = n < LOCAL_MAX ? n : LOCAL_MAX;
    for (long i = 0; i < m; i++)
        tmp[i] = (double)((i * k) % 11);
    double s, q;
    stats(tmp, m, &s, &q);
    return s + 2.0 * q + spread(tmp, m);
}

/* the same through a helper that fills the caller's array */
static void fill_local(double *t, long m, int k)
{
    for (long i = 0; i < m; i++)
        t[i] = (double)((i + 2 * k) % 9);
}

static double local_filled(long n, int k)
{
    double tmp[LOCAL_MAX];
    long m = n < LOCAL_MAX ? n : LOCAL_MAX;
    fill_local(tmp, m, k);
    double s, q;
    stats(tmp, m, &s, &q);
    return s + q;
}

typedef void (*stats_fn)(const double *, long, double *, double *);
typedef void (*perturb_fn)(double *, long, int);

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    double *table[NBUF];
    for (int b = 0; b < NBUF; b++) {
        table[b] = malloc((size_t)(n + 1) * sizeof(double));
        if (!table[b])
            return 1;
        for (long i = 0; i < n; i++)
            table[b][i] = (double)((i * (b + 1)) % 13);
    }

    /* a rotated table: a helper modifies the next buffer between rounds */
    double total = 0.0;
    for (int round = 0; round < 4; round++)
        for (int b = 0; b < NBUF; b++) {
            double s, q;
            stats(table[b], n, &s, &q);
            printf("rotate %d %d: %.1f %.1f %.1f\n", round, b, s, q, spread(table[b], n));
            total += s;
            perturb(table[(b + 1) % NBUF], n, round + b);
        }

    /* modified through a pointer table and a struct */
    Buf bufs[NBUF];
    for (int b = 0; b < NBUF; b++)
        bufs[b] = (Buf){table[b], n};
    for (int round = 0; round < 3; round++)
        for (int b = 0; b < NBUF; b++) {
            double s, q;
            stats(bufs[b].data, bufs[b].n, &s, &q);
            printf("table %d %d: %.1f %.1f\n", round, b, s, q);
            perturb_table(table, (b + 2) % NBUF, n, round);
            perturb_buf(&bufs[(b + 1) % NBUF], round + 1);
        }

    /* a helper given a pointer held in a struct array, and one that copies
       into a buffer through the pointer table */
    double *src = malloc((size_t)(n + 1) * sizeof *src);
    for (long i = 0; i < n; i++)
        src[i] = (double)(i % 4);
    for (int round = 0; round < 3; round++)
        for (int b = 0; b < NBUF; b++) {
            double s, q;
            stats(table[b], n, &s, &q);
            printf("member %d %d: %.1f %.1f\n", round, b, s, q);
            perturb(bufs[(b + 1) % NBUF].data, n, round + 7);
            if (round == 1)
                copy_into(table, (b + 2) % NBUF, src, n);
        }
    free(src);

    /* a buffer of the table freed and allocated again (often at the same
       address), filled by a helper through the table */
    for (int round = 0; round < 3; round++)
        for (int b = 0; b < NBUF; b++) {
            double s, q;
            stats(table[b], n, &s, &q);
            printf("table renew %d %d: %.1f %.1f\n", round, b, s, q);
            free(table[b]);
            table[b] = malloc((size_t)(n + 1) * sizeof(double));
            perturb(table[b], n, round * 5 + b);
        }

    /* freed and allocated again, with new contents */
    double *x = malloc((size_t)(n + 1) * sizeof *x);
    for (long i = 0; i < n; i++)
        x[i] = 1.0;
    for (int round = 0; round < 4; round++) {
        double s, q;
        stats(x, n, &s, &q);
        printf("renew %d: %.1f %.1f %.1f\n", round, s, q, spread(x, n));
        x = renew(x, n, round);
    }
    for (int round = 0; round < 3; round++) {
        double s, q;
        stats(x, n, &s, &q);
        printf("free+malloc %d: %.1f %.1f\n", round, s, q);
        free(x);
        x = malloc((size_t)(n + 1) * sizeof *x);
        for (long i = 0; i < n; i++)
            x[i] = (double)((i * 7 + round) % 10);
    }
    free(x);

    /* local stack arrays refilled on every call */
    for (int k = 1; k <= 4; k++)
        printf("local %d: %.1f %.1f\n", k, local_stats(n, k), local_filled(n, k));

    /* a caller's stack array, refilled between calls */
    {
        double mine[LOCAL_MAX];
        long m = n < LOCAL_MAX ? n : LOCAL_MAX;
        for (int k = 0; k < 3; k++) {
            fill_local(mine, m, k + 5);
            double s, q;
            stats(mine, m, &s, &q);
            printf("caller stack %d: %.1f %.1f\n", k, s, q);
        }
    }

    /* through function pointers */
    stats_fn fs = stats;
    perturb_fn fp = perturb;
    for (int round = 0; round < 3; round++)
        for (int b = 0; b < NBUF; b++) {
            double s, q;
            fs(table[b], n, &s, &q);
            printf("pointer %d %d: %.1f %.1f\n", round, b, s, q);
            fp(table[(b + 1) % NBUF], n, round * 3 + b);
        }

    printf("total %.1f\n", total);
    for (int b = 0; b < NBUF; b++)
        free(table[b]);
    return 0;
}
