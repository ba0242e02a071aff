/* expect-error-at: 5:16: 10:9: 'b[c]' is written here */
void f(float *b, const float *a, int n)
{
    int i, c;
#pragma reduce parallel
    for (i = 0; i < n; i++) {
        c = i;
        if (a[i] > 0)
            c = 0;
        b[c] = a[i];
    }
}
