/* expect-error-at: 9:13: the collapsed variable c is written */ /* the collapsed inner variable is written in the body */
long f(const int *a, int rows, int cols)
{
    long s = 0;
#pragma reduce(+: s) collapse(2)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            s += a[r * cols + c];
            c++;
        }
    return s;
}
