/* expect-error-at: 7:24: #pragma */
/* A data region keeps arrays; a table of pointers is copied by the marked
 * loop that names it in in(). */
double kept(double **rows, long n, int d)
{
    double t = 0.0;
#pragma reduce data in(rows[0:n][0:d])
    {
#pragma reduce(+: t) in(rows[0:n][0:d])
        for (long i = 0; i < n; i++)
            t += rows[i][0];
    }
    return t;
}
