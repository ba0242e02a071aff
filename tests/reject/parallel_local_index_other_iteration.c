/* expect-error-at: 5:16: 12:21: 'out[c]' is written here */
void f(float *out, int nx, int ny, int nz)
{
    int z;
#pragma reduce parallel
    for (z = 0; z < nz; z++) {
        int c = 0;
        int y, x;
        for (y = 0; y < ny; y++)
            for (x = 0; x < nx; x++) {
                if (x > 0)
                    out[c] = 1;
                c = x + y * nx + z * nx * ny;
            }
    }
}
