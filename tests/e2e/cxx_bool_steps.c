/* ++ and -- on _Bool: C sets (++) or flips (--) the flag; C++17 has no ++
 * on bool and no -- at all, so the output spells each form out, with its
 * value (old for postfix, new for prefix): in host code, in the for step,
 * and in a marked loop's body (a local flag). Found by tests/gen. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10;
    int *x = malloc((size_t)(n + 1) * sizeof *x);
    _Bool seen = 0, flip = 1;
    bool b = 0;
    int values = 0;
    for (long i = 0; i < n; i++) {
        x[i] = (int)((i * 5) % 7);
        if (x[i] > 4)
            seen++;
    }
    flip--;
    --flip;
    values += b++;
    values += 10 * b++;
    values += 100 * flip--;
    values += 1000 * --flip;
    values += 10000 * ++b;
    for (_Bool once = 0; !once; once++)
        values++;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        bool odd = 0;
        if (x[i] & 1)
            odd++;
        bool even = 1;
        if (odd)
            even--;
        s += odd + 2 * even;
    }
    printf("seen %d flip %d b %d values %d s %ld\n", seen, flip, b, values, s);
    free(x);
    return 0;
}
