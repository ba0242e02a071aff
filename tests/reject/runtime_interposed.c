/* expect-error-at: 26:6: write; 27:5: close; 29:5: pipe; 30:8: time; 33:5: environ */
/* runtime_interposed.c - own_system_names.c as it was first written, with
 * write, close, pipe, time and environ of external linkage: the CUDA
 * runtime the output links calls the C library's, and the linker would
 * bind those calls to the program's (a crash at the first GPU call, seen on
 * the H200). Each is an error; read (static), clock, sleep and optarg,
 * which the runtime does not use, are not.
 *
 * The original comment: names C leaves to a program that includes only
 * <stdio.h>, which POSIX headers declare: its own struct stat, timeval and
 * tm, functions read, write, close, sleep, pipe, time and clock, globals
 * environ and optarg, used around marked loops and inside them. nvcc
 * compiles the program with the runtime and cuda_runtime.h, which must not
 * declare them too (the runtime includes no POSIX header; the names that
 * cuda_runtime.h's own headers declare are renamed, keeping their symbols).
 * own_system_names_c11.c is the same program under -std=c11 with
 * <stdlib.h>, where struct timeval is the program's too.
 *   ./own_system_names [n] */
#include <stdio.h>

struct stat { long size; int mode; };
struct timeval { long sec, usec; };
struct tm { int hour, minute; };

static long read(const long *v, long i) { return v[i]; }
long write(long *v, long i, long x) { v[i] = x; return x; }
int close(int fd) { return fd - 1; }
unsigned sleep(unsigned s) { return s / 2; }
int pipe(int *fds) { fds[0] = 3; fds[1] = 4; return 0; }
double time(int k) { return 0.5 * k; }
long clock(void) { return 17; }

int environ = 5;
const char *optarg = "opt";
struct stat files[4] = {{10, 1}, {20, 2}, {30, 3}, {40, 4}};

static long atol_(const char *s)
{
    long v = 0;
    while (*s >= '0' && *s <= '9')
        v = 10 * v + (*s++ - '0');
    return v;
}

static long weight(struct tm t) { return t.hour * 60 + t.minute; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol_(argv[1]) : 1000;
    static long v[200004];
    static struct tm times[200004];
    struct timeval tv = {1, 2};
    int fds[2];
    if (n > 200000)
        n = 200000;
    pipe(fds);
    for (long i = 0; i < n; i++) {
        write(v, i, (i * 7) % 13 - 6);
        times[i].hour = (int)(i % 24);
        times[i].minute = (int)(i % 60);
    }

    long s = 0;
#pragma reduce(+: s) in(v[0:n])
    for (long i = 0; i < n; i++)
        s += read(v, i) * environ + files[i % 4].size + (long)sleep(4) + close(fds[0]);

    long w = 0;
    double h = 0;
#pragma reduce(+: w, h)
    for (long i = 0; i < n; i++) {
        w += weight(times[i]) + tv.sec;
        h += time((int)(i % 4));
    }

    long most = -1000;
#pragma reduce(max: most) in(v[0:n])
    for (long i = 0; i < n; i++)
        if (read(v, i) + clock() > most)
            most = read(v, i) + clock();

    printf("s=%ld w=%ld h=%.1f most=%ld fds=%d,%d usec=%ld %s\n", s, w, h, most, fds[0], fds[1],
           tv.usec, optarg);
    return 0;
}
