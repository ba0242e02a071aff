/* Arrays named in in() (const on the GPU and in the loop run as written)
 * passed to helpers whose parameters are not const, as C code often has
 * them: the array itself, an offset into it, an element's address, a row
 * of a 2-D array, through a helper that hands it on to another, and in a
 * parallel loop around a marked loop. The helpers only read. */
#include <stdio.h>
#include <stdlib.h>

typedef double real;

static real at(real *p, int i) { return p[i] * 2.0; }
static real deref(real *q) { return *q + 0.5; }
static real pair(real *p, int i) { return at(p, i) + at(p + 1, i); }
static long count_odd(int *v, int k) { return v[k] & 1; }
static real row_sum(real *row, int m)
{
    real s = 0;
    int j;
    for (j = 0; j < m; j++)
        s += row[j];
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int len = (int)(n % 4000) + 1, i;
    int rows = (int)(n % 50) + 1, m = 7;
    real *p = malloc(sizeof(real) * (size_t)(len + 2));
    int *v = malloc(sizeof(int) * (size_t)len);
    real *mat = malloc(sizeof(real) * (size_t)(rows * m));
    real *out = malloc(sizeof(real) * (size_t)rows);
    if (!p || !v || !mat || !out)
        return 1;
    for (i = 0; i < len + 2; i++)
        p[i] = (i % 13) * 0.25;
    for (i = 0; i < len; i++)
        v[i] = i * 7 + 3;
    for (i = 0; i < rows * m; i++)
        mat[i] = (i % 5) - 1.5;

    real s = 0, t = 0;
    long odd = 0;
#pragma reduce(+: s, t, odd) in(p[0:len + 2], v[0:len])
    for (i = 0; i < len; i++) {
        s += at(p, i) + deref(&p[i]) + pair(p, i);
        t += deref(p + i + 1);
        odd += count_odd(v, i);
    }
    printf("s = %.6f t = %.6f odd = %ld\n", s, t, odd);

    real grand = 0;
#pragma reduce(+: grand) in(mat[0:rows * m])
    for (i = 0; i < rows; i++)
        grand += row_sum(mat + i * m, m);
    printf("grand = %.6f\n", grand);

#pragma reduce parallel in(mat[0:rows * m])
    for (i = 0; i < rows; i++) {
        real r = 0;
        int j;
#pragma reduce(+: r) in(mat[0:rows * m])
        for (j = 0; j < m; j++)
            r += at(mat + i * m, j);
        out[i] = r;
    }
    real chk = 0;
    for (i = 0; i < rows; i++)
        chk += out[i] * (i + 1);
    printf("rows = %.6f\n", chk);
    free(p);
    free(v);
    free(mat);
    free(out);
    return 0;
}
