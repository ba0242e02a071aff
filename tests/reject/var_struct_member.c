/* expect-error-at: 9:19: struct member in the pragma (malformed) */
struct acc {
    double x, y;
};

double sum_x(const double *a, int n)
{
    struct acc p = {0.0, 0.0};
#pragma reduce(+: p.x)
    for (int i = 0; i < n; i++)
        p.x += a[i];
    return p.x + p.y;
}
