/* expect-error-at: 7:9: update does not match the 'min' operator */
float lowest(const float *a, int n)
{
    float m = 1e30f;
#pragma reduce(min: m)
    for (int i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    return m;
}
