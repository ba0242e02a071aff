#include "vecops.h"

/* no marked loop in this file's own text: the header's are transpiled */
double norm2(const double *a, long n)
{
    return vec_dot(a, a, n);
}
