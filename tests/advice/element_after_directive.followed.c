/* followed: accepted */
#define WIDE 1
void sums(double *y, const double *a, int n)
{
#if WIDE
    y[1] = 0;
#pragma reduce(+: y[1])
    for (int i = 0; i < n; i++)
        y[1] += a[i];
#endif
}
