/* expect-error-at: 11:14: element of a private array not written in this iteration */
double windows(const double *a, int n)
{
    double s = 0.0;
    double w[4];
#pragma reduce(+: s) private(w)
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            w[k] = a[i + k];
        /* w[3] was written by no iteration, or an earlier one */
        s += w[i % 4];
    }
    return s;
}
