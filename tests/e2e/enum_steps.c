/* enum_steps.c - ++ and -- on enum variables (C has them, C++ does not),
 * in ordinary code and inside a marked loop's body.
 *   ./enum_steps [n] */
#include <stdio.h>
#include <stdlib.h>

enum color { RED, GREEN, BLUE, NCOLORS };

static const int weight[NCOLORS] = {1, 3, 5};

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int cnt = 0;
    enum color c;
    for (c = RED; c < NCOLORS; c++)
        cnt += (int)c;
    for (c = BLUE; c > RED; --c)
        cnt += 10;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        for (enum color k = RED; k < NCOLORS; k++)
            s += weight[k] * (i % 3 == (long)k);
    }
    printf("cnt=%d s=%ld\n", cnt, s);
    return 0;
}
