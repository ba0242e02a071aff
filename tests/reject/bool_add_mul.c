/* expect-error-at: 8:19: '+' on a _Bool is not a reduction; 18:19: '*' on a _Bool is not a reduction */
#include <stdbool.h>

/* b += -1 flips b: the sequential answer depends on how many came before */
bool odd_flips(const int *x, int n)
{
    bool b = false;
#pragma reduce(+: b)
    for (int i = 0; i < n; i++)
        b += x[i];
    return b;
}

/* b *= NAN sets b even when it was false */
_Bool all_nonzero(const double *x, int n)
{
    _Bool b = 1;
#pragma reduce(*: b)
    for (int i = 0; i < n; i++)
        b *= x[i];
    return b;
}
