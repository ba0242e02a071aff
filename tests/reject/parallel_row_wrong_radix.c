/* expect-error-at: 5:16: 9:17: 't[z * nx * ny + y * ny + x]' is written here */
void f(float *t, int nx, int ny, int nz)
{
    int x, y, z;
#pragma reduce parallel
    for (z = 0; z < nz; z++)
        for (y = 0; y < ny; y++)
            for (x = 0; x < nx; x++)
                t[z * nx * ny + y * ny + x] = 1;
}
