/* LU with partial pivoting split over files: factor.c and solve.c are
 * transpiled (rows of a fixed-width matrix read apart from the rows a
 * parallel loop writes, a parallel loop inside a parallel loop), main.c
 * is plain C that builds the system and checks the answer. */
#ifndef MAT_H
#define MAT_H

#define WIDTH 100
typedef double row_t[WIDTH];

/* the matrix's used size for a run of size n: 1 .. WIDTH */
#define ORDER(n) ((n) % WIDTH + 1)

void factor(row_t *a, long m, long *piv);
void solve(row_t *a, long m, const long *piv, double *b, double *x);
double residual(row_t *orig, long m, const double *x, const double *b);

#endif
