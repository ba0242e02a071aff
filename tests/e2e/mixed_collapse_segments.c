/* One file mixing collapse(N) loops and segmented nests, in the same
 * functions and in different ones, interleaved, with nests two levels deep
 * and several marked loops per nest: the transpiler's site list grows
 * (segment sites are appended to it) while other sites point into it.
 * Run under AddressSanitizer by `make asan`; the output must not depend
 * on how the lists were laid out. Integer values only: exact. */
#include <stdio.h>
#include <stdlib.h>

static long collapse_sum(const int *a, int rows, int cols)
{
    long s = 0;
#pragma reduce(+: s) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            s += a[r * cols + c];
    return s;
}

static void row_sums(const int *a, int rows, int cols, long *out)
{
    for (int r = 0; r < rows; r++) {
        long s = 0;
#pragma reduce(+: s)
        for (int c = 0; c < cols; c++)
            s += a[r * cols + c];
        out[r] = s;
    }
}

/* collapse, then a nest, then collapse again in one function */
static long mixed_one(const int *a, int rows, int cols, long *rmax, long *rmin)
{
    long t = 0;
#pragma reduce(+: t) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            t += (long)a[r * cols + c] * (c + 1);
    for (int r = 0; r < rows; r++) {
        long mx = -1000, mn = 1000;
#pragma reduce(max: mx)
        for (int c = 0; c < cols; c++)
            mx = a[r * cols + c] > mx ? a[r * cols + c] : mx;
#pragma reduce(min: mn)
        for (int c = 0; c < cols; c++)
            if (a[r * cols + c] < mn)
                mn = a[r * cols + c];
        rmax[r] = mx;
        rmin[r] = mn;
    }
    long x = 0;
#pragma reduce(^: x) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            x ^= (long)(a[r * cols + c] + 11) << (c % 7);
    return t + x;
}

/* a nest two levels deep around a marked loop, next to a collapse(3) */
static long deep(const int *a, int planes, int rows, int cols, long *cell)
{
    for (int p = 0; p < planes; p++)
        for (int r = 0; r < rows; r++) {
            long s = 0;
#pragma reduce(+: s)
            for (int c = 0; c < cols; c++)
                s += a[(p * rows + r) * cols + c] * (p + 1);
            cell[p * rows + r] = s;
        }
    long w = 0;
#pragma reduce(+: w) collapse(3)
    for (int p = 0; p < planes; p++)
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                w += a[(p * rows + r) * cols + c] - p;
    return w;
}

static void col_counts(const int *a, int rows, int cols, long *out)
{
    for (int c = 0; c < cols; c++) {
        long k = 0;
#pragma reduce(+: k)
        for (int r = 0; r < rows; r++)
            k += a[r * cols + c] > 0;
        out[c] = k;
    }
}

static long collapse_maxloc(const int *a, int rows, int cols, int *where)
{
    int mx = -100, at = -1;
#pragma reduce(maxloc: mx, at) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (a[r * cols + c] > mx) {
                mx = a[r * cols + c];
                at = r * cols + c;
            }
    *where = at;
    return mx;
}

static void row_products(const int *a, int rows, int cols, long *out)
{
    for (int r = 0; r < rows; r++) {
        long p = 1, q = 0;
#pragma reduce(*: p)
        for (int c = 0; c < (cols < 5 ? cols : 5); c++)
            p *= (a[r * cols + c] % 3) + 2;
#pragma reduce(|: q)
        for (int c = 0; c < cols; c++)
            q |= 1L << ((a[r * cols + c] + 8) % 20);
        out[r] = p * 1000003 + q;
    }
}

static long collapse_and(const int *a, int rows, int cols)
{
    int all = 1;
#pragma reduce(&&: all) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            all = all && a[r * cols + c] > -9;
    return all;
}

static unsigned long print_rows(const char *name, const long *v, int n)
{
    unsigned long h = 0;
    for (int i = 0; i < n; i++)
        h = h * 31 + (unsigned long)v[i];
    printf("%s: n=%d hash=%lu first=%ld last=%ld\n", name, n, h, n ? v[0] : 0, n ? v[n - 1] : 0);
    return h;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int rows = (int)(n % 61), cols = (int)(n % 19) + 1, planes = (int)(n % 5) + 1;
    size_t cells = (size_t)planes * (size_t)rows * (size_t)cols + 1;
    int *a = malloc(sizeof(int) * cells);
    long *v1 = calloc((size_t)rows + (size_t)planes * rows + 1, sizeof(long));
    long *v2 = calloc((size_t)rows + 1, sizeof(long));
    long *v3 = calloc((size_t)cols + (size_t)rows + 1, sizeof(long));
    for (size_t k = 0; k < cells; k++)
        a[k] = (int)((k * 7 + 3) % 17) - 8;

    printf("collapse_sum=%ld\n", collapse_sum(a, rows, cols));
    row_sums(a, rows, cols, v1);
    print_rows("row_sums", v1, rows);
    printf("mixed=%ld\n", mixed_one(a, rows, cols, v1, v2));
    print_rows("rmax", v1, rows);
    print_rows("rmin", v2, rows);
    printf("deep=%ld\n", deep(a, planes, rows, cols, v1));
    print_rows("cells", v1, planes * rows);
    col_counts(a, rows, cols, v3);
    print_rows("col_counts", v3, cols);
    int where;
    long mx = collapse_maxloc(a, rows, cols, &where);
    printf("maxloc=%ld at %d\n", mx, where);
    row_products(a, rows, cols, v3);
    print_rows("row_products", v3, rows);
    printf("all=%ld\n", collapse_and(a, rows, cols));
    free(a);
    free(v1);
    free(v2);
    free(v3);
    return 0;
}
