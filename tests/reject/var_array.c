/* expect-error-at: 5:19: reduction variable is an array */
void partial_sums(const double *a, int n, double out[4])
{
    double acc[4] = {0, 0, 0, 0};
#pragma reduce(+: acc)
    for (int i = 0; i < n; i++)
        acc[i % 4] += a[i];
    for (int k = 0; k < 4; k++)
        out[k] = acc[k];
}
