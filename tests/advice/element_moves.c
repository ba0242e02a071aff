/* advice: mark the loop inside, or reduce into a local variable */
void rowsums(double *y, const double *a, int n)
{
    for (int j = 0; j < n; j++)
        y[j] = 0;
#pragma reduce(+: y[j])
    for (int j = 0; j < n; j++)
        y[j] += a[j];
}
