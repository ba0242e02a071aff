/* min/max through user macros, MAX(m, e) and MAX(e, m). */
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    short *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (short)((i * 251) % 20011 - 10005);

    int mx = -32768;
#pragma reduce(max: mx)
    for (long i = 0; i < n; i++)
        mx = MAX(mx, a[i]);
    printf("MAX(m, e): %d\n", mx);

    int mx2 = -32768;
#pragma reduce(max: mx2)
    for (long i = 0; i < n; i++)
        mx2 = MAX(a[i] / 2, mx2);
    printf("MAX(e, m): %d\n", mx2);

    long mn = 40000;
#pragma reduce(min: mn)
    for (long i = 0; i < n; i++)
        mn = MIN(mn, (long)a[i] * 3);
    printf("MIN(m, 3e): %ld\n", mn);

    free(a);
    return 0;
}
