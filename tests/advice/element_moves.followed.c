/* followed: accepted */
/* Reduced into a local variable: the loop writes its own element y[j]
 * (a fused output) and sums them. */
void rowsums(double *y, const double *a, int n)
{
    double s = 0;
    for (int j = 0; j < n; j++)
        y[j] = 0;
#pragma reduce(+: s)
    for (int j = 0; j < n; j++) {
        y[j] += a[j];
        s += y[j];
    }
}
