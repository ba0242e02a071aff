/* followed: accepted */
double scale = 2.0;
static double scaled(double x) { return x * scale; }
double total(const double *x, int n)
{
    double factor = 3.0, s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += scaled(x[i]) * factor;
    return s;
}
