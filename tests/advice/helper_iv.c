/* advice: pass it as an argument */
int it;
static int at(void) { return it % 3; }
long count(const int *x, int n)
{
    long c = 0;
#pragma reduce(+: c)
    for (it = 0; it < n; it++)
        c += x[it] == at();
    return c;
}
