/* File-scope definitions C accepts and C++ refuses: a const object without
 * an initializer (zero in C: `const int limit;`, a const array, a const
 * struct), and tentative definitions of arrays (`int hits[4]; int
 * hits[4];`, one with an initializer elsewhere), read in marked loops. */
#include <stdio.h>
#include <stdlib.h>

struct origin { int x; double w; };

const int limit;
static const double offsets[3];
const struct origin home;
int hits[4];
int hits[4];
int base[2];
int base[2] = {5, 7};

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    for (int k = 0; k < 4; k++)
        hits[k] = k + 1;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += limit + (long)offsets[2] + home.x + hits[3] + base[1];
    printf("sum: %ld\n", s);
    printf("zeros: %d %g %d %g\n", limit, offsets[0], home.x, home.w);
    return 0;
}
