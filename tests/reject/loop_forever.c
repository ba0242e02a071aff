/* expect-error-at: 6:5: marked loop with no initialization, condition or increment */
double poll_sum(const double *a)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (;;)
        s += a[0];
    return s;
}
