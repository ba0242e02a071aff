/* expect-error-at: 30:14: rows[i]; 39:14: t3[i][0]; 49:9: rows[i][1]; 61:9: r[1]; 71:27: call; 78:25: in(a[0:n][...]); 89:14: pts; 98:26: the; 98:46: first_of; 98:46: rows; 99:16: clears */
/* Tables of pointers with in(rows[first:count][first:count]): what the
 * clause must say, and what a loop may not do with a table. */
typedef struct {
    double x, y;
} Pt;

double helper(double **rows, long i);

static double not_a_table(double **p, long i)
{
    return p ? (double)i : 0.0;
}

static double first_of(double **p, long i)
{
    return p[i][0];
}

static void clears(double **p, long i)
{
    p[i][0] = 0.0;
}

double one_bracket(double **rows, long n)
{
    double t = 0.0;
#pragma reduce(+: t) in(rows[0:n])
    for (long i = 0; i < n; i++)
        t += rows[i][0];
    return t;
}

double two_of_three(double ***t3, long n, long m)
{
    double t = 0.0;
#pragma reduce(+: t) in(t3[0:n][0:m])
    for (long i = 0; i < n; i++)
        t += t3[i][0][0];
    return t;
}

double writes_row(double **rows, long n, int d)
{
    double t = 0.0;
#pragma reduce(+: t) in(rows[0:n][0:d])
    for (long i = 0; i < n; i++) {
        t += rows[i][0];
        rows[i][1] = 0.0;
    }
    return t;
}

double writes_local_row(double **rows, long n, int d)
{
    double t = 0.0;
#pragma reduce(+: t) in(rows[0:n][0:d])
    for (long i = 0; i < n; i++) {
        double *r = rows[i];
        t += r[0];
        r[1] = 0.0;
    }
    return t;
}

double passes_table(double **rows, long n, int d)
{
    double t = 0.0;
#pragma reduce(+: t) in(rows[0:n][0:d])
    for (long i = 0; i < n; i++)
        t += rows[i][0] + helper(rows, i);
    return t;
}

double flat_brackets(const double *a, long n, int d)
{
    double t = 0.0;
#pragma reduce(+: t) in(a[0:n][0:d])
    for (long i = 0; i < n; i++)
        t += a[i * d];
    return t;
}

double struct_rows(Pt **pts, long n)
{
    double t = 0.0;
#pragma reduce(+: t) in(pts[0:n][0:1])
    for (long i = 0; i < n; i++)
        t += pts[i][0].x;
    return t;
}

double helpers(double **rows, long n, int d)
{
    double t = 0.0;
#pragma reduce(+: t) in(rows[0:n][0:d])
    for (long i = 0; i < n; i++) {
        t += not_a_table(rows, i) + first_of(rows + 1, i);
        clears(rows, i);
    }
    return t;
}
