/* expect-error-at: 22:19: h->pts[0:8]; 29:21: a; 36:19: reduction; 15:19: C[i][0:8]; 45:19: column */
/* Sections of rows and members: the row must stay the same for the whole
 * loop and hold numbers; min and max do not reduce sections. */
struct P {
    double x, y;
};
struct H {
    struct P pts[8];
    int bins[8];
};

void c89(double C[4][8], const double *x, int n)
{
    int i;
#pragma reduce(+: C[i][0:8])
    for (i = 0; i < n; i++)
        C[i][i % 8] += x[i];
}

void structs(struct H *h, const int *x, int n)
{
#pragma reduce(+: h->pts[0:8])
    for (int i = 0; i < n; i++)
        h->pts[x[i] & 7].x += 1.0;
}

void maxima(struct H *h, const int *x, int n)
{
#pragma reduce(max: h->bins[0:8])
    for (int i = 0; i < n; i++)
        h->bins[x[i] & 7] = h->bins[x[i] & 7] > x[i] ? h->bins[x[i] & 7] : x[i];
}

void local_index(double C[4][8], const double *x, int n)
{
#pragma reduce(+: C[n % 4][0:8])
    for (int i = 0; i < n; i++) {
        int r = i % 4;
        C[r][i % 8] += x[i];
    }
}

void column(double C[4][8], const int *x, int n)
{
#pragma reduce(+: C[0:4][2])
    for (int i = 0; i < n; i++)
        C[x[i] & 3][2] += 1;
}
