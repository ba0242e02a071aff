/* Array sections as accumulators (issue 16): reduce(op: h[lo:len]), each
 * element its own reduction, at subscripts the loop computes: histograms
 * (data-dependent bins, small and large, a section starting past 0, signed
 * char counts that wrap), column sums of a row-major matrix (atax's
 * y[j] = y[j] + A[i][j] * t), weighted floating-point histograms, products
 * and bitwise sections, a section beside a scalar, a subscript outside the
 * section (the loop then runs as written), a section overlapping an array
 * the loop reads, updates under conditions and in inner loops, and the
 * OpenMP clause of the same meaning beside ours. Floating-point values are
 * multiples of 1/4, so every order of the sums gives the same bits.
 * pragreduce-flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>

#define BINS 64

static void histogram(const int *x, long n, long *h)
{
#pragma reduce(+: h[0:BINS])
    for (long i = 0; i < n; i++)
        h[x[i] % BINS]++;
}

/* a large section: atomics on the result itself */
static void histogram_large(const int *x, long n, int *h, int bins)
{
#pragma reduce(+: h[0:bins])
    for (long i = 0; i < n; i++) {
        int b = (x[i] * 7919) % bins;
        h[b] += 1;
        if (x[i] % 3 == 0)
            h[(b + 1) % bins] -= 2;
    }
}

/* counts that wrap in a signed char, a section of a pointer into the middle */
static void small_counts(const int *x, long n, signed char *mid)
{
#pragma reduce(+: mid[-4:9])
    for (long i = 0; i < n; i++)
        --mid[x[i] % 9 - 4];
}

