/* Several updates of the same reduction variable in one body: in both
 * branches of an if/else, twice in a row, and in a nested if. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (int)((i * 37) % 61) - 30;

    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        if (a[i] >= 0)
            s += a[i];
        else
            s -= 2 * a[i];
    }
    printf("sum of a or -2a: %ld\n", s);

    long t = 10;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++) {
        t += a[i];
        t += 1;
        if (a[i] > 20) {
            if (a[i] % 2 == 0)
                t++;
            else
                t -= 3;
        }
    }
    printf("nested updates: %ld\n", t);

    int m = -100;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++) {
        if (i % 2 == 0) {
            if (a[i] > m)
                m = a[i];
        } else {
            m = -a[i] > m ? -a[i] : m;
        }
    }
    printf("max of a (even) / -a (odd): %d\n", m);

    free(a);
    return 0;
}
