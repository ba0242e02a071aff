/* Induction variables declared before the loop: their value after the
 * loop must be what C gives (the first value that fails the test). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int ni = (int)n;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (int)((i * 13) % 29) - 14;

    int i;
    long s = 0;
#pragma reduce(+: s)
    for (i = 0; i < ni; i++)
        s += a[i];
    printf("sum: %ld, i after: %d\n", s, i);

    int m = -1000;
#pragma reduce(max: m)
    for (i = 1; i < ni; i += 2)
        m = a[i] > m ? a[i] : m;
    printf("max odd: %d, i after: %d\n", m, i);

    long j;
    long t = 0;
#pragma reduce(+: t)
    for (j = n - 1; j >= 0; j -= 3)
        t += a[j];
    printf("sum every 3rd from the end: %ld, j after: %ld\n", t, j);

    unsigned k;
    unsigned x = 0;
#pragma reduce(^: x)
    for (k = 5; k < (unsigned)ni; k += 4)
        x ^= (unsigned)a[k] << 3;
    printf("xor: %u, k after: %u\n", x, k);

    long q = 99;
    long z = 0;
#pragma reduce(+: z)
    for (q = n; q < n; q++)
        z += a[q];
    printf("zero trip: %ld, q after: %ld\n", z, q);

    free(a);
    return 0;
}
