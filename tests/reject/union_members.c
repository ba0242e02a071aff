/* expect-error-at: 14:27: union members may be the same storage */
/* Members of a union share storage: two of them as accumulators of one
 * pragma would be one variable reduced twice. (Members of a struct are
 * distinct: e2e member_elements.c.) */
typedef union {
    double d;
    long long bits;
} word;

void unions(const double *a, int n, word *w, int i)
{
    w[i].d = 0;
    w[i].bits = 0;
#pragma reduce(+: w[i].d, w[i].bits)
    for (int j = 0; j < n; j++) {
        w[i].d += a[j];
        w[i].bits += j;
    }
}
