/* expect-error-at: 5:16: 8:13: 'c' is declared outside the loop and written here */
void f(float *t, int nx, int nz)
{
    int x, z, c = 0;
#pragma reduce parallel
    for (z = 0; z < nz; z++) {
        for (x = 0; x < nx; x++) {
            c = x + z * nx;
        }
        t[c] = 1;
    }
}
