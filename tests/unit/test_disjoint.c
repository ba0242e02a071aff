/* disjoint.c: parallel loops over arrays of arrays that read rows (or
 * columns) no iteration writes; a parallel loop shared inside another;
 * the cost model's steps through every subscript (cost.c). */
#include "unit.h"

#include <stdio.h>
#include <string.h>

/* A parallel loop over `i` from LO (a `for` header's first part), BODY
 * inside, in a function with rows of M doubles and a few scalars. */
static char *program(const char *header, const char *body)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "#define M 32\n"
             "void f(double (*a)[M], double *flat, int n, int k, int p, unsigned un, unsigned uk,\n"
             "       int (*t)[4][M], double **rows) {\n"
             "#pragma reduce parallel\n"
             "    for (%s) { %s }\n"
             "}\n",
             header, body);
    return buf;
}

typedef struct {
    const char *header, *body;
} Case;

static const Case apart[] = {
    /* the pivot row, under rows from k + 1 (LU's update) */
    {"int i = k + 1; i < n; i++", "for (int j = k + 1; j < M; j++) a[i][j] -= a[i][k] * a[k][j];"},
    {"int i = k + 1; i < n; i++", "a[i][k] /= a[k][k];"},
    /* rows above the pivot, counting down */
    {"int i = k - 1; i >= 0; i--", "for (int j = 0; j < M; j++) a[i][j] -= a[k][j];"},
    {"int i = 0; i < k; i++", "a[i][0] = a[k][0] + a[k + 3][1];"},
    /* the moving subscript under other rows (a row swap) */
    {"int j = 0; j < M; j++", "double s = a[k][j]; a[k][j] = a[p][j]; a[p][j] = s;"},
    /* a column written under rows an inner loop walks */
    {"int c = 0; c < n; c++", "for (int r = 0; r < 4; r++) t[0][r][c] = t[1][r][c] + t[2][3 - r][c];"},
    /* another plane, at any row */
    {"int r = 0; r < 4; r++", "for (int c = 0; c < M; c++) t[0][r][c] = t[1][r][c] - t[2][3 - r][c];"},
    /* ludcmp's row: columns k < i read, columns j >= i written */
    {"int j = k; j < M; j++", "double w = a[k][j]; for (int q = 0; q < k; q++) w -= a[k][q] * a[q][j]; a[k][j] = w;"},
    /* blocks of a constant stride: x, y, z of point i */
    {"int i = 0; i < n; i++", "flat[3 * i] = 1; flat[3 * i + 1] = 2; flat[3 * i + 2] = flat[3 * i];"},
    {"int i = 0; i < n; i++", "flat[-2 * i + 2 * n] = 0; flat[-2 * i + 2 * n + 1] = 1;"},
    /* rows of a flat array: a width known at run time, or a constant */
    {"int i = 0; i < n; i++", "for (int j = 0; j < p; j++) flat[i * p + j] = flat[i * p + j] * 2;"},
    {"int i = 0; i < n; i++", "for (int j = 0; j < M; j++) flat[M * i + j] = 0; flat[i * M] = 1;"},
    {"int i = 0; i < n; i++", "for (int j = 1; j < p; j++) flat[i * p + j - 1] = 0;"},
};

