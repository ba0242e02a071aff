typedef struct comm_s *MPI_Comm;
extern MPI_Comm world;
double f(const double *a, int n, MPI_Comm c)
{
    double s = 0.0, m = -1.0;
    long at = -1;
    int ok = 1;
#pragma reduce(+: s) reduce(&&: ok) comm(world, ordered)
    for (int i = 0; i < n; i++) {
        s += a[i];
        if (a[i] < 0)
            ok = 0;
    }
#pragma reduce(maxloc: m, at) comm(c)
    for (long i = 0; i < n; i++)
        if (a[i] > m) {
            m = a[i];
            at = i;
        }
    return s + m + at + ok;
}
