/* followed: accepted */
int it;
static int at(int i) { return i % 3; }
long count(const int *x, int n)
{
    long c = 0;
#pragma reduce(+: c)
    for (int i = 0; i < n; i++)
        c += x[i] == at(i);
    return c;
}
