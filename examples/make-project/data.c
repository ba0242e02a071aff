/* Readings from a small hash: the same on every machine. */
#include "stats.h"

void fill_readings(int *v, long n, unsigned seed)
{
    unsigned x = seed;
    for (long i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        v[i] = (int)(x % 20001u) - 10000;
    }
}
