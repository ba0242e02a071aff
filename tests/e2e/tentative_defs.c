/* tentative_defs.c - file-scope variables declared more than once without
 * `extern` (C's tentative definitions), read by marked loops.
 *   ./tentative_defs [n] */
#include <stdio.h>
#include <stdlib.h>

int counter;
int counter;
static long scale;
static long scale;
int offset;
int offset = 7; /* the definition comes last */

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    counter = 3;
    scale = 2;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += (i % 5) * scale + counter + offset;
    printf("s=%ld\n", s);
    return 0;
}
