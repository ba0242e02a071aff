/* expect-error-at: 7:30: the inner bound depends on r */ /* collapse(2) over a triangular nest: the inner bound depends on r */
long f(const int *a, int rows)
{
    long s = 0;
#pragma reduce(+: s) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c <= r; c++)
            s += a[r * rows + c];
    return s;
}
