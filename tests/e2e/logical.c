/* && and || reductions: "all" and "any" tests over an array. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static int all_nonneg(const int *a, long n)
{
    int ok = 1;
#pragma reduce(&&: ok)
    for (long i = 0; i < n; i++)
        ok = ok && (a[i] >= 0);
    return ok;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (int)(i % 50);
    if (n > 40)
        a[n - 7] = 42;
    if (n > 1000)
        a[1000] = -3;

    printf("all >= 0: %d\n", all_nonneg(a, n));

    int any = 0;
#pragma reduce(||: any)
    for (long i = 0; i < n; i++)
        any = any || (a[i] == 42);
    printf("any == 42: %d\n", any);

    bool small = true;
#pragma reduce(&&: small)
    for (long i = 0; i < n; i++)
        small = small && a[i] < 50;
    printf("all < 50: %d\n", (int)small);

    int found = 0;
#pragma reduce(||: found)
    for (long i = 0; i < n; i++)
        found = found || a[i] * 2 == 98;
    printf("any == 49: %d\n", found);

    int started_true = 1;
#pragma reduce(||: started_true)
    for (long i = 0; i < n; i++)
        started_true = started_true || a[i] > 1000;
    printf("1 || ...: %d\n", started_true);

    free(a);
    return 0;
}
