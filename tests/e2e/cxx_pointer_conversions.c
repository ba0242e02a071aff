/* Pointer conversions C makes implicitly (with a warning) and C++ refuses:
 * `char *` to `unsigned char *` and `signed char *` (arguments too), `char
 * **` to `const char **`, `void *` to a function pointer. Each gets the
 * cast C's conversion makes; the bytes are read in a marked loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int sum_bytes(const unsigned char *u, int n) { int s = 0; for (int i = 0; i < n; i++) s += u[i]; return s; }
static double twice(double x) { return 2 * x; }
int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10;
    char buf[8] = "\xff\001abc";
    unsigned char *u = buf;
    signed char *sc = buf;
    const char *names[2] = {"a", "b"};
    char **pp = (char **)names;
    const char **cpp = pp;
    void *vp = (void *)twice;
    double (*fp)(double) = vp;
    long s = 0;
#pragma reduce(+: s) in(u[0:8], sc[0:8])
    for (long i = 0; i < n; i++)
        s += u[i % 8] + sc[i % 8];
    printf("%ld %d %s %g\n", s, sum_bytes(buf, 5), cpp[1], fp(1.5));
    return 0;
}
