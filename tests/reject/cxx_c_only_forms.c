/* expect-error-at: 13:12: function pointer without parameters; 14:18: promoted argument mismatch; 19:20: complex declaration; 20:17: complex use; 26:9: goto past an array initializer; 27:15: past a const; 28:9: past one of several declarators; 28:16: the other */
#include <complex.h>
#include <math.h>

double halve();


/* C++ reads `()` as no parameters: calls with arguments have no C++ form
 * pragreduce can be sure of */
double apply(double v)
{
    double (*op)() = sqrt;
    return op(v) +
           halve(3); /* an int where the definition takes a double */
}

double mag(double re, double im)
{
    double complex z = re + im * I;
    return cabs(z) + creal(z * 2.0);
}

int first(int n)
{
    if (n) goto skip;
    int a[2] = {1, 2};
    const int c = 3;
    int u = 1, v = 2;
skip:
    return n;
}

double halve(double x) { return x / 2; }
