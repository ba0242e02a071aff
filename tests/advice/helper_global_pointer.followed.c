/* followed: accepted */
double *table;
int ntable;
static double lookup(int k) { return table[k % ntable]; }
double sum(int n)
{
    double s = 0.0;
#pragma reduce(+: s) in(table[0:ntable])
    for (int i = 0; i < n; i++)
        s += lookup(i);
    return s;
}