static const Case overlapping[] = {
    /* a row every iteration writes */
    {"int i = k + 1; i < n; i++", "for (int j = 0; j < M; j++) a[k][j] = a[i][j];"},
    /* the next iteration's row */
    {"int i = 0; i < n - 1; i++", "for (int j = 0; j < M; j++) a[i][j] += a[i + 1][j];"},
    /* row k + 1 is among those written */
    {"int i = k + 1; i < n; i++", "for (int j = 0; j < M; j++) a[i][j] -= a[k + 1][j];"},
    /* unsigned: k + 1 may wrap */
    {"unsigned i = uk + 1; i < un; i++", "for (int j = 0; j < M; j++) a[i][j] -= a[uk][j];"},
    /* a flat array: rows cannot be told apart */
    {"int i = k + 1; i < n; i++", "for (int j = 0; j < M; j++) flat[i * M + j] -= flat[k * M + j];"},
    /* another column under another row */
    {"int j = 0; j < M - 1; j++", "double s = a[k][j]; a[k][j] = a[p][j + 1]; a[p][j + 1] = s;"},
    /* the same plane, another iteration's row */
    {"int r = 0; r < 4; r++", "for (int c = 0; c < M; c++) t[0][r][c] = t[0][3 - r][c];"},
    /* the address of the pivot row's element */
    {"int i = k + 1; i < n; i++", "a[i][0] = *&a[k][0];"},
    /* a table of pointers: rows may overlap */
    {"int i = k + 1; i < n; i++", "for (int j = 0; j < M; j++) rows[i][j] -= rows[k][j];"},
    /* k < i is not all the reads: q reaches j */
    {"int j = k; j < M; j++", "double w = a[k][j]; for (int q = 0; q <= k + 1; q++) w -= a[k][q]; a[k][j] = w;"},
    /* offsets a whole stride apart: the next point's x */
    {"int i = 0; i < n; i++", "flat[3 * i] = 1; flat[3 * i + 3] = 2;"},
    /* two strides */
    {"int i = 0; i < n; i++", "flat[2 * i] = 0; flat[3 * i] = 1;"},
    /* one past the row, the next row, a bound that is not the width */
    {"int i = 0; i < n; i++", "for (int j = 0; j <= p; j++) flat[i * p + j] = 0;"},
    {"int i = 0; i < n; i++", "for (int j = 0; j < p; j++) flat[i * p + j] = flat[i * p + j + p];"},
    {"int i = 0; i < n; i++", "for (int j = 0; j < k; j++) flat[i * p + j] = 0;"},
    /* a width that may be 0 makes every iteration's row the same */
    {"int i = 0; i < n; i++", "flat[i * p] = 0;"},
    /* j changed in the body */
    {"int i = 0; i < n; i++", "for (int j = 0; j < p; j++) { flat[i * p + j] = 0; j += 0 * flat[0]; }"},
};

/* Written arrays the kernel overwrites (no copy to the GPU first), and
 * written arrays it does not: the `y` parameter of a parallel loop. */
static const char *overwritten[] = {
    "y[i] = 2 * x[i];",
    "y[3 * i + 1] = 1; y[3 * i] = 0; y[3 * i + 2] = x[i];",
    "for (int j = 0; j < w; j++) y[i * w + j] = x[i];",
    "{ double t = x[i]; y[i] = t; }",
};
static const char *not_overwritten[] = {
    "y[i] += x[i];",
    "if (x[i] > 0) y[i] = x[i];",
    "y[i] = x[i] > 0 ? 1 : y[i];",
    "y[3 * i] = 0; y[3 * i + 1] = 1;",
    "y[2 * i] = x[i];",
    "for (int k = 0; k < w; k++) y[i] = k;",
    "for (int j = 1; j < w; j++) y[i * w + j] = x[i];",
    "y[i] = x[i]; y[i] = y[i] * 2;",
    "for (int j = 0; j < w; j++) { if (x[j] > 0) continue; y[i * w + j] = 0; }",
};

static const Capture *capture_named(const Site *site, const char *name)
{
    for (int i = 0; i < site->ncaptures; i++)
        if (!strcmp(site->captures[i].var->name, name))
            return &site->captures[i];
    return NULL;
}

static const Capture *analyzed_y(const char *body)
{
    static char buf[1024];
    snprintf(buf, sizeof buf,
             "void f(double *y, const double *x, long n, int w) {\n"
             "#pragma reduce parallel\n"
             "    for (long i = 0; i < n; i++) { %s }\n"
             "}\n",
             body);
    int n;
    bool ok;
    Site *sites = analyze_snippet(buf, &n, &ok);
    ck_assert_msg(ok && n >= 1, "rejected: %s", body);
    /* the parallel loop's own (a nest's innermost loop has a site too) */
    const Site *outer = NULL;
    for (int k = 0; k < n; k++)
        if (sites[k].loop && capture_named(&sites[k], "y") && (!outer || sites[k].loop->start < outer->loop->start))
            outer = &sites[k];
    if (outer)
        return capture_named(outer, "y");
    ck_abort_msg("no capture of y: %s", body);
    return NULL;
}

START_TEST(overwrites)
{
    const Capture *y = analyzed_y(overwritten[_i]);
    ck_assert_msg(y->overwrite_when, "not overwritten: %s", overwritten[_i]);
}
END_TEST

START_TEST(does_not_overwrite)
{
    const Capture *y = analyzed_y(not_overwritten[_i]);
    ck_assert_msg(!y->overwrite_when, "overwritten (%s): %s", y->overwrite_when, not_overwritten[_i]);
}
END_TEST

START_TEST(rows_apart)
{
    int n;
    bool ok;
    analyze_snippet(program(apart[_i].header, apart[_i].body), &n, &ok);
    ck_assert_msg(ok, "rejected: for (%s) %s", apart[_i].header, apart[_i].body);
}
END_TEST

