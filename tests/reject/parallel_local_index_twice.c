/* expect-error-at: 5:16: 13:17: 'out[c]' is written here */
void f(float *out, int nx, int ny, int nz)
{
    int z;
#pragma reduce parallel
    for (z = 0; z < nz; z++) {
        int y, x;
        for (y = 0; y < ny; y++)
            for (x = 0; x < nx; x++) {
                int c;
                c = x + y * nx + z * nx * ny;
                c += 1;
                out[c] = 1;
            }
    }
}
