/* advice: move that line */
#define WIDE 1
void sums(double *y, const double *a, int n)
{
    y[1] = 0;
#if WIDE
#pragma reduce(+: y[1])
    for (int i = 0; i < n; i++)
        y[1] += a[i];
#endif
}
