/* Affine subscripts: a[2*i], a[2*i+1], a[i+1], a[n-1-i], a[3*i+2],
 * a[i + off] with off a variable, and two arrays at different offsets. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long big = 3 * n + 8;
    int *a = malloc(big * sizeof *a);
    int *b = malloc(big * sizeof *b);
    if (!a || !b)
        return 1;
    for (long i = 0; i < big; i++) {
        a[i] = (int)((i * 7) % 13) - 6;
        b[i] = (int)((i * 3) % 11) - 5;
    }

    long even = 0, odd = 0;
#pragma reduce(+: even, odd)
    for (long i = 0; i < n; i++) {
        even += a[2 * i];
        odd += a[2 * i + 1];
    }
    printf("a[2i]: %ld, a[2i+1]: %ld\n", even, odd);

    long diff = 0;
#pragma reduce(+: diff)
    for (long i = 0; i < n; i++)
        diff += (long)(a[i + 1] - a[i]) * (a[i + 1] - a[i]);
    printf("sum (a[i+1]-a[i])^2: %ld\n", diff);

    long rev = 0;
#pragma reduce(+: rev)
    for (long i = 0; i < n; i++)
        rev += (long)a[i] * b[n - 1 - i];
    printf("a[i]*b[n-1-i]: %ld\n", rev);

    int mx = -100;
#pragma reduce(max: mx)
    for (long i = 0; i < n; i++)
        mx = a[3 * i + 2] + b[i] > mx ? a[3 * i + 2] + b[i] : mx;
    printf("max a[3i+2]+b[i]: %d\n", mx);

    long off = 7;
    long sh = 0;
#pragma reduce(+: sh)
    for (long i = 0; i < n; i++)
        sh += a[i + off] * b[off + 2 * i];
    printf("a[i+off]*b[off+2i]: %ld\n", sh);

    free(a);
    free(b);
    return 0;
}
