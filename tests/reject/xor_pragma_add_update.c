/* expect-error-at: 7:9: update does not match the '^' operator */
unsigned checksum(const unsigned char *buf, int n)
{
    unsigned x = 0;
#pragma reduce(^: x)
    for (int i = 0; i < n; i++)
        x += buf[i];
    return x;
}
