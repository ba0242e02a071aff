/* expect-error-at: 17:16: a written global read by a helper */
/* A global array a parallel loop writes, read by a function the loop
 * calls: at any element, so perhaps at another iteration's (here the one
 * before: the sequential loop carries a[i - 1] forward). */
#include <stdio.h>

double a[100];

static double left(int i)
{
    return i > 0 ? a[i - 1] : 0.0;
}

void shift(void)
{
    int i;
#pragma reduce parallel
    for (i = 0; i < 100; i++)
        a[i] = left(i) + 1.0;
}

