/* Library calls and GNU statement expressions between marked loops in a
 * time loop: assert (glibc's is a statement expression), drand48 and
 * random (the library's own state), rand_r into a local seed, sprintf and
 * strcpy into local arrays keep the arrays on the GPU; statement
 * expressions that read or write an element the loops use must bring it
 * back or make the copy stale. The values printed are exact. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* GNU C statement expressions, as macros in real code use them */
#define PEEK(arr, k) ({ double peek_v_ = (arr)[k]; peek_v_; })
#define POKE(arr, k, v) ({ (arr)[k] = (v); 0; })

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((size_t)(n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    srand48(7);
    srandom(7);
    for (long i = 0; i < n; i++)
        a[i] = (double)(i % 5);
    unsigned seed = 11;
    char name[32], copy[32];
    double total = 0, peeked = 0, noise = 0;
    long draws = 0;
    for (int step = 0; step < 10; step++) {
#pragma reduce parallel
        for (long i = 0; i < n; i++)
            a[i] = a[i] * 0.5 + 2.0;
        double part = 0;
#pragma reduce(+: part)
        for (long i = 0; i < n; i++)
            part += a[i];
        assert(part >= 0);
        total += part;
        /* the library's generators: the same sequence in both builds */
        noise += (double)(lrand48() % 8) + (double)(random() % 8) + (double)(rand_r(&seed) % 8);
        draws += drand48() < 0.5;
        sprintf(name, "step_%02d", step);
        strcpy(copy, name);
        if (n > 0) {
            peeked += PEEK(a, n / 3); /* what the last kernel wrote */
            if (step % 3 == 0)
                POKE(a, 0, 4.0); /* the next loop reads it */
            assert(a[n - 1] >= 2.0);
        }
    }
    printf("n %ld: total %.6f, peeked %.6f, a[0] %.6f, noise %.0f, draws %ld, last %s\n", n, total, peeked,
           n > 0 ? a[0] : 0.0, noise, draws, copy);
    free(a);
    return 0;
}
