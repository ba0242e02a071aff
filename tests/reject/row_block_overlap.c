/* expect-error-at: 5:16: one past the row; 9:16: before the row; 14:16: w may be 0; 18:16: the next row */
void f(float *g, long rows, int w)
{
    /* j reaches w: the next row's first element */
#pragma reduce parallel
    for (long i = 0; i < rows; i++)
        for (int j = 0; j <= w; j++)
            g[i * w + j] = 0;
#pragma reduce parallel
    for (long i = 0; i < rows; i++)
        for (int j = 1; j < w; j++)
            g[i * w + j - 2] = 1;
    /* with w = 0 every iteration writes g[0] */
#pragma reduce parallel
    for (long i = 0; i < rows; i++)
        g[i * w] = 2;
    /* reads the next row */
#pragma reduce parallel
    for (long i = 0; i < rows - 1; i++)
        for (int j = 0; j < w; j++)
            g[i * w + j] = g[i * w + j + w];
}
