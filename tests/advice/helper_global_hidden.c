/* advice: rename that variable */
double scale = 2.0;
static double scaled(double x) { return x * scale; }
double total(const double *x, int n)
{
    double scale = 3.0, s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += scaled(x[i]) * scale;
    return s;
}
