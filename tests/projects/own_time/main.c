/* main.c - marked loops between calls to the program's own difftime and clock
 * (ticks.c); a struct tm of its own read inside a loop. */
#include <stdio.h>
#include <stdlib.h>

#include "ticks.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long *v = malloc((size_t)(n + 1) * sizeof *v);
    if (!v)
        return 1;
    long t0 = (long)difftime(7);
    struct tm at = tm_of(n);
    for (long i = 0; i < n; i++)
        v[i] = (i * 5) % 17 + at.start;

    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += v[i] * at.step;

    long t1 = (long)difftime(3);
    long most = 0;
#pragma reduce(max: most)
    for (long i = 0; i < n; i++)
        most = v[i] + t1 > most ? v[i] + t1 : most;

    printf("s=%ld most=%ld elapsed=%ld clock=%u\n", s, most, t1 - t0, clock());
    free(v);
    return 0;
}
