/* segment.c: which outer loops around marked loops become one launch. */
#include "unit.h"

#include <stdio.h>
#include <string.h>

/* A function with the outer loop `outer` around a marked sum over j. */
static char *nest(const char *decls, const char *before, const char *after)
{
    static char buf[4096];
    snprintf(buf, sizeof buf,
             "double g;\n"
             "static double sq(double v) { return v * v; }\n"
             "void f(const double *A, const double *x, double *y, int *lab, int rows, int cols) {\n"
             "    %s\n"
             "    for (int i = 0; i < rows; i++) {\n"
             "        %s\n"
             "#pragma reduce(+: s)\n"
             "        for (int j = 0; j < cols; j++)\n"
             "            s += A[i * cols + j] * x[j];\n"
             "        %s\n"
             "    }\n"
             "}\n",
             decls, before, after);
    return buf;
}

/* The segmented site covering the marked loop, or NULL. */
static const Site *segment_of(const char *code)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(code, &n, &ok);
    ck_assert_msg(ok, "analysis failed:\n%s", code);
    for (int k = 0; k < n; k++)
        if (sites[k].segmented_by)
            return sites[k].segmented_by;
    return NULL;
}

static const struct {
    const char *decls, *before, *after;
    bool cooperative;
} independent[] = {
    {"", "double s = 0;", "y[i] = s;", true},
    {"double s;", "s = 0;", "y[i] = 2 * s;", true},
    {"", "double s = x[0];", "y[i] = s + 0.5 * y[i];", true},
    {"", "double s = 0;", "y[i] = sq(s); lab[i] = s > 0;", true},
    {"", "double s = 0;", "if (s > 0) y[i] = s; else y[i] = -s;", true},
    {"", "double s = 0;", "y[i] += s;", true},
    {"double s, t;", "s = 0;", "t = s * 2; y[i] = t;", true},
    {"", "double s = 0;", "double t = (y[i] = s);", false}, /* written inside an expression */
};

/* Vector loads along a shared marked loop (access_unit_stride_refs): the
 * loop `for (long j = LO; j < cols; j++) BODY` in a segment over i. */
static const struct {
    const char *lo, *before, *body;
    int vec, nrefs; /* elements per vector, accesses loaded as vectors */
} vector_cases[] = {
    {"0", "", "s += f[i * cols + j];", 4, 1},
    {"0", "", "s += f[i * cols + j] * d[j];", 2, 2},              /* the widest sets the vector */
    {"1", "", "s += f[i * cols + j - 1] + c[j + i * cols];", 4, 2}, /* 1 byte and 4 */
    {"0", "long b = i * cols + 3;", "s += f[b + j];", 4, 1},      /* a base from the outer body */
    {"0", "", "s += f[(long)i * cols + j];", 4, 1},               /* a cast of the row alone */
    {"0", "", "s += f[(long)(i * cols + j)];", 0, 0},             /* a cast of what moves: may wrap */
    {"0", "", "s += f[i * cols + 2 * j];", 0, 0},                 /* stride 2 */
    {"0", "", "s += f[i * cols + j] + f[i * cols + cols - 1 - j];", 0, 0}, /* one access runs down */
    {"0", "", "s += f[i * cols + j] + f[i * cols + j];", 4, 2},   /* two accesses, one load (emit) */
    {"0", "", "s += y[i] + f[i * cols + j];", 4, 1},               /* not y: the segment writes it */
    {"0", "", "s += g2[i * cols + j][0];", 0, 0},                 /* rows of an array of arrays */
    {"0", "", "if (c[j] > 0) s += d[i * cols + j];", 2, 2},       /* under a condition */
    {"0", "", "s += f[i * cols + (unsigned)j + 1u];", 0, 0},       /* (a cast, and unsigned arithmetic) */
    {"0", "unsigned b = (unsigned)i;", "s += f[b + (unsigned)j];", 0, 0}, /* wraps at 2^32 */
    {"0", "unsigned b = (unsigned)i;", "s += f[(long)b + j];", 4, 1}, /* the row in unsigned: steady */
};

