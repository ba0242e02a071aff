/* advice: add 'in(x[FIRST:COUNT])' to the pragma */
double gather(const double *x, const int *idx, int n)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += *(x + idx[i]);
    return s;
}
