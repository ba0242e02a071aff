/* expect-error-at: 13:21: min section; 16:19: bool elements; 19:19: rows; 22:19: not array; 28:16: read outside update; 32:11: subscript reads h; 35:24: integer section with floating term; 36:19: row index written */
#include <stdbool.h>

/* Array sections that are not reductions pragreduce can run: operators
 * other than + * & | ^, _Bool elements, rows, scalars, reads of the
 * section, subscripts that read it, an integer section summing doubles,
 * sections of a row. */
void f(const int *x, const double *w, long n, long *h, bool *flags, int (*m)[4], long s,
       int (*rows)[8])
{
    long hmin[4], k = 0;
    (void)hmin;
#pragma reduce(min: hmin[0:4])
    for (long i = 0; i < n; i++)
        hmin[x[i] & 3] = 0;
#pragma reduce(|: flags[0:4])
    for (long i = 0; i < n; i++)
        flags[x[i] & 3] |= 1;
#pragma reduce(+: m[0:4])
    for (long i = 0; i < n; i++)
        m[i & 3][0] += 1;
#pragma reduce(+: s[0:4])
    for (long i = 0; i < n; i++)
        s += 1;
#pragma reduce(+: h[0:8])
    for (long i = 0; i < n; i++) {
        h[x[i] & 7] += 1;
        h[0] = h[1];
    }
#pragma reduce(+: h[0:8])
    for (long i = 0; i < n; i++)
        h[h[0] & 7] += 1;
#pragma reduce(+: h[0:8])
    for (long i = 0; i < n; i++)
        h[x[i] & 7] += w[i];
#pragma reduce(+: rows[k][0:8])
    for (long i = 0; i < n; i++)
        { rows[k][x[i] & 7] += 1; k = x[i] & 1; }
}
