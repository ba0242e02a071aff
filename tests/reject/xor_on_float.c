/* expect-error-at: 5:19: bitwise operator '^' on a float */
float hash(const float *a, int n)
{
    float h = 0.0f;
#pragma reduce(^: h)
    for (int i = 0; i < n; i++)
        h = h + a[i] * 31.0f;
    return h;
}
