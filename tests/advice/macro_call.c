/* advice: call it directly */
static double sq(double v) { return v * v; }
#define SQ(v) sq(v)
double energy(const double *x, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += SQ(x[i]);
    return s;
}
