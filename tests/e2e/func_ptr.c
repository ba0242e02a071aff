/* Marked loops inside functions that receive pointers (restrict, const)
 * and scalar parameters; the functions are called several times. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static double weighted_sum(const double *restrict a, const double *restrict w, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[i] * w[i];
    return s;
}

static int count_in(const int *v, size_t n, int lo, int hi)
{
    int c = 0;
#pragma reduce(+: c)
    for (size_t i = 0; i < n; i++)
        if (v[i] >= lo && v[i] <= hi)
            c++;
    return c;
}

static void range(const int *v, size_t n, int *lo, int *hi)
{
    int mn = 1 << 30, mx = -(1 << 30);
#pragma reduce(min: mn) reduce(max: mx)
    for (size_t i = 0; i < n; i++) {
        if (v[i] < mn)
            mn = v[i];
        if (v[i] > mx)
            mx = v[i];
    }
    *lo = mn;
    *hi = mx;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((n > 0 ? n : 1) * sizeof *a);
    double *w = malloc((n > 0 ? n : 1) * sizeof *w);
    int *v = malloc((n > 0 ? n : 1) * sizeof *v);
    if (!a || !w || !v)
        return 1;
    for (long i = 0; i < n; i++) {
        a[i] = (double)(i % 10) - 4.5;
        w[i] = (i % 4 == 0) ? 0.5 : 1.0;
        v[i] = (int)((i * 7907) % 10007) - 5003;
    }

    printf("weighted sum: %.2f\n", weighted_sum(a, w, (int)n));
    printf("weighted sum of the second half: %.2f\n",
           weighted_sum(a + n / 2, w + n / 2, (int)(n - n / 2)));
    printf("count in [-100, 100]: %d\n", count_in(v, (size_t)n, -100, 100));
    printf("count in [0, 5003]: %d\n", count_in(v, (size_t)n, 0, 5003));
    int lo, hi;
    range(v, (size_t)n, &lo, &hi);
    printf("range: %d .. %d\n", lo, hi);
    range(v + 1, n > 1 ? (size_t)(n - 2) : 0, &lo, &hi);
    printf("inner range: %d .. %d\n", lo, hi);

    free(a);
    free(w);
    free(v);
    return 0;
}
