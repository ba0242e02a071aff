/* in() extents and a reduce() section's extent from an array a parallel
 * loop wrote (newer bytes on the GPU): the host copies y[0:cnt[0]] and
 * sizes h[0:cnt[1]] for the launch; a stale 0 or garbage extent faulted
 * (segfault on the fake device, illegal address on the GPU; issue 40). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int *cnt = malloc(2 * sizeof *cnt);
    int *idx = malloc((size_t)(n + 1) * sizeof *idx);
    double *y = malloc((size_t)(n + 1) * sizeof *y);
    double h[8] = {0};
    if (!cnt || !idx || !y)
        return 1;
    cnt[0] = cnt[1] = 0;
    for (int i = 0; i < n; i++) {
        y[i] = 0.5 * (i % 9);
        idx[i] = (i * 13) % (n > 0 ? n : 1);
    }
#pragma reduce parallel
    for (int k = 0; k < 2; k++)
        cnt[k] = k == 0 ? n : 8;
    double s = 0;
#pragma reduce(+: s) in(y[0:cnt[0]])
    for (int i = 0; i < n; i++)
        s += y[idx[i]];
#pragma reduce(+: h[0:cnt[1]])
    for (int i = 0; i < n; i++)
        h[i % 8] += y[i];
    printf("%.1f %.1f %.1f\n", s, h[0], h[7]);
    return 0;
}
