/* expect-error-at: 6:36: the outer body is not a single for loop */ /* collapse(2) over loops that are not perfectly nested */
long f(const int *a, int rows, int cols)
{
    long s = 0;
#pragma reduce(+: s) collapse(2)
    for (int r = 0; r < rows; r++) {
        s += 1;
        for (int c = 0; c < cols; c++)
            s += a[r * cols + c];
    }
    return s;
}
