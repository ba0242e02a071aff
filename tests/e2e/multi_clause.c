/* Several reduction variables in one clause, several clauses in one
 * pragma, and a pragma continued over two lines with a backslash. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (double)((i * 11) % 23) * 0.5 - 5.0;

    double s = 0, s2 = 0;
    long pos = 0, neg = 0;
#pragma reduce(+: s, s2, pos, neg)
    for (long i = 0; i < n; i++) {
        s += a[i];
        s2 += a[i] * a[i];
        pos += a[i] > 0;
        neg += a[i] < 0;
    }
    printf("sum %.2f, sum sq %.2f, pos %ld, neg %ld\n", s, s2, pos, neg);

    double lo = INFINITY, hi = -INFINITY;
    unsigned bits = 0;
    int all_small = 1;
#pragma reduce(min: lo) reduce(max: hi) reduce(|: bits) reduce(&&: all_small)
    for (long i = 0; i < n; i++) {
        lo = fmin(lo, a[i]);
        hi = fmax(hi, a[i]);
        bits |= 1u << (unsigned)(a[i] * 2.0 + 10.0);
        all_small = all_small && fabs(a[i]) < 6.0;
    }
    printf("lo %g, hi %g, bits %08x, all small %d\n", lo, hi, bits, all_small);

    long cnt = 0;
    double mx = -1e9;
#pragma reduce(+: cnt) \
        reduce(max: mx)
    for (long i = 0; i < n; i += 3) {
        cnt++;
        mx = a[i] > mx ? a[i] : mx;
    }
    printf("every 3rd: count %ld, max %g\n", cnt, mx);

    free(a);
    return 0;
}
