/* Loops that count down: i > lo with i--, i >= 0 with --i, i -= 2,
 * i = i - 3, and i != -1 with i--. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (int)((i * 5) % 19) - 9;

    long lo = n / 4;
    long s1 = 0;
#pragma reduce(+: s1)
    for (long i = n; i > lo; i--)
        s1 += a[i - 1] * (i % 2 == 0 ? 1 : -1);
    printf("down i > n/4: %ld\n", s1);

    int ni = (int)n;
    long s2 = 0;
#pragma reduce(+: s2)
    for (int i = ni - 1; i >= 0; --i)
        s2 += (long)a[i] * i;
    printf("down i >= 0, --i: %ld\n", s2);

    int mx = -100;
#pragma reduce(max: mx)
    for (long i = n - 1; i >= 0; i -= 2)
        if (a[i] + (int)(i % 7) > mx)
            mx = a[i] + (int)(i % 7);
    printf("down i -= 2: %d\n", mx);

    long s3 = 0;
#pragma reduce(+: s3)
    for (long i = n; i > 0; i = i - 3)
        s3 += a[i - 1];
    printf("down i = i - 3: %ld\n", s3);

    unsigned x = 0;
#pragma reduce(^: x)
    for (long i = n - 1; i != -1; i--)
        x ^= (unsigned)a[i] * (unsigned)(i + 1);
    printf("down i != -1: %u\n", x);

    free(a);
    return 0;
}
