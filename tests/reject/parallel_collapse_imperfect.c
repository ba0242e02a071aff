/* expect-error-at: 7:25: not one loop; 17:25: a directive */
/* collapse(N) on a parallel loop takes a perfect nest: the body one loop,
 * with no directive of its own (an OpenMP or GCC loop hint on it). */
#include <stdio.h>
void imperfect(double *a, int n)
{
#pragma reduce parallel collapse(2)
    for (int i = 0; i < n; i++) {
        a[i * n] = 0;
        for (int j = 1; j < n; j++)
            a[i * n + j] = 2.0;
    }
}

void hinted(double *a, int n)
{
#pragma reduce parallel collapse(2)
    for (int i = 0; i < n; i++)
#pragma GCC unroll 4
        for (int j = 0; j < n; j++)
            a[i * n + j] = 1.0;
}
