/* expect-error-at: 5:16: private(buf) of a parallel loop takes local scalars and structs */
void f(float *b, int n)
{
    int i, k; float buf[4];
#pragma reduce parallel private(buf)
    for (i = 0; i < n; i++) {
        for (k = 0; k < 4; k++)
            buf[k] = i + k;
        b[i] = buf[0] + buf[3];
    }
}
