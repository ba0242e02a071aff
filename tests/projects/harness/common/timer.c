#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "timer.h"

double timer_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
