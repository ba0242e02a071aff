/* System headers included every way C allows (pragreduce keeps them
 * outside the program's extern "C" block): a comment running over lines
 * after the directive, a line comment, blanks around the `#`, a header
 * inside #if, a macro naming the header, and one included again late. */
#include <stdio.h> /* a comment
   that runs over lines */
#include <stdlib.h> // a line comment
  #  include <string.h>
#if 1
#include <math.h>
#endif
#define LIMITS_HEADER <limits.h>
#include LIMITS_HEADER

static double half(double x) { return x / 2; }

#include <stdio.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc(sizeof(double) * (size_t)(n + 1));
    for (long i = 0; i < n; i++)
        a[i] = (double)(i % 9);
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += half(a[i]) + floor(sqrt(a[i]));
    char buf[32];
    snprintf(buf, sizeof buf, "%.17g", s);
    printf("sum %s (%zu chars), int max %d\n", buf, strlen(buf), INT_MAX);
    free(a);
    return 0;
}
