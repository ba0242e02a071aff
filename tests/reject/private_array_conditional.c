/* expect-error-at: 12:14: private array element written only under a condition */
double pairs(const double *a, int n)
{
    double s = 0.0;
    double w[2];
#pragma reduce(+: s) private(w)
    for (int i = 0; i < n; i++) {
        w[0] = a[i];
        if (a[i] > 0.0)
            w[1] = a[i + 1];
        s += w[0];
        s += w[1];
    }
    return s;
}
