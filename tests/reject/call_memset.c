/* expect-error-at: 10:9: call to a function that is not from <math.h> */
#include <string.h>

long sum_and_scrub(const long *a, int n, char *scratch)
{
    long s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        memset(scratch, 0, 16);
    }
    return s;
}
