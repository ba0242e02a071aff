/* expect-error-at: 22:14: s[i].v; 32:18: b.poles[i]; 39:25: in(b->poles...); 49:25: in(r.v...) not read */
/* Pointers held in structs that are not one pointer for the whole loop,
 * or not a pointer to the data: a pointer in an array element (a table of
 * pointers, which pragreduce does not copy), a pointer to pointers held
 * in a struct (RSBench's data.poles[i][j]: a table, named as one only
 * through a variable), and in() naming such a member. */
typedef struct {
    double *v;
    long n;
} Row;

typedef struct {
    double **poles;
    long n;
} Big;

double element_pointers(const Row *s, long n)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += s[i].v[0];
    return t;
}

double table_member(Big b, long m)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (long i = 0; i < b.n; i++)
        for (long j = 0; j < m; j++)
            t += b.poles[i][j];
    return t;
}

double table_member_in(Big *b, long m)
{
    double t = 0.0;
#pragma reduce(+: t) in(b->poles[0:b->n][0:m])
    for (long i = 0; i < b->n; i++)
        for (long j = 0; j < m; j++)
            t += b->poles[i][j];
    return t;
}

double not_read(Row r, const double *x, long n)
{
    double t = 0.0;
#pragma reduce(+: t) in(r.v[0:n])
    for (long i = 0; i < n; i++)
        t += x[i];
    return t + r.n;
}
