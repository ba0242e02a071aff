/* expect-error-at: 5:19: reduction variable is declared inside the loop */
double row_energy(const double *a, int n)
{
    double result = 0.0;
#pragma reduce(+: e)
    for (int i = 0; i < n; i++) {
        double e = 0.0;
        e += a[i] * a[i];
        (void)e;
    }
    return result;
}