START_TEST(test_vector_reads)
{
    char code[2048];
    snprintf(code, sizeof code,
             "void f(const float *f, const double *d, const signed char *c, const float (*g2)[2],\n"
             "       double *y, long rows, long cols) {\n"
             "    for (long i = 0; i < rows; i++) {\n"
             "        double s = 0;\n"
             "        %s\n"
             "#pragma reduce(+: s)\n"
             "        for (long j = %s; j < cols; j++)\n"
             "            %s\n"
             "        y[i] = s;\n"
             "    }\n"
             "}\n",
             vector_cases[_i].before, vector_cases[_i].lo, vector_cases[_i].body);
    const Site *t = segment_of(code);
    ck_assert_msg(t != NULL, "not segmented: %s", vector_cases[_i].body);
    ck_assert(t->segment->cooperative);
    const Node **refs;
    const Capture **caps;
    int nrefs;
    int vec = access_unit_stride_refs(snippet_source(), t, t->segment->marked[0], &refs, &caps, &nrefs);
    ck_assert_msg(vec == vector_cases[_i].vec && nrefs == vector_cases[_i].nrefs,
                  "%s: vector %d with %d accesses, expected %d with %d", vector_cases[_i].body, vec, nrefs,
                  vector_cases[_i].vec, vector_cases[_i].nrefs);
}
END_TEST

START_TEST(test_independent)
{
    const Site *t = segment_of(nest(independent[_i].decls, independent[_i].before, independent[_i].after));
    ck_assert_msg(t != NULL, "not segmented: %s | %s | %s", independent[_i].decls,
                  independent[_i].before, independent[_i].after);
    ck_assert_int_eq(t->segment->nmarked, 1);
    ck_assert_int_eq(t->segment->cooperative, independent[_i].cooperative);
}
END_TEST

static const struct {
    const char *decls, *before, *after;
} dependent[] = {
    {"double s = 0;", "", "y[i] = s;"},                /* s carried between rows */
    {"double s;", "if (i) s = 0;", "y[i] = s;"},        /* not assigned first on every path */
    {"double s;", "s = s * 0;", "y[i] = s;"},           /* reads itself first */
    {"", "double s = 0;", "y[i + 1] = s + y[i];"},     /* another row's element */
    {"", "double s = 0;", "y[i] = s; y[0] = 1;"},      /* a shared element */
    {"", "double s = 0;", "g = s;"},                   /* a global */
    {"double t = 0;", "double s = 0;", "y[i] = s; t += s;"}, /* a floating-point sum across rows */
    {"int c = 0;", "double s = 0;", "y[i] = s + c; c++;"},   /* an accumulator also read */
    {"int c = 0;", "double s = 0;", "c += 1; c *= 2;"},      /* two operators */
    {"", "double s = 0;", "y[i] = s; if (s > 100) break;"}, /* an early exit */
    {"double s; double *ps = &s;", "s = 0;", "y[i] = *ps;"}, /* its address escapes */
};

/* integers accumulated across rows: reductions of the segmented loop */
static const struct {
    const char *decls, *before, *after;
    const char *name;
    ReduceOp op;
} accumulating[] = {
    {"int big = 0;", "double s = 0;", "y[i] = s; if (s > 1) big++;", "big", OP_ADD},
    {"long d = 0;", "double s = 0;", "lab[i] = s > 0; d -= lab[i];", "d", OP_ADD},
    {"unsigned m = 1;", "double s = 0;", "m *= 1 + (s > 0);", "m", OP_MUL},
    {"int hi = 0;", "double s = 0;", "if (lab[i] > hi) hi = lab[i];", "hi", OP_MAX},
    {"int lo = 9;", "double s = 0;", "if (lab[i] < lo) lo = lab[i];", "lo", OP_MIN},
    {"unsigned h = 0;", "double s = 0;", "h = h ^ (unsigned)lab[i];", "h", OP_BXOR},
    {"int any = 0;", "double s = 0;", "any = any || s > 2;", "any", OP_LOR},
};

