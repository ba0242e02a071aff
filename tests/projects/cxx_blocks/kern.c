/* kern.c - lavaMD's kernel_cpu.c layout: the file's own guard opens before
 * its includes (system headers, the project's, one that opens a block of
 * its own, one whose block another header closes) and closes at the end of
 * the file; the project's headers are copied into the output (stamp.h's
 * `()` declaration). A system header included between begin.h and end.h.
 * nvcc must compile the output, the functions keep C linkage (main.c, built
 * by gcc, calls them). */
#ifdef __cplusplus
extern "C" {
#endif

#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "blocks.h"
#include "begin.h"
#include <string.h>
#include "stamp.h"
double kern_energy(const point *p, long n);
#include "end.h"

long stamp() { return 7; }

double kern_energy(const point *p, long n)
{
    double e = 0;
    long i;
#pragma reduce(+: e)
    for (i = 0; i < n; i++)
        e += sqrt(p[i].x * p[i].x + p[i].y * p[i].y);
    return e + (double)stamp();
}

#ifdef __cplusplus
}
#endif
