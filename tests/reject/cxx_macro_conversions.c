/* expect-error-at: 15:10: math call spelled by a macro; 18:20: local enum constant through a macro */
#include <math.h>

/* the macro's body spells sqrt(x): the cast C's conversion needs cannot
 * be written into it for one use only */
#define ROOT(x) sqrt(x)

double f(const double *a, long n)
{
    enum { LIMIT = 4 };
#define CAP LIMIT
    float g = 2.0f;
    double s = 0;
    /* float to double: C calls the double sqrt, C++ the float one */
    s += ROOT(g);
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        if (a[i] < CAP)
            s += a[i];
    return s;
}
