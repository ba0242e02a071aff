/* expect-error-at: 9:13: write to an outer scalar that is not a reduction variable */
int count_and_tally(const int *a, int n, int *tally)
{
    int c = 0, hits = 0;
#pragma reduce(+: c)
    for (int i = 0; i < n; i++) {
        if (a[i] == 7) {
            c++;
            hits++;
        }
    }
    *tally = hits;
    return c;
}
