/* advice: declare a variable of its own for it inside the loop body */
double t;
double norms(const double *x, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        t = x[i] * x[i];
        s += t;
    }
    return s;
}
