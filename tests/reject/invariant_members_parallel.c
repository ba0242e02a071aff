/* expect-error-at: 20:16: struct store; 27:16: external global */
/* Struct members in subscripts of parallel loops that the loop may
 * change: p->f where the loop stores into structs through another
 * pointer (which may point to *p: struct cell could begin with a Shape),
 * and a member of a global with external linkage, where the loop stores
 * through a pointer another file may have aimed at it. */
typedef struct {
    int w;
    int n;
} Shape;

Shape shared_shape;

struct cell {
    double x;
};

void struct_store(const Shape *p, const double *a, struct cell *c)
{
#pragma reduce parallel
    for (int i = 0; i < p->n; i++)
        c[i].x = a[p->w * 3 + i];
}

void global_shape(const double *a, double *out)
{
#pragma reduce parallel
    for (int i = 0; i < shared_shape.n; i++)
        out[i] = a[shared_shape.w + i];
}
