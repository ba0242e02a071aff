/* --explain on a parallel loop's innermost loops, which pragreduce tries
 * by itself as loops a group of threads shares: one shared (each row's
 * own elements), one whose iterations carry a value (left in each
 * thread, and said so, not advice to mark it that would end in an
 * error), one under a directive of its own (not tried). */
#define N 64
double a[N][N], b[N][N];

void rows(void)
{
#pragma reduce parallel
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            b[i][j] = 2.0 * a[i][j];
#pragma reduce parallel
    for (int i = 0; i < N; i++)
        for (int j = 1; j < N; j++)
            a[i][j] = a[i][j - 1] + b[i][j];
#pragma reduce parallel
    for (int i = 0; i < N; i++)
#pragma GCC ivdep
        for (int j = 0; j < N; j++)
            b[i][j] = a[i][j] - 1.0;
}
