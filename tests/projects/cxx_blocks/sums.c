/* sums.c - the same guards, the project's headers left as includes (no
 * C89 declaration among them): the guard of begin.h closes in end.h, after
 * a function with a marked loop. */
#ifdef __cplusplus
extern "C" {
#endif
#include <stdio.h>
#include "blocks.h"
#ifdef __cplusplus
}
#endif

#include "begin.h"
#include <stdlib.h>
double sums_x(const point *p, long n)
{
    double s = 0;
    long i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += p[i].x;
    return s;
}
#include "end.h"
