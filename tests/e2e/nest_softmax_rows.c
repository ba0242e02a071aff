/* Softmax / log-sum-exp per row in base 2 with integer logits: the row
 * maximum, then the sum of 2^(v - max) (exact powers of two via ldexp), two
 * marked loops in one outer iteration; probabilities written by a plain
 * loop into a fixed-width 2-D array. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define C 24

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int rows = (int)(n / C) + (n > 0);
    if (rows > 5000)
        rows = 5000;
    int (*logit)[C] = malloc(((size_t)rows + 1) * sizeof *logit);
    double (*prob)[C] = malloc(((size_t)rows + 1) * sizeof *prob);
    double *lse = malloc((rows + 1) * sizeof *lse);
    int *top = malloc((rows + 1) * sizeof *top);
    if (!logit || !prob || !lse || !top)
        return 1;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < C; c++)
            logit[r][c] = (int)((r * 31 + c * 17 + n) % 29) - 14;
    for (int r = 0; r < rows; r++) {
        int mx = -1000;
#pragma reduce(max: mx)
        for (int c = 0; c < C; c++)
            mx = logit[r][c] > mx ? logit[r][c] : mx;
        double s = 0.0;
#pragma reduce(+: s)
        for (int c = 0; c < C; c++)
            s += ldexp(1.0, logit[r][c] - mx);
        lse[r] = mx + log2(s);
        for (int c = 0; c < C; c++)
            prob[r][c] = ldexp(1.0, logit[r][c] - mx) / s;
        top[r] = mx;
    }
    double h = 0;
    long t = 0;
    for (int r = 0; r < rows; r++) {
        h += lse[r];
        t += top[r] * (r % 3 + 1);
        for (int c = 0; c < C; c++)
            if (prob[r][c] >= 0.25)
                t++;
    }
    printf("%d rows: lse %.6g top %ld\n", rows, h, t);
    free(logit); free(prob); free(lse); free(top);
    return 0;
}
