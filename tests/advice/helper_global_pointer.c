/* advice: add 'in(table[FIRST:COUNT])' to the pragma */
double *table;
int ntable;
static double lookup(int k) { return table[k % ntable]; }
double sum(int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += lookup(i);
    return s;
}
