/* advice: copy it to a variable before the loop */
struct vec { double *x; int n; };
double total(const struct vec *v)
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < v->n; i++)
        s += v->x[i];
    return s;
}
