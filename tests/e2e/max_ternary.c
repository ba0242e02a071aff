/* min/max written as conditional expressions, in all four shapes. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    double *d = malloc((n > 0 ? n : 1) * sizeof *d);
    if (!a || !d)
        return 1;
    for (long i = 0; i < n; i++) {
        a[i] = (int)((i * 7919) % 100003) - 50000;
        d[i] = (double)((i * 31) % 1001) * 0.5 - 200.0;
    }

    int m1 = -1000000;
#pragma reduce(max: m1)
    for (long i = 0; i < n; i++)
        m1 = a[i] > m1 ? a[i] : m1;
    printf("max (e > m ? e : m): %d\n", m1);

    int m2 = -1000000;
#pragma reduce(max: m2)
    for (long i = 0; i < n; i++)
        m2 = m2 < a[i] ? a[i] : m2;
    printf("max (m < e ? e : m): %d\n", m2);

    int m3 = 1000000;
#pragma reduce(min: m3)
    for (long i = 0; i < n; i++)
        m3 = a[i] < m3 ? a[i] : m3;
    printf("min (e < m ? e : m): %d\n", m3);

    double m4 = 1e300;
#pragma reduce(min: m4)
    for (long i = 0; i < n; i++)
        m4 = m4 > d[i] ? d[i] : m4;
    printf("min (m > e ? e : m): %g\n", m4);

    double m5 = -1e300;
#pragma reduce(max: m5)
    for (long i = 0; i < n; i++)
        m5 = (d[i] * 2.0 >= m5) ? d[i] * 2.0 : m5;
    printf("max (2e >= m ? 2e : m): %g\n", m5);

    free(a);
    free(d);
    return 0;
}
