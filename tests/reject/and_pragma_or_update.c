/* expect-error-at: 7:9: update does not match the '&' operator */
unsigned common_bits(const unsigned *a, int n)
{
    unsigned u = ~0u;
#pragma reduce(&: u)
    for (int i = 0; i < n; i++)
        u |= a[i];
    return u;
}
