/* Functions of the file called from marked loops, as a program spreads
 * them: non-static ones (callable from other files, so their host versions
 * must stay as they are: the GPU gets copies under other names), static
 * ones, one calling another, functions defined below their first use
 * (declared above it), the same function used by two loops and by host
 * code. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define D 3

/* defined below main */
double smooth(double x, double width);
int bucket(double x);
static double sq(double x);

double norm2(const double *v, int d)
{
    double s = 0.0;
    for (int k = 0; k < d; k++)
        s += sq(v[k]);
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc((size_t)(n > 0 ? n : 1) * D * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n * D; i++)
        x[i] = (double)((i * 7919) % 201) / 8.0 - 12.5; /* exact in binary */

    double total = 0.0;
#pragma reduce(+: total)
    for (long i = 0; i < n; i++)
        total += smooth(x[i * D], 8.0);
    printf("smooth: %.4f\n", total);

    long hist = 0;
    int top = -1;
#pragma reduce(+: hist) reduce(max: top)
    for (long i = 0; i < n; i++) {
        int b = bucket(x[i * D + 1]);
        hist += b * b;
        if (b > top)
            top = b;
    }
    printf("buckets: %ld, top %d\n", hist, top);

    double far = 0.0;
    long outside = 0;
#pragma reduce(max: far) reduce(+: outside) in(x[0:n * D])
    for (long i = 0; i < n; i++) {
        double r = norm2(&x[i * D], D);
        if (r > far)
            far = r;
        outside += r > 150.0;
    }
    printf("norm2: max %.6g, %ld outside\n", far, outside);

    /* the host versions, unchanged */
    double v[D] = {1.0, 2.0, 2.0};
    printf("host: norm2 %.6g smooth %.6g bucket %d\n", norm2(v, D), smooth(0.5, 8.0), bucket(-3.5));
    free(x);
    return 0;
}

static double sq(double x)
{
    return x * x;
}

/* calls sq and fabs; non-static */
double smooth(double x, double width)
{
    double t = fabs(x) / width;
    if (t >= 1.0)
        return 0.0;
    return sq(1.0 - sq(t));
}

int bucket(double x)
{
    int b = (int)floor(x / 2.0);
    return b < -5 ? -5 : b > 5 ? 5 : b;
}
