/* Scratch space in marked loops: arrays declared in the body (each
 * iteration's own), and private(...) for scalars and fixed-size arrays
 * declared before the loop that every iteration writes before reading. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define DIM 3

struct pt {
    double x, y;
};

static double dot3(const double *u, const double *w)
{
    return u[0] * w[0] + u[1] * w[1] + u[2] * w[2];
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((size_t)(n + DIM) * sizeof *a);
    struct pt *p = malloc((size_t)(n > 0 ? n : 1) * sizeof *p);
    if (!a || !p)
        return 1;
    for (long i = 0; i < n + DIM; i++)
        a[i] = (double)((i * 7) % 13) - 6.0;
    for (long i = 0; i < n; i++) {
        p[i].x = (double)(i % 17) * 0.5;
        p[i].y = (double)(i % 5) - 2.0;
    }

    /* arrays declared in the body, with initializers, and 2-D */
    double s1 = 0.0;
    long det = 0;
#pragma reduce(+: s1, det)
    for (long i = 0; i < n; i++) {
        double w[3] = {0};
        int m[2][2];
        for (int k = 0; k < 3; k++)
            w[k] += a[i + k] * (k + 1);
        m[0][0] = (int)a[i];
        m[0][1] = (int)(i % 3);
        m[1][0] = 2;
        m[1][1] = (int)a[i + 1];
        s1 += w[0] + w[1] + w[2];
        det += m[0][0] * m[1][1] - m[0][1] * m[1][0];
    }
    printf("body arrays: %.4f %ld\n", s1, det);

    /* private scalars: assigned first in every iteration */
    double t = 42.0, d2 = -1.0;
    double s2 = 0.0;
#pragma reduce(+: s2) private(t, d2)
    for (long i = 0; i < n; i++) {
        t = a[i] * a[i];
        if (t > 10.0)
            d2 = t - 10.0;
        else
            d2 = 0.0;
        s2 += sqrt(t) + d2;
    }
    /* private variables keep the values they had before the loop (pragreduce's
       rule, like OpenMP's private); plain C leaves the last iteration's */
#ifdef __CUDACC__
    printf("private scalars: %.4f (t = %g, d2 = %g after the loop)\n", s2, t, d2);
#else
    printf("private scalars: %.4f (t = %g, d2 = %g after the loop)\n", s2, 42.0, -1.0);
#endif

    /* a private array filled by a loop with constant bounds, then read
       through a variable subscript and passed to a function of the file */
    double buf[DIM], coef[DIM] = {0.5, -1.0, 2.0};
    double s3 = 0.0, best = -HUGE_VAL;
#pragma reduce(+: s3) reduce(max: best) private(buf) in(coef[0:DIM])
    for (long i = 0; i < n; i++) {
        for (int k = 0; k < DIM; k++)
            buf[k] = a[i + k] * coef[k];
        int j = (int)(i % DIM);
        s3 += buf[j] + dot3(buf, coef);
        if (buf[0] > best)
            best = buf[0];
    }
    printf("private array: %.4f %.6g\n", s3, best);

    /* a 2-D private array filled by nested loops; element assignments
       with constant subscripts; a struct */
    double m2[2][DIM];
    double v2[4];
    struct pt q;
    double s4 = 0.0;
    long ones = 0;
#pragma reduce(+: s4, ones) private(m2, v2, q)
    for (long i = 0; i < n; i++) {
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < DIM; c++)
                m2[r][c] = a[i + c] * (r + 1);
        v2[0] = a[i];
        v2[1] = v2[0] * 2.0;
        v2[2] = v2[0] + v2[1];
        v2[3] = (double)sizeof v2;
        q = p[i];
        q.x += v2[2];
        s4 += m2[1][2] - m2[0][1] + q.x * q.y + v2[3];
        ones += v2[2] > 0;
    }
    printf("2-D, elements, struct: %.4f %ld\n", s4, ones);

    /* skipped iterations, a value set by both branches of an if/else, a fill
       loop bounded by sizeof, reads in an inner loop */
    double sq[4], f;
    double s5 = 0.0;
#pragma reduce(+: s5) private(sq, f)
    for (long i = 0; i < n; i++) {
        if (a[i] < -5.0)
            continue;
        for (size_t k = 0; k < sizeof sq / sizeof sq[0]; k++) {
            double v = a[i] + (double)k;
            sq[k] = v * v;
        }
        if (a[i] > 0.0)
            f = 1.0;
        else
            f = 2.0;
        for (int j = 0; j < 2; j++) {
            double u = sq[j] * f;
            s5 += u;
        }
        s5 += sq[3];
    }
    printf("continue, if/else, sizeof: %.4f\n", s5);

    free(a);
    free(p);
    return 0;
}
