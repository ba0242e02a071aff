/* Conditions around the segment: a mask selects the rows to reduce, others
 * get -1; an early `continue` for empty rows; locals declared inside the
 * condition; a scalar threshold read in the inner loop. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int cols = 45, rows = (int)(n / 9) + 1;
    if (rows > 9000)
        rows = 9000;
    int *a = malloc(((size_t)rows * cols + 1) * sizeof *a);
    unsigned char *mask = malloc(rows + 1);
    int *len = malloc((rows + 1) * sizeof *len);
    long *out = malloc((rows + 1) * sizeof *out), *big = malloc((rows + 1) * sizeof *big);
    if (!a || !mask || !len || !out || !big)
        return 1;
    for (long k = 0; k < (long)rows * cols; k++)
        a[k] = (int)((k * 13 + n) % 31) - 15;
    for (int r = 0; r < rows; r++) {
        mask[r] = (unsigned char)((r * 7 + n) % 5 != 0);
        len[r] = (r * 11) % (cols + 1);
        out[r] = big[r] = -99;
    }
    for (int r = 0; r < rows; r++) {
        if (mask[r]) {
            long s = 0;
#pragma reduce(+: s)
            for (int c = 0; c < cols; c++)
                s += a[(long)r * cols + c];
            out[r] = s;
        } else {
            out[r] = -1;
        }
    }
    for (int r = 0; r < rows; r++) {
        if (len[r] == 0)
            continue;
        int thr = r % 9 - 4;
        long cnt = 0;
        int m = -100;
#pragma reduce(+: cnt) reduce(max: m)
        for (int c = 0; c < len[r]; c++) {
            if (a[(long)r * cols + c] > thr)
                cnt++;
            if (a[(long)r * cols + c] > m)
                m = a[(long)r * cols + c];
        }
        if (cnt == 0)
            continue;
        big[r] = cnt * 100 + m;
    }
    long h = 0;
    for (int r = 0; r < rows; r++)
        h = (h * 31 + out[r] * 3 + big[r]) % 1000000007L;
    printf("%d rows: %ld\n", rows, h);
    free(a); free(mask); free(len); free(out); free(big);
    return 0;
}
