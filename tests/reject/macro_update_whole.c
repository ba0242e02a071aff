/* expect-error-at: 11:19: is given to the macro 'cadd', whose expansion uses 'chk' other than as an accumulator */
typedef struct {
    double real, imag;
} dcomplex;
#define cadd(c, a, b) (c.real = a.real + b.real, c.imag = a.imag + b.imag)

double f(const dcomplex *x, int n)
{
    dcomplex chk = {0, 0};
    int i;
#pragma reduce(+: chk.real)
    for (i = 0; i < n; i++)
        cadd(chk, chk, x[i]);
    return chk.real + chk.imag;
}
