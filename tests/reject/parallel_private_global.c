/* expect-error-at: 6:16: private(g) of a parallel loop takes local scalars and structs */
float g;
void f(float *b, int n)
{
    int i;
#pragma reduce parallel private(g)
    for (i = 0; i < n; i++) {
        g = i;
        b[i] = g;
    }
}
