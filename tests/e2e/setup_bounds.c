/* Launch set-up read on the host after a kernel wrote it (issue 40 item 1):
 * a marked loop's bounds read an array a parallel loop just wrote, whose
 * newer bytes stay on the GPU: an element (`i < cnt[1]`, a lower bound
 * `cnt[0]`), a dereference (`*pc` with pc into the array) and a function of
 * the file reading it (`n_of(cnt)`). Wrong (a stale 0) before the set-up's
 * reads came back first, on the fake device. */
#include <stdio.h>
#include <stdlib.h>

static int n_of(const int *c, int n) { return c[3] < n ? c[3] : n; }

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int *cnt = malloc(4 * sizeof(int));
    double *y = malloc((size_t)(n + 1) * sizeof(double));
    int i, round;
    if (!cnt || !y)
        return 1;
    for (i = 0; i < n; i++)
        y[i] = i * 0.5;
    for (i = 0; i < 4; i++)
        cnt[i] = 0;
    for (round = 1; round <= 3; round++) {
        int *pc = cnt + 2;
        double s = 0, t = 0, u = 0;
#pragma reduce parallel
        for (i = 0; i < 4; i++)
            cnt[i] = n / (i + round) - (i == 0 ? n / 8 : 0);
#pragma reduce(+: s)
        for (i = cnt[0]; i < cnt[1]; i++)
            s += y[i];
#pragma reduce parallel
        for (i = 0; i < 4; i++)
            cnt[i] = n / (i + 1 + round);
#pragma reduce(+: t)
        for (i = 0; i < *pc; i++)
            t += y[i];
#pragma reduce parallel
        for (i = 0; i < 4; i++)
            cnt[i] = n / (i + 2) + round;
#pragma reduce(+: u) in(cnt[0:4])
        for (i = 0; i < n_of(cnt, n); i++)
            u += y[i];
        printf("round %d: %.1f %.1f %.1f\n", round, s, t, u);
    }
    free(cnt);
    free(y);
    return 0;
}
