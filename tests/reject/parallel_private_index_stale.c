/* expect-error-at: 5:16: 9:13: 't[c]' is written here */
void f(float *t, int nx, int nz)
{
    int x, z, c;
#pragma reduce parallel
    for (z = 0; z < nz; z++) {
        c = z * nx;
        for (x = 0; x < nx; x++) {
            t[c] = 1;
            c = c + 1;
        }
    }
}
