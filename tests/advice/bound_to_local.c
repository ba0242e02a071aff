/* advice: copy it into a local before the loop */
int dims[3] = {4, 5, 6};
double m[6][5][4];
void fill(void)
{
    int i, j, k;
#pragma reduce parallel
    for (i = 0; i < dims[0]; i++)
        for (j = 0; j < dims[1]; j++)
            for (k = 0; k < dims[2]; k++)
                m[k][j][i] = i + j + k;
}
