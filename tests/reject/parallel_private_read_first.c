/* expect-error-at: 6:16: 8:16: 't' may be read here before this iteration assigns it */
void f(float *b, int n)
{
    int i;
    float t = 0;
#pragma reduce parallel private(t)
    for (i = 0; i < n; i++) {
        b[i] = t;
        t = i;
    }
}
