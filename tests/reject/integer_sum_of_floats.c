/* expect-error-at: 12:14: integer with floating term; 18:14: integer product; 24:17: u = u + double */
#include <stdio.h>

/* An integer accumulator updated with a floating-point value rounds toward
 * zero at every step: -1.5 then 0.5 gives 0 in order, -1 + 0 in parts. */
int main(void)
{
    double v[4] = {-1.5, 0.5, -1.5, 0.5};
    int s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < 4; i++)
        s += v[i];
    long p = 1;
    float f[4] = {1.5f, 2.5f, 1.5f, 2.5f};
    int k[4] = {1, 2, 3, 4};
#pragma reduce(*: p)
    for (int i = 0; i < 4; i++)
        p *= f[i] + k[i];
    unsigned u = 0;
#pragma reduce(+: u)
    for (int i = 0; i < 4; i++) {
        u += k[i];         /* integer terms are fine */
        u += (unsigned)v[i] / 2;
        u = u + v[i] * 2.0;
    }
    printf("%d %ld %u\n", s, p, u);
    return 0;
}
