/* expect-error-at: 7:10: floating-point induction variable */
double integrate(double (*unused)(double), double h)
{
    double s = 0.0;
    (void)unused;
#pragma reduce(+: s)
    for (double x = 0.0; x < 1.0; x += h)
        s += x * x * h;
    return s;
}
