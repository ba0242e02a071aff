/* expect-error-at: 8:10: value of an enum compound assignment used; 10:13: in a for condition */
enum level { LOW, MID, HIGH };

int f(int n)
{
    enum level l = LOW;
    int k;
    k = (l += 1);
    int m = 0;
    for (; (l |= 1) != HIGH && m < n; m++)
        ;
    return k + m;
}
