/* expect-error-at: 13:9: write to a struct member through a pointer */
struct stats {
    long seen;
    double total;
};

double accumulate(const double *a, int n, struct stats *st)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        st->seen = i;
    }
    return s;
}
