/* maxloc / minloc in their other spellings: two conditional assignments
 * (index first, as the sequential meaning needs), a comma expression, one
 * statement in braces, and the ternaries with a filter and with >=. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int id;
    float score;
} Entry;

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    Entry *e = malloc((size_t)(n > 0 ? n : 1) * sizeof *e);
    if (!v || !e)
        return 1;
    for (long i = 0; i < n; i++) {
        v[i] = (int)((i * 7919) % 1009) - 500;
        e[i].id = (int)(i * 3 + 1);
        e[i].score = (float)((i * 37) % 101) * 0.25f;
    }

    int hi = -1000000;
    long hi_at = -1;
#pragma reduce(maxloc: hi, hi_at)
    for (long i = 0; i < n; i++) {
        hi_at = v[i] > hi ? i : hi_at;
        hi = v[i] > hi ? v[i] : hi;
    }
    printf("ternary max %d first at %ld\n", hi, hi_at);

    int lo = 1000000;
    int lo_at = -1;
#pragma reduce(minloc: lo, lo_at)
    for (int i = 0; i < n; i++) {
        lo_at = (i % 2 == 0 && lo >= v[i]) ? i : lo_at;
        lo = (i % 2 == 0 && lo >= v[i]) ? v[i] : lo;
    }
    printf("ternary min (even i) %d last at %d\n", lo, lo_at);

    float best = -1.0f;
    int best_id = 0;
#pragma reduce(maxloc: best, best_id)
    for (long i = 0; i < n; i++)
        if (e[i].score > best)
            best = e[i].score, best_id = e[i].id;
    printf("comma max %.2f id %d\n", best, best_id);

    long small = 1L << 40;
    long small_at = -5;
#pragma reduce(minloc: small, small_at)
    for (long i = n - 1; i >= 0; i--) {
        if ((long)v[i] * v[i] < small) {
            small_at = i;
            small = (long)v[i] * v[i];
        }
    }
    printf("braced min %ld at %ld\n", small, small_at);

    free(v);
    free(e);
    return 0;
}
