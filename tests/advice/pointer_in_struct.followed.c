/* followed: accepted */
struct vec { double *x; int n; };
double total(const struct vec *v)
{
    double s = 0;
    double *x = v->x;
    int n = v->n;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}
