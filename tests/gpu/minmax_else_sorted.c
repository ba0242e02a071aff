/* if (x < mn) mn = x; else if (x > mx) mx = x; on data where the else
 * matters most: rising and falling sequences (every element moves only one
 * of the two), from the first element and from a range in the middle; and
 * private scratch at sizes where many blocks share the work. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float *up = malloc((size_t)(n > 0 ? n : 1) * sizeof *up);
    float *down = malloc((size_t)(n > 0 ? n : 1) * sizeof *down);
    if (!up || !down)
        return 1;
    for (long i = 0; i < n; i++) {
        up[i] = (float)(i % 16777216) + (float)(i / 16777216) * 0.5f;
        down[i] = -up[i];
    }
    if (n == 0)
        up[0] = down[0] = 0.0f;

    float mn = up[0], mx = up[0];
#pragma reduce(min: mn) reduce(max: mx)
    for (long i = 1; i < n; i++) {
        if (up[i] < mn)
            mn = up[i];
        else if (up[i] > mx)
            mx = up[i];
    }
    printf("rising: %.9g %.9g\n", mn, mx);

    float dmn = 1.0f, dmx = 1.0f;
#pragma reduce(max: dmx) reduce(min: dmn)
    for (long i = 0; i < n; i++) {
        if (down[i] > dmx)
            dmx = down[i];
        else if (down[i] < dmn)
            dmn = down[i];
    }
    printf("falling: %.9g %.9g\n", dmn, dmx);

    long long imn = 0, imx = 10;
#pragma reduce(min: imn) reduce(max: imx)
    for (long i = 0; i < n; i++) {
        long long v = (long long)((i * 2654435761u) % 100003) - 50000;
        if (v <= imn)
            imn = v;
        else if (v >= imx)
            imx = v;
    }
    printf("ints: %lld %lld\n", imn, imx);

    /* private scratch, many iterations per thread */
    float w[4], t;
    double acc = 0.0;
#pragma reduce(+: acc) private(w, t)
    for (long i = 0; i < n; i++) {
        t = (float)(i % 1024) * 0.25f; /* every value below is exact */
        for (int k = 0; k < 4; k++)
            w[k] = t * (float)(k + 1);
        acc += (double)w[3] - (double)w[0] + (double)w[i % 4];
    }
    printf("private: %.3f\n", acc);
    free(up);
    free(down);
    return 0;
}
