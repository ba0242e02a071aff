/* _Bool, float, double, size_t, int64_t, uint8_t, uint32_t and a user
 * typedef as reduction variables. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef double real;

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    real *r = malloc((n > 0 ? n : 1) * sizeof *r);
    if (!a || !r)
        return 1;
    for (long i = 0; i < n; i++) {
        a[i] = (int)((i * 7) % 13) - 5;
        r[i] = (real)a[i] * 0.25;
    }

    _Bool any_big = 0;
#pragma reduce(||: any_big)
    for (long i = 0; i < n; i++)
        any_big = any_big || a[i] == 6;
    printf("_Bool any: %d\n", (int)any_big);

    float fs = 0.0f;
#pragma reduce(+: fs)
    for (long i = 0; i < n; i++)
        fs += (float)a[i];
    printf("float sum: %.1f\n", (double)fs);

    double ds = 0.0;
#pragma reduce(+: ds)
    for (long i = 0; i < n; i++)
        ds += a[i] * 0.5;
    printf("double sum: %.2f\n", ds);

    size_t cnt = 0;
#pragma reduce(+: cnt)
    for (long i = 0; i < n; i++)
        cnt += (size_t)(a[i] > 2);
    printf("size_t count: %zu\n", cnt);

    int64_t s64 = INT64_C(-1000);
#pragma reduce(+: s64)
    for (long i = 0; i < n; i++)
        s64 += (int64_t)a[i] * 1048576;
    printf("int64_t: %lld\n", (long long)s64);

    uint8_t u8 = 0;
#pragma reduce(+: u8)
    for (long i = 0; i < n; i++)
        u8 += (uint8_t)(a[i] + 100);
    printf("uint8_t (wraps): %u\n", (unsigned)u8);

    uint32_t h = 0;
#pragma reduce(^: h)
    for (long i = 0; i < n; i++)
        h ^= (uint32_t)a[i] * UINT32_C(2654435761);
    printf("uint32_t xor: %08lx\n", (unsigned long)h);

    real total = 0;
#pragma reduce(+: total)
    for (long i = 0; i < n; i++)
        total += r[i];
    printf("real (typedef double): %.2f\n", total);

    free(a);
    free(r);
    return 0;
}
