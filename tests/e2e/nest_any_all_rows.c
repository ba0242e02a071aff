/* Per-row predicates with && and ||: every entry positive, any entry zero,
 * and a per-row "sorted" test comparing neighbours; unsigned char data. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int cols = (int)(n % 40) + 1, rows = (int)(n / 3) + 1;
    if (rows > 20000)
        rows = 20000;
    unsigned char *m = malloc((size_t)rows * cols + 1);
    char *allpos = malloc(rows + 1), *anyzero = malloc(rows + 1), *sorted = malloc(rows + 1);
    if (!m || !allpos || !anyzero || !sorted)
        return 1;
    for (long k = 0; k < (long)rows * cols; k++)
        m[k] = (unsigned char)((k * 97 + n) % 251 < 3 ? 0 : (k % cols) * 2 + (k / cols) % 3);
    for (int r = 0; r < rows; r++) {
        int ok = 1, z = 0;
#pragma reduce(&&: ok) reduce(||: z)
        for (int c = 0; c < cols; c++) {
            ok = ok && m[(long)r * cols + c] > 0;
            z = z || m[(long)r * cols + c] == 0;
        }
        allpos[r] = (char)ok;
        anyzero[r] = (char)z;
        if (!z) {
            int s = 1;
#pragma reduce(&&: s)
            for (int c = 1; c < cols; c++)
                s = s && m[(long)r * cols + c - 1] <= m[(long)r * cols + c];
            sorted[r] = (char)s;
        } else
            sorted[r] = 2;
    }
    long a = 0, z = 0, s = 0;
    for (int r = 0; r < rows; r++) {
        a += allpos[r] * (r % 5 + 1);
        z += anyzero[r] * (r % 3 + 1);
        s += sorted[r] * (r % 7 + 1);
    }
    printf("%d x %d: %ld %ld %ld\n", rows, cols, a, z, s);
    free(m); free(allpos); free(anyzero); free(sorted);
    return 0;
}
