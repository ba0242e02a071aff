/* advice: mark the loop inside, or reduce into a local variable */
void colsums(double (*h)[4], const double (*a)[4], int n)
{
#pragma reduce(+: h[i][0:4])
    for (int i = 0; i < n; i++)
        for (int c = 0; c < 4; c++)
            h[i][c] += a[i][c];
}
