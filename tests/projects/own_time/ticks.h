/* ticks.h - a program's own difftime, clock and struct tm: names C leaves to a
 * program that does not include <time.h>, which the CUDA output's headers
 * declare. main.c is transpiled, ticks.c built by gcc: main.c's output
 * renames difftime and clock (other types than <time.h>'s) and struct tm, and the
 * renamed declarations must keep the C symbols. The file starts with a
 * UTF-8 byte-order mark, which its copy in the output must not keep.
 * (Not time: the CUDA runtime calls the C library's, and a program's own of
 * external linkage would replace it for the runtime too.) */
#ifndef TICKS_H
#define TICKS_H

struct tm {
    long start, step;
};

double difftime(int step);
unsigned clock(void);
struct tm tm_of(long n);

#endif
