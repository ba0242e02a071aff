/* Subscripts and statements from function-like macros, as ported C codes
 * write them: arguments in parentheses (`BB((r+i),(c+k))`), nested macros,
 * an argument holding a comma inside parentheses, a macro that is a whole
 * statement, and a 2-D element macro on both sides of an assignment in an
 * unbraced parallel nest. Text cut from the middle of an expansion once
 * gave output nvcc rejected. */
#include <stdio.h>
#include <stdlib.h>

#define BB(_i, _j) a[_i * size + _j]
#define ROW(r) ((r) * size)
#define AT(r, c) a[ROW(r) + (c)]
#define PICK(x, y) (x)
#define ACC(s, v) s += (v)
#define IDX(g, i, j) g[(i)][(j)]
#define NN 24

static double G[NN][NN], u[NN], w[NN];

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int size = (int)(n % 60) + 4, r = 1, c = 2, i, j, k;
    double *a = malloc(sizeof(double) * (size_t)(size * size));
    if (!a)
        return 1;
    for (i = 0; i < size * size; i++)
        a[i] = (i % 9) * 0.5 - 1.0;
    double sum = 0, s2 = 0, s3 = 0, s4 = 0;
#pragma reduce(+: sum)
    for (k = 0; k < size - 3; k++)
        sum += BB((r + 1), (c + k));
#pragma reduce(+: s2)
    for (k = 0; k < size; k++)
        s2 += AT(k, (size - 1) - k) * 2.0;
#pragma reduce(+: s3)
    for (k = 0; k < size; k++)
        s3 += BB(PICK((k), (r, c)), 1);
#pragma reduce(+: s4)
    for (k = 0; k < size - 1; k++)
        ACC(s4, BB(k, (k + 1)));
    printf("%.6f %.6f %.6f %.6f\n", sum, s2, s3, s4);

    int m = (int)(n % NN) + 1;
    for (i = 0; i < NN; i++) {
        u[i] = i * 0.25;
        w[i] = 1.0 / (i + 1);
        for (j = 0; j < NN; j++)
            G[i][j] = i - j;
    }
#pragma reduce parallel
    for (i = 0; i < m; i++)
#pragma reduce parallel
        for (j = 0; j < m; j++)
            IDX(G, i, j) = IDX(G, i, j) + u[i] * w[j];
    double g = 0;
    for (i = 0; i < NN; i++)
        for (j = 0; j < NN; j++)
            g += G[i][j] * (i + 2 * j);
    printf("%.6f\n", g);
    free(a);
    return 0;
}
