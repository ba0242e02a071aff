/* expect-error-at: 6:1: pragma not followed by a for loop */
double sum_while(const double *a, int n)
{
    double s = 0.0;
    int i = 0;
#pragma reduce(+: s)
    while (i < n) {
        s += a[i];
        i++;
    }
    return s;
}
