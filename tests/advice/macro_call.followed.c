/* followed: accepted */
static double sq(double v) { return v * v; }
double energy(const double *x, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += sq(x[i]);
    return s;
}
