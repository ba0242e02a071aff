/* Trip counts past 2^31 with no arrays: N = 16 n + 5, so n = 2^27 gives
 * 2^31 + 5 iterations and the kernels take their 64-bit index path. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long big = 16 * n + 5;
    long count = 0;
    unsigned long long sum = 0;
    long last = -1;
    long i;
#pragma reduce(+: count, sum) reduce(max: last)
    for (i = 0; i < big; i++) {
        count += (i % 7 == 3);
        sum += (unsigned long long)i * 3u;
        if (i % 1000 == 999 && i > last) last = i;
    }
    printf("big=%ld count=%ld sum=%llu last=%ld i=%ld\n", big, count, sum, last, i);

    unsigned int wraps = 0;
    unsigned u;
    /* a descending unsigned loop that ends at 0 */
#pragma reduce(^: wraps)
    for (u = (unsigned)(big % 4000000000u); u > 0; u -= 3)
        wraps ^= u * 2654435761u;
    printf("wraps=%u u=%u\n", wraps, u);

    int imin = 1 << 30;
#pragma reduce(min: imin)
    for (long k = big; k >= 1; --k)
        imin = (int)((k * 7919) % 1000003) < imin ? (int)((k * 7919) % 1000003) : imin;
    printf("imin=%d\n", imin);
    return 0;
}
