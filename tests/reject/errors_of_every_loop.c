/* expect-error-at: 15:20: a refused reduction; 21:16: a refused parallel loop in the same file */
/* Every marked loop's reason in one run: a refused reduction does not
 * hide what is wrong with a parallel loop further down (the user would
 * otherwise meet it only after fixing the first), and a valid parallel
 * loop between them adds nothing. */
#include <stdlib.h>

double g;

double f(double *a, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[i], g = a[i];
    return s;
}

void h(double *a, int *idx, int n)
{
#pragma reduce parallel
    for (int i = 0; i < n; i++)
        a[idx[i]] = 1.0;
}

void k(double *a, int n)
{
#pragma reduce parallel
    for (int i = 0; i < n; i++)
        a[i] = 2.0 * a[i];
}
