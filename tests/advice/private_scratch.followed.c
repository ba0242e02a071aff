/* followed: accepted */
double t;
double norms(const double *x, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        double t = x[i] * x[i];
        s += t;
    }
    return s;
}
