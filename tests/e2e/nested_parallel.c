/* A parallel loop inside a parallel loop: each outer iteration's thread,
 * warp or block shares the inner one. C89-style variables declared at the
 * top, an inner loop counting down, statements after the inner loop that
 * read what its other iterations wrote (the group waits for them), an
 * inner trip count that varies with the outer loop's variable, and float
 * rows of a flat-indexed 3-D array. */
#include <stdio.h>
#include <stdlib.h>

#define W 96

static void scale_rows(double (*m)[W], int rows, int cols)
{
    int i, j;
#pragma reduce parallel
    for (i = 0; i < rows; i++) {
        double f = 1.0 / (1.0 + m[i][0] * m[i][0]);
#pragma reduce parallel
        for (j = cols - 1; j >= 0; j--)
            m[i][j] = m[i][j] * f + (double)j;
        m[i][0] = m[i][0] + m[i][cols > 1 ? cols - 1 : 0] * 0.5; /* reads another lane's element */
    }
}

/* lower-triangular rows: the inner trip count is the row's index */
static void triangle(float (*t)[W], int rows)
{
#pragma reduce parallel
    for (int i = 0; i < rows; i++) {
#pragma reduce parallel
        for (int j = 0; j < (i < W ? i + 1 : W); j++)
            t[i][j] = (float)(i - j) * 0.25f + t[i][j];
    }
}

/* planes of a 3-D array: a row of plane 0 from planes 1 and 2 */
static void planes(int (*p)[8][W], int cols)
{
#pragma reduce parallel
    for (int r = 0; r < 8; r++) {
        int bias = r * 3;
#pragma reduce parallel
        for (int c = 0; c < cols; c++)
            p[0][r][c] = p[1][r][c] - p[2][7 - r][c] + bias;
    }
}

int main(int argc, char **argv)
{
    long size = argc > 1 ? atol(argv[1]) : 100;
    int rows = (int)(size % 300), cols = (int)(size % (W + 1));
    double (*m)[W] = malloc(sizeof(double[W]) * (size_t)(rows + 1));
    float (*t)[W] = malloc(sizeof(float[W]) * (size_t)(rows + 1));
    int (*p)[8][W] = malloc(sizeof(int[8][W]) * 3);
    if (!m || !t || !p)
        return 1;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < W; j++) {
            m[i][j] = (double)((i * 13 + j * 7) % 17) / 8.0;
            t[i][j] = (float)((i + j) % 5);
        }
    for (int q = 0; q < 3; q++)
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < W; c++)
                p[q][r][c] = (q + 1) * (r * W + c) % 23;
    scale_rows(m, rows, cols);
    triangle(t, rows);
    planes(p, cols);
    double sm = 0, st = 0;
    long sp = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < W; j++) {
            sm += m[i][j] * (double)(j % 3 + 1);
            st += (double)t[i][j] * (double)(i % 4 + 1);
        }
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < W; c++)
            sp += p[0][r][c] * (c + 1);
    printf("rows %d cols %d: m %.9g, t %.6f, planes %ld\n", rows, cols, sm, st, sp);
    free(m);
    free(t);
    free(p);
    return 0;
}
