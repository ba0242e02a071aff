/* expect-error-at: 18:20: d.y read before this iteration writes it */
/* A scratch struct's member read before the iteration writes it (here
 * `d.y`, written only under a condition) could see the previous
 * iteration's value: private(d) is refused, naming the read. */
typedef struct {
    double x, y;
} v2;

double f(const v2 *a, int n)
{
    v2 d;
    double s = 0;
    d.y = 0;
#pragma reduce(+: s) private(d)
    for (int i = 0; i < n; i++) {
        d.x = a[i].x;
        if (a[i].y > 0) d.y = a[i].y;
        s += d.x * d.y;
    }
    return s;
}
