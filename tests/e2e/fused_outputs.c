/* Fused outputs: the loop writes its own element of an array (a map
 * fused with the reduction); the written elements come back to the host.
 * Conditional writes leave the other elements as they were; a written
 * array that overlaps another one runs as written. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int value;
    int squared;
    double half;
} Cell;

#define N_TABLE 64
static long table[N_TABLE];

static long checksum(const long *x, long n)
{
    long h = 0;
    for (long i = 0; i < n; i++)
        h = h * 31 + x[i];
    return h;
}

static void scale(double *out, const double *in, long n, double k, double *total)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        out[i] = in[i] * k;
        s += out[i];
    }
    *total = s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    size_t cnt = (size_t)(n > 0 ? n : 1);
    int *a = malloc(cnt * sizeof *a);
    long *b = malloc((cnt + 1) * sizeof *b);
    Cell *cells = malloc(cnt * sizeof *cells);
    double *d = malloc((cnt + 2) * sizeof *d);
    int (*rows)[3] = malloc(cnt * sizeof *rows);
    if (!a || !b || !cells || !d || !rows)
        return 1;
    for (long i = 0; i < n; i++) {
        a[i] = (int)((i * 7) % 19) - 9;
        b[i] = -1;
        d[i] = (double)(i % 8) * 0.5;
    }
    d[n] = d[n + 1] = 0;
    b[n] = 0;

    /* map and reduce: b[i] = 2 a[i], sum of b */
    long sum = 0;
#pragma reduce(+: sum)
    for (long i = 0; i < n; i++) {
        b[i] = 2L * a[i];
        sum += b[i];
    }
    printf("sum %ld, b checksum %ld\n", sum, checksum(b, n));

    /* a conditional write: other elements keep their values */
    int negatives = 0;
#pragma reduce(+: negatives)
    for (long i = 0; i < n; i++) {
        if (a[i] < 0) {
            b[i] = a[i] * a[i];
            negatives++;
        }
    }
    printf("negatives %d, b checksum %ld\n", negatives, checksum(b, n));

    /* struct fields of the iteration's element; read back in the body */
    int mx = -1;
#pragma reduce(max: mx)
    for (int i = 0; i < n; i++) {
        cells[i].value = a[i];
        cells[i].squared = a[i] * a[i];
        cells[i].half = a[i] * 0.5;
        if (cells[i].squared > mx)
            mx = cells[i].squared;
    }
    long cs = 0;
    for (long i = 0; i < n; i++)
        cs = cs * 7 + cells[i].value + cells[i].squared + (long)(cells[i].half * 2);
    printf("max square %d, cells checksum %ld\n", mx, cs);

    /* rows of a 2-D array, an inner loop over the row */
    long rs = 0;
#pragma reduce(+: rs)
    for (long i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            rows[i][k] = a[i] + k;
        rs += rows[i][0] + rows[i][2];
    }
    long rc = 0;
    for (long i = 0; i < n; i++)
        rc = rc * 3 + rows[i][0] + rows[i][1] + rows[i][2];
    printf("rows sum %ld, checksum %ld\n", rs, rc);

    /* a file-scope output table, a descending loop, compound assignment */
    long ts = 0;
#pragma reduce(+: ts)
    for (int i = N_TABLE - 1; i >= 0; i--) {
        table[i] = i;
        table[i] += n % 5;
        ts += table[i];
    }
    printf("table sum %ld, checksum %ld\n", ts, checksum(table, N_TABLE));

    /* a function writing through its parameters */
    double total;
    scale(d, d, n, 2.0, &total);
    printf("scaled in place: total %.1f, d[n/2] %.1f\n", total, n > 0 ? d[n / 2] : 0.0);

    /* aliasing traps: the written array overlaps what is read */
    scale(d + 1, d, n, 1.0, &total);
    printf("shifted copy: total %.1f\n", total);
    double t2;
    scale(d, d + 1, n, 1.0, &t2);
    printf("shifted back: total %.1f\n", t2);
    long h = 0;
    for (long i = 0; i < n + 1; i++)
        h = h * 3 + (long)(d[i] * 2);
    printf("d checksum %ld\n", h);

    /* reversed and strided own elements: b[n - 1 - i], b[2 * i + 1] of a
     * doubled buffer */
    long rev = 0;
#pragma reduce(+: rev)
    for (long i = 0; i < n; i++) {
        b[n - 1 - i] = 3L * a[i];
        rev += b[n - 1 - i] - a[i];
    }
    long *pairs = malloc(2 * cnt * sizeof *pairs);
    for (long i = 0; i < 2 * n; i++)
        pairs[i] = -7;
    long odd = 0;
#pragma reduce(+: odd)
    for (long i = 0; i < n; i++) {
        pairs[2 * i + 1] = a[i] * (long)i;
        odd += pairs[2 * i + 1];
    }
    h = 0;
    for (long i = 0; i < n; i++)
        h = h * 5 + b[i] + pairs[2 * i] + pairs[2 * i + 1];
    printf("reversed %ld, odd %ld, checksum %ld\n", rev, odd, h);
    free(pairs);

    free(a);
    free(b);
    free(cells);
    free(d);
    free(rows);
    return 0;
}
