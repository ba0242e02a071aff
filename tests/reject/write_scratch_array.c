/* expect-error-at: 9:13: write to an outer array read after the loop, suggesting private() */
double poly3(const double *x, int n)
{
    double s = 0.0;
    double pw[3];
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            pw[k] = k == 0 ? 1.0 : x[i] * k;
        s += pw[0] + pw[1] + pw[2];
    }
    return s + pw[2]; /* read after the loop: not private by itself */
}
