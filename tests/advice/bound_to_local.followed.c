/* followed: accepted */
int dims[3] = {4, 5, 6};
double m[6][5][4];
void fill(void)
{
    int i, j, k;
    int n0 = dims[0], n1 = dims[1], n2 = dims[2];
#pragma reduce parallel
    for (i = 0; i < n0; i++)
        for (j = 0; j < n1; j++)
            for (k = 0; k < n2; k++)
                m[k][j][i] = i + j + k;
}
