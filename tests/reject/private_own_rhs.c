/* expect-error-at: 7:13: private scalar read in its own assignment */
double decay(const double *a, int n)
{
    double s = 0.0, t = 1.0;
#pragma reduce(+: s) private(t)
    for (int i = 0; i < n; i++) {
        t = t * 0.5 + a[i];
        s += t;
    }
    return s;
}
