/* A three-point stencil over a vector with a ghost element at each end,
 * time-stepped between two buffers whose pointers swap, with a sum of the
 * new buffer each step: with PRAGREDUCE_GPUS=all each GPU of a team keeps
 * its part of both buffers, and the elements next to a part's ends (the
 * halo) were written on the neighbouring GPU by the step before. Midway the
 * host reads elements on both sides of the middle part boundary, writes
 * one, and reads again after a step, so the halo must come from the GPU that
 * wrote it, the host's bytes, or both, as they are current. Integer
 * arithmetic modulo a prime: any wrong or stale element changes the sums.
 *   team_stencil N */
#include <stdio.h>
#include <stdlib.h>

#define PRIME 1000003UL

/* dst[i] for i in 1..n from src[i - 1], src[i], src[i + 1] */
static void step(unsigned long *dst, const unsigned long *src, long n, unsigned long t)
{
#pragma reduce parallel
    for (long i = 1; i <= n; i++)
        dst[i] = (src[i - 1] + 2 * src[i] + 3 * src[i + 1] + t) % PRIME;
}

static unsigned long total(const unsigned long *v, long n)
{
    unsigned long s = 0;
#pragma reduce(+: s)
    for (long i = 1; i <= n; i++)
        s += v[i] * (unsigned long)(i % 7 + 1);
    return s;
}

int main(int argc, char **argv)
{
    const long n = argc > 1 ? atol(argv[1]) : 100000;
    if (n < 1) {
        printf("n = %ld: nothing to do\n", n);
        return 0;
    }
    unsigned long *a = malloc((size_t)(n + 2) * sizeof *a);
    unsigned long *b = malloc((size_t)(n + 2) * sizeof *b);
    if (!a || !b)
        return 1;
    for (long i = 0; i < n + 2; i++) {
        a[i] = (unsigned long)(i * 7919 % 1009);
        b[i] = 0;
    }
    b[0] = a[0];
    b[n + 1] = a[n + 1];
    unsigned long *src = a, *dst = b, check = 0;
    const long mid = (n + 1) / 2;
    for (unsigned long t = 0; t < 12; t++) {
        step(dst, src, n, t);
        const unsigned long s = total(dst, n);
        check = check * 31 + s;
        printf("step %lu: sum %lu\n", t, s);
        if (t == 5) {
            /* the host around the middle: what the GPUs on both sides wrote */
            printf("middle: %lu %lu %lu\n", dst[mid - 1], dst[mid], dst[mid + 1 <= n ? mid + 1 : mid]);
            dst[mid] = (dst[mid] + 17) % PRIME;
        }
        if (t == 7)
            printf("middle after: %lu %lu\n", dst[mid - 1], dst[mid]);
        unsigned long *tmp = src;
        src = dst;
        dst = tmp;
    }
    printf("check %lu, ends %lu %lu\n", check, src[1], src[n]);
    free(a);
    free(b);
    return 0;
}
