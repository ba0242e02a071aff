/* blocks.h - the project's declarations, in a C++ linkage guard of the
 * header's own (Rodinia lavaMD's timer.h and kernel_cpu.h), included inside
 * the including files' guards too. The `()` declaration (C's unprototyped
 * function) makes pragreduce copy the project's headers into kern.c's
 * output; sums.c's headers stay includes. main has a prototype here, as
 * lavaMD's main.h has, inside the including file's guard. */
#ifndef BLOCKS_H
#define BLOCKS_H
#ifdef __cplusplus
extern "C" {
#endif

#include <stddef.h>

typedef struct {
    double x, y;
} point;

int main(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
