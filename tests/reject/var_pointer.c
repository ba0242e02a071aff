/* expect-error-at: 5:19: reduction variable is a pointer */
char *advance(char *buf, const int *len, int n)
{
    char *end = buf;
#pragma reduce(+: end)
    for (int i = 0; i < n; i++)
        end += len[i];
    return end;
}
