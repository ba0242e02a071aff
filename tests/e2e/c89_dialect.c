/* C89 habits gcc accepts with warnings: implicit int (file-scope
 * variables, return types, K&R parameters left undeclared), functions
 * called before any declaration (defined later in the file, or in libc),
 * and K&R definitions with marked loops inside. */
#include <stdio.h>
#include <stdlib.h>

static calls = 0;
static unsigned long seed;

static total(a, n)
    int *a;
    long n;
{
    long i;
    int t = 0;
    calls++;
#pragma reduce(+: t)
    for (i = 0; i < n; i++)
        t += a[i];
    return t;
}

double mean_of(x, n, bias)
    double *x; /* the samples */
    long n;
    char bias;
{
    double s = 0;
    long i;
    calls++;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += x[i] + bias;
    return n ? s / n : 0;
}

static peak(x, n, limit)
    double *x;
    long n;
{
    double m = -1;
    long i;
#pragma reduce(max: m)
    for (i = 0; i < n; i++)
        if (x[i] < limit)
            m = x[i] > m ? x[i] : m;
    return (int)m;
}

main(argc, argv)
    char **argv;
{
    long n = argc > 1 ? atol(argv[1]) : 1000, i;
    int *a = malloc((n + 1) * sizeof *a);
    double *x = malloc((n + 1) * sizeof *x);
    seed = 7;
    for (i = 0; i < n; i++) {
        a[i] = next_value() % 100 - 50;
        x[i] = scaled(a[i]);
    }
    printf("total %d\n", total(a, n));
    printf("mean %.17g\n", mean_of(x, n, (char)3));
    printf("peak %d\n", peak(x, n, 20));
    printf("calls %d\n", calls);
    free(a);
    free(x);
    return 0;
}

next_value()
{
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    return (int)(seed >> 33);
}

int scaled(int v) { return v * 3; }
