/* Helpers defined in the header itself, in the C89 of old suites: a C++
 * linkage guard, K&R definitions after () declarations (one with a
 * parameter left undeclared), an implicit int, and a call to a library
 * function whose header is not included. Included as <bench_util.h>. */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#ifdef __cplusplus
extern "C" {
#endif

static double bench_clamp();
static bench_rounds = 2;
void bench_timer_start();
double bench_timer_stop();

static double bench_clamp(v, lo, hi)
    double v, lo, hi;
{
    return v < lo ? lo : v > hi ? hi : v;
}

static bench_name_width(name, pad)
    const char *name;
{
    return (int)strlen(name) + pad;
}

#ifdef __cplusplus
}
#endif

#endif
