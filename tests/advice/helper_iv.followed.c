/* followed: advice: use an induction variable whose address is never taken (declare it in the loop) */
int it;
static int at(int i) { return i % 3; }
long count(const int *x, int n)
{
    long c = 0;
#pragma reduce(+: c)
    for (it = 0; it < n; it++)
        c += x[it] == at(it);
    return c;
}
