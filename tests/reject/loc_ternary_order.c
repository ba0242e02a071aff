/* expect-error-at: 9:9: value updated before its index; 15:15: keep arm first */
long f(const int *v, long n)
{
    int hi = -1000000;
    long at = -1;
#pragma reduce(maxloc: hi, at)
    for (long i = 0; i < n; i++) {
        hi = v[i] > hi ? v[i] : hi;
        at = v[i] > hi ? i : at;
    }
    int lo = 1000000;
    long lat = -1;
#pragma reduce(minloc: lo, lat)
    for (long i = 0; i < n; i++) {
        lat = v[i] >= lo ? lat : i;
        lo = v[i] >= lo ? lo : v[i];
    }
    return at + lat + hi + lo;
}
