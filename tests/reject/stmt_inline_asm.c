/* expect-error-at: 8:9: inline assembly in the marked loop */
long sum_with_barrier(const long *a, int n)
{
    long s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++) {
        s += a[i];
        __asm__("nop");
    }
    return s;
}
