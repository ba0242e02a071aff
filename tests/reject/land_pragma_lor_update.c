/* expect-error-at: 7:9: update does not match the '&&' operator */
int all_positive(const double *a, int n)
{
    int ok = 1;
#pragma reduce(&&: ok)
    for (int i = 0; i < n; i++)
        ok = ok || a[i] > 0.0;
    return ok;
}
