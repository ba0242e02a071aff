/* Induction variables that wrap (unsigned arithmetic, defined in C): the
 * loop runs on, past the wrap, until its test fails. Large enough that the
 * CPU path would split the count to the first wrap over threads: it must
 * run the loop as written instead (found on the GPU machine: big_trip's
 * descending unsigned loop gave another XOR on the threaded CPU path). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    /* u -= 10007 from start: 2^32 / 10007 ~ 429195 steps to the first wrap's
     * side, then on to exactly 0 after k steps in all (10007 is odd, so no
     * earlier step lands on 0) */
    const unsigned step = 10007u;
    const unsigned k = 829195u + (unsigned)(n % 1000);
    const unsigned start = k * step; /* mod 2^32 */
    unsigned wraps = 0, u;
    unsigned long long count = 0;
#pragma reduce(^: wraps) reduce(+: count)
    for (u = start; u > 0; u -= step) {
        wraps ^= u * 2654435761u;
        count += u & 7u;
    }
    printf("wraps=%u count=%llu u=%u\n", wraps, count, u);

    /* upward: an unsigned that passes 2^32 and stops on an exact value */
    unsigned v, sum = 0;
#pragma reduce(+: sum)
    for (v = 4294967295u - 200000u; v != 5u + (unsigned)(n % 5); v++)
        sum += v >> 7;
    printf("sum=%u v=%u\n", sum, v);

    /* a narrow type past its wrap */
    unsigned char ch;
    long hits = 0;
#pragma reduce(+: hits)
    for (ch = 250; ch != 4; ch++)
        hits += ch;
    printf("hits=%ld ch=%u\n", hits, (unsigned)ch);
    return 0;
}
