/* expect-error-at: 2:28: a variable-length 2-D array parameter */
double total(int r, int c, double m[r][c])
{
    double s = 0;
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++)
            s += m[i][j];
    return s;
}
