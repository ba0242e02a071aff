/* ticks.c - a fake clock (built by gcc, called from the transpiled main.c) */
#include "ticks.h"

static long now = 1000;

double difftime(int step)
{
    now += step;
    return (double)now;
}

unsigned clock(void) { return (unsigned)(now / 3); }

struct tm tm_of(long n)
{
    struct tm t = {n % 11, 1 + n % 5};
    return t;
}
