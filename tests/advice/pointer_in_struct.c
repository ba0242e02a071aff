/* advice: copy it to a variable before the loop */
struct vec { double *x; int n; };
#define AT(v, i) ((v)->x[i])
double total(const struct vec *v)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < v->n; i++)
        s += AT(v, i);
    return s;
}
