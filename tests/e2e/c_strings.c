/* c_strings.c - character arrays that a string literal fills exactly (no
 * room for the NUL: valid C, not C++), beside a marked loop that reads one.
 *   ./c_strings [n] */
#include <stdio.h>
#include <stdlib.h>

static const char tag[4] = "abcd";
static const char mixed[4] = "a'\x41\n";
static char room[8] = "ok"; /* room to spare: unchanged */

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    if (n < 0)
        n = 0;
    unsigned char code[3] = "xyz";
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += tag[i % 4] + code[i % 3] + mixed[i % 4];
    printf("%ld %c%c %d %d %s\n", s, tag[0], tag[3], mixed[1], mixed[2], room);
    return 0;
}