START_TEST(test_accumulating)
{
    const Site *t = segment_of(nest(accumulating[_i].decls, accumulating[_i].before, accumulating[_i].after));
    ck_assert_msg(t != NULL, "not segmented: %s | %s", accumulating[_i].decls, accumulating[_i].after);
    ck_assert_int_eq(t->pragma.nvars, 1);
    ck_assert_str_eq(t->pragma.vars[0].name, accumulating[_i].name);
    ck_assert_int_eq(t->pragma.vars[0].op, accumulating[_i].op);
}
END_TEST

START_TEST(test_dependent)
{
    const Site *t = segment_of(nest(dependent[_i].decls, dependent[_i].before, dependent[_i].after));
    ck_assert_msg(t == NULL, "segmented: %s | %s | %s", dependent[_i].decls, dependent[_i].before,
                  dependent[_i].after);
}
END_TEST

/* k-means: the centroid loop carries `best`, so the point loop is taken */
START_TEST(test_outermost_independent)
{
    const char *code =
        "void f(const float *p, const float *c, int *lab, int n, int k, int d) {\n"
        "    for (int q = 0; q < n; q++) {\n"
        "        float best = 1e30f; int which = 0;\n"
        "        for (int m = 0; m < k; m++) {\n"
        "            float s = 0;\n"
        "#pragma reduce(+: s)\n"
        "            for (int t = 0; t < d; t++) s += (p[q * d + t] - c[m * d + t]) * (p[q * d + t] - c[m * d + t]);\n"
        "            if (s < best) { best = s; which = m; }\n"
        "        }\n"
        "        lab[q] = which;\n"
        "    }\n"
        "}\n";
    const Site *t = segment_of(code);
    ck_assert_ptr_nonnull(t);
    ck_assert_str_eq(t->info.iv->name, "q");
}
END_TEST

/* maxloc inside: a segment per thread (ties need the iteration order) */
START_TEST(test_maxloc_solo)
{
    const char *code =
        "void f(const double *A, double *mx, int *at, int rows, int cols) {\n"
        "    for (int i = 0; i < rows; i++) {\n"
        "        double b = -1e300; int w = -1;\n"
        "#pragma reduce(maxloc: b, w)\n"
        "        for (int j = 0; j < cols; j++) if (A[i * cols + j] > b) { b = A[i * cols + j]; w = j; }\n"
        "        mx[i] = b; at[i] = w;\n"
        "    }\n"
        "}\n";
    const Site *t = segment_of(code);
    ck_assert_ptr_nonnull(t);
    ck_assert(!t->segment->cooperative);
}
END_TEST

/* C89 style: i, j and s declared up front are private to each row */
START_TEST(test_privates)
{
    const char *code =
        "void f(const double *A, double *y, int rows, int cols) {\n"
        "    int i, j; double s;\n"
        "    for (i = 0; i < rows; i++) {\n"
        "        s = 0;\n"
        "#pragma reduce(+: s)\n"
        "        for (j = 0; j < cols; j++) s += A[i * cols + j];\n"
        "        y[i] = s;\n"
        "    }\n"
        "}\n";
    const Site *t = segment_of(code);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(t->nprivates, 2);
    char *out = transpile_snippet(code);
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "group_allreduce<pragreduce::op_add, pr_G, 256>(s)"));
    ck_assert_ptr_nonnull(strstr(out, "the last segment leaves the private scalars' values"));
}
END_TEST

Suite *segment_suite(void)
{
    Suite *s = suite_create("segment");
    TCase *tc = tcase_create("outer loops");
    tcase_add_loop_test(tc, test_independent, 0, (int)(sizeof independent / sizeof independent[0]));
    tcase_add_loop_test(tc, test_dependent, 0, (int)(sizeof dependent / sizeof dependent[0]));
    tcase_add_test(tc, test_outermost_independent);
    tcase_add_loop_test(tc, test_accumulating, 0, (int)(sizeof accumulating / sizeof accumulating[0]));
    tcase_add_test(tc, test_maxloc_solo);
    tcase_add_test(tc, test_privates);
    tcase_add_loop_test(tc, test_vector_reads, 0, (int)(sizeof vector_cases / sizeof vector_cases[0]));
    suite_add_tcase(s, tc);
    return s;
}
