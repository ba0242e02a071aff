/* expect-error-at: 7:13: reduction variable read outside its update */
double capped_sum(const double *a, int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        if (s > 3.0)
            continue;
        s += a[i];
    }
    return s;
}
