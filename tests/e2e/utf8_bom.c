/* utf8_bom.c - a source that starts with a UTF-8 byte-order mark (as some
 * Windows editors save it): the mark is dropped, not copied after the
 * runtime into the middle of the output (nvcc rejected it there), and the
 * #line directives and the copied loops keep their lines.
 *   ./utf8_bom [n] */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long *v = malloc((size_t)(n + 1) * sizeof *v);
    if (!v)
        return 1;
    for (long i = 0; i < n; i++)
        v[i] = (i * 13) % 29 - 14;
    long s = 0, most = -100;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += v[i] * v[i];
#pragma reduce(max: most)
    for (long i = 0; i < n; i++)
        most = v[i] > most ? v[i] : most;
    printf("s=%ld most=%ld line=%d\n", s, most, __LINE__);
    free(v);
    return 0;
}