/* column sums: y[j] = y[j] + A[i][j] * t[i] */
static void column_sums(const double *A, const double *t, long rows, int cols, double *y)
{
#pragma reduce(+: y[0:cols])
    for (long i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            y[j] = y[j] + A[i * cols + j] * t[i];
}

static double weighted(const int *x, const double *w, long n, float *fh, int bins)
{
    double total = 0;
#pragma reduce(+: fh[0:bins], total)
    for (long i = 0; i < n; i++) {
        if (w[i] > 0.5)
            fh[x[i] % bins] += w[i];
        else
            fh[(x[i] + 1) % bins] = 0.25f + fh[(x[i] + 1) % bins];
        total += w[i];
    }
    return total;
}

static void bits(const int *x, long n, unsigned *orb, unsigned long long *xorb)
{
#pragma reduce(|: orb[0:8])
    for (long i = 0; i < n; i++)
        orb[x[i] & 7] |= 1u << (x[i] % 32);
#pragma reduce(^: xorb[0:4])
    for (long i = 0; i < n; i++)
        xorb[i & 3] = xorb[i & 3] ^ ((unsigned long long)x[i] << (i % 40));
}

static void products(const int *x, long n, long *p)
{
#pragma reduce(*: p[0:5])
    for (long i = 0; i < n; i++)
        if (x[i] % 97 == 0)
            p[x[i] % 5] *= -3;
}

/* a subscript outside the declared section: the sequential loop updates
 * h[BINS - 1 + 1]; the GPU notices and the loop runs as written */
static void outside(const int *x, long n, long *h)
{
#pragma reduce(+: h[0:BINS - 1])
    for (long i = 0; i < n; i++)
        h[x[i] % BINS] += 2;
}

/* the section overlaps the array the loop reads (called with src == h):
 * the loop as written */
static void overlapping(long *h, const long *src, long n)
{
#pragma reduce(+: h[0:8])
    for (long i = 8; i < n; i++)
        h[i % 8] += src[i - 1];
}

/* sections too long for a copy per thread in shared memory (the copies go
 * to device memory): k-means' centre sums, a long double histogram */
static void long_sections(const int *x, const double *w, long n, float *fh, double *dh)
{
#pragma reduce(+: fh[0:300], dh[0:700])
    for (long i = 0; i < n; i++) {
        for (int j = 0; j < 6; j++)
            fh[(x[i] % 50) * 6 + j] += (float)w[i] * (float)j;
        dh[(x[i] / 7) % 700] += w[i] * 2.0;
    }
}

static void with_openmp(const int *x, long n, long *h)
{
#pragma omp parallel for reduction(+: h[0:BINS])
#pragma reduce(+: h[0:BINS])
    for (long i = 0; i < n; i++)
        h[(x[i] / 3) % BINS] += x[i] % 5;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *x = malloc((size_t)(n + 1) * sizeof *x);
    double *w = malloc((size_t)(n + 1) * sizeof *w);
    for (long i = 0; i < n; i++) {
        x[i] = (int)((i * 2654435761u) % 100003);
        w[i] = (double)((i * 37) % 8) / 4.0;
    }

    long h[BINS + 1];
    for (int b = 0; b <= BINS; b++)
        h[b] = b;
    histogram(x, n, h);
    long sum = 0;
    for (int b = 0; b < BINS; b++)
        sum += h[b] * (b + 1);
    printf("histogram: %ld %ld %ld, weighted %ld\n", h[0], h[7], h[BINS - 1], sum);

    int bins = 5000;
    int *big = calloc((size_t)bins, sizeof *big);
    histogram_large(x, n, big, bins);
    long bsum = 0;
    for (int b = 0; b < bins; b++)
        bsum += (long)big[b] * (b % 13 + 1);
    printf("large: %d %d %ld\n", big[0], big[bins - 1], bsum);

    signed char counts[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    small_counts(x, n, counts + 4);
    printf("counts:");
    for (int b = 0; b < 9; b++)
        printf(" %d", counts[b]);
    printf("\n");

    int cols = 12;
    long rows = n / cols;
    double *A = malloc((size_t)(rows * cols + 1) * sizeof *A);
    double *t = malloc((size_t)(rows + 1) * sizeof *t);
    for (long i = 0; i < rows * cols; i++)
        A[i] = (double)(i % 9) / 4.0;
    for (long i = 0; i < rows; i++)
        t[i] = (double)(i % 3);
    double y[12];
    for (int j = 0; j < cols; j++)
        y[j] = -0.0;
    column_sums(A, t, rows, cols, y);
    printf("columns: %.2f %.2f %.2f (sign of an untouched zero: %d)\n", y[0], y[5], y[11],
           rows == 0 ? (1 / y[0] < 0) : -1);

    float fh[10] = {0};
    double total = weighted(x, w, n, fh, 10);
    printf("weighted: %.2f %.2f %.2f total %.2f\n", fh[0], fh[3], fh[9], total);

    unsigned orb[8] = {0};
    unsigned long long xorb[4] = {1, 2, 3, 4};
    bits(x, n, orb, xorb);
    printf("bits: %x %x %llx %llx\n", orb[0], orb[7], xorb[0], xorb[3]);

    long p[5] = {1, 1, 2, 1, -1};
    products(x, n, p);
    printf("products: %ld %ld %ld %ld %ld\n", p[0], p[1], p[2], p[3], p[4]);

    long g[BINS + 1] = {0};
    outside(x, n, g);
    printf("outside: %ld %ld\n", g[0], g[BINS - 1]);

    long *a = malloc((size_t)(n + 8) * sizeof *a);
    for (long i = 0; i < n + 8; i++)
        a[i] = i % 11;
    overlapping(a, a, n + 8);
    printf("overlapping: %ld %ld\n", a[0], a[7]);

    float lf[300];
    double ld[700];
    for (int b = 0; b < 300; b++)
        lf[b] = (float)(b % 4);
    for (int b = 0; b < 700; b++)
        ld[b] = -1.0;
    long_sections(x, w, n, lf, ld);
    double lsum = 0;
    for (int b = 0; b < 300; b++)
        lsum += lf[b] * (b % 7 + 1);
    for (int b = 0; b < 700; b++)
        lsum += ld[b] * (b % 5 + 1);
    printf("long sections: %.2f %.2f %.2f %.2f\n", lf[0], lf[299], ld[699], lsum);

    long o[BINS] = {0};
    with_openmp(x, n, o);
    printf("openmp: %ld %ld\n", o[1], o[BINS - 2]);
    free(x);
    free(w);
    free(big);
    free(A);
    free(t);
    free(a);
    return 0;
}