START_TEST(rows_overlapping)
{
    int n;
    bool ok;
    analyze_snippet(program(overlapping[_i].header, overlapping[_i].body), &n, &ok);
    ck_assert_msg(!ok, "accepted: for (%s) %s", overlapping[_i].header, overlapping[_i].body);
}
END_TEST

/* The segmented site of the outer parallel loop (the one with a marked
 * or parallel loop inside), or NULL. */
static const Site *outer_site(Site *sites, int n)
{
    for (int k = 0; k < n; k++)
        if (sites[k].segment && sites[k].loop && sites[k].segment->nmarked)
            return &sites[k];
    return NULL;
}

START_TEST(nested_parallel_shared)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(program("int i = k + 1; i < n; i++",
                                          "double l = a[i][k] / a[k][k]; a[i][k] = l;\n"
                                          "#pragma reduce parallel\n"
                                          "for (int j = k + 1; j < M; j++) a[i][j] -= l * a[k][j];"),
                                  &n, &ok);
    ck_assert(ok);
    const Site *t = outer_site(sites, n);
    ck_assert(t != NULL);
    ck_assert_int_eq(t->segment->nmarked, 1);
    ck_assert(t->segment->marked[0]->segment != NULL); /* the inner parallel loop's site */
    ck_assert(t->segment->cooperative);
    /* a[i][k] = l is the segment's element: one thread of the group writes it */
    ck_assert_int_eq(t->segment->nguarded, 1);
    ck_assert(t->segment->marked[0]->segmented_by == t);
}
END_TEST

static const char *not_shareable[] = {
    /* it accumulates */
    "long c = 0;\n#pragma reduce parallel reduce(+: c)\nfor (int j = 0; j < M; j++) c += a[i][j] > 0; a[i][0] = c;",
    /* it leaves a scalar for after it */
    "double last = 0;\n#pragma reduce parallel\nfor (int j = 0; j < M; j++) { last = a[i][j]; a[i][j] = 2 * last; } a[i][0] = last;",
};

START_TEST(nested_parallel_refused)
{
    int n;
    bool ok;
    analyze_snippet(program("int i = 0; i < n; i++", not_shareable[_i]), &n, &ok);
    ck_assert_msg(!ok, "accepted: %s", not_shareable[_i]);
}
END_TEST

/* cost.c: an element of an array of arrays steps by every subscript. */
START_TEST(cost_of_rows)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet("#define M 512\n"
                                  "double f(double (*a)[M], int n, int k) {\n"
                                  "    double s = 0;\n"
                                  "#pragma reduce(+: s)\n"
                                  "    for (int i = k; i < n; i++) s += a[i][k] * a[k][i];\n"
                                  "    return s;\n"
                                  "}\n",
                                  &n, &ok);
    ck_assert(ok);
    CostFacts f = cost_facts(snippet_source(), &sites[0]);
    bool column = false, row = false;
    for (int q = 0; q < f.naccesses; q++) {
        const AccessFact *a = &f.accesses[q];
        ck_assert_int_eq(a->elem, 8); /* a double, not a row of 512 */
        if (strcmp(a->text, "a[i][k]") == 0) {
            column = true;
            ck_assert_int_eq(a->cls, STRIDE_LARGE);
            ck_assert_int_eq(a->stride, 512);
        }
        if (strcmp(a->text, "a[k][i]") == 0) {
            row = true;
            ck_assert_int_eq(a->cls, STRIDE_ONE);
        }
    }
    ck_assert(column && row);
    ck_assert(f.bytes_per_iter < 100);
}
END_TEST

Suite *disjoint_suite(void)
{
    Suite *s = suite_create("disjoint");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, rows_apart, 0, sizeof apart / sizeof apart[0]);
    tcase_add_loop_test(tc, rows_overlapping, 0, sizeof overlapping / sizeof overlapping[0]);
    tcase_add_test(tc, nested_parallel_shared);
    tcase_add_loop_test(tc, nested_parallel_refused, 0, sizeof not_shareable / sizeof not_shareable[0]);
    tcase_add_test(tc, cost_of_rows);
    tcase_add_loop_test(tc, overwrites, 0, (int)(sizeof overwritten / sizeof *overwritten));
    tcase_add_loop_test(tc, does_not_overwrite, 0, (int)(sizeof not_overwritten / sizeof *not_overwritten));
    suite_add_tcase(s, tc);
    return s;
}
