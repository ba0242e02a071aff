/* C89 as the old benchmark codes write it: library functions called
 * without their headers (strcmp, strlen, memset, clock, abs, atoi,
 * omp_get_max_threads), which C declares implicitly at the call. The
 * output's own headers declare the same functions, so the C++ output
 * cannot declare them again as `int f(...)`: their headers are read
 * instead. A marked loop calls one of them (abs) in its body; a K&R
 * definition calls another.
 * pragreduce-flags: -std=gnu89 -fopenmp */
#include <stdio.h>

static int count_matching(names, n, key)
    char **names;
    int n;
    char *key;
{
    int i, c = 0;
    for (i = 0; i < n; i++)
        if (strcmp(names[i], key) == 0)
            c++;
    return c;
}

int main(argc, argv)
    int argc;
    char **argv;
{
    static char *names[] = {"lu", "cg", "mg", "lu", "ft", "lu"};
    static int buf[4096];
    long start = clock();
    long n = argc > 1 ? atoi(argv[1]) : 100, i, total = 0, len = 0;
    int threads = 1;
    if (n > 4096)
        n = 4096;
    memset(buf, 0, sizeof buf);
    for (i = 0; i < n; i++)
        buf[i] = (int)((i * 7919) % 23) - 11;
#pragma reduce(+: total)
    for (i = 0; i < n; i++)
        total += abs(buf[i]);
    for (i = 0; i < 6; i++)
        len += strlen(names[i]);
#ifdef _OPENMP
    threads = omp_get_max_threads() > 0;
#endif
    printf("n %ld total %ld len %ld lu %d threads %d clock %d\n", n, total, len,
           count_matching(names, 6, "lu"), threads, clock() >= start);
    return 0;
}
