/* element.c: element and member accumulators rewritten to scalars. */
#include "unit.h"

#include <stdio.h>
#include <string.h>

static const char gemv[] =
    "void gemv(int n, int m, const double *A, const double *x, double *y) {\n"
    "    for (int i = 0; i < n; i++) {\n"
    "        y[i] = 0;\n"
    "#pragma reduce(+: y[i])\n"
    "        for (int j = 0; j < m; j++)\n"
    "            y[i] += A[i * m + j] * x[j];\n"
    "    }\n"
    "}\n";

START_TEST(element_becomes_a_scalar)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(gemv, &n, &ok);
    ck_assert(ok);
    ck_assert_int_ge(n, 1);
    const Site *marked = NULL;
    for (int k = 0; k < n; k++)
        if (!sites[k].segment)
            marked = &sites[k];
    ck_assert_ptr_nonnull(marked);
    ck_assert_int_eq(marked->pragma.nvars, 1);
    ck_assert_str_eq(marked->pragma.vars[0].name, "y_elem");
    /* what the user wrote stays in messages and comments */
    ck_assert_str_eq(marked->pragma.summary, "reduce(+: y[i])");
    /* the register copy is loaded before the loop and stored after it, on the same lines */
    const char *out = transpile_snippet(gemv);
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "double y_elem = (y[i]);"));
    ck_assert_ptr_nonnull(strstr(out, "y[i] = y_elem; }"));
    ck_assert_ptr_nonnull(strstr(out, "&(y[i])"));
}
END_TEST

static const char gemm_row[] =
    "#define NJ 8\n"
    "void gemm(int ni, int nk, double C[][NJ], const double *A, const double (*B)[NJ]) {\n"
    "    for (int i = 0; i < ni; i++) {\n"
    "#pragma reduce(+: C[i][0:NJ])\n"
    "        for (int k = 0; k < nk; k++)\n"
    "            for (int j = 0; j < NJ; j++)\n"
    "                C[i][j] += A[i * nk + k] * B[k][j];\n"
    "    }\n"
    "}\n";

/* a section of a row: a pointer to the row, set before the loop, reduced
 * as a section; no store after the loop */
START_TEST(row_section_becomes_a_pointer)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(gemm_row, &n, &ok);
    ck_assert(ok);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(sites[0].pragma.nvars, 1);
    ck_assert_str_eq(sites[0].pragma.vars[0].name, "C_row");
    ck_assert(is_section(&sites[0].pragma.vars[0]));
    ck_assert_str_eq(sites[0].pragma.summary, "reduce(+: C[i][0:NJ])");
    const char *out = transpile_snippet(gemm_row);
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "double *C_row = (C[i]);"));
    ck_assert_ptr_null(strstr(out, "= C_row;"));
    /* an element of a row stays an element (not a row and its last subscript) */
    sites = analyze_snippet("void f(int n, double C[][8], const double *x, int i, int j) {\n"
                            "#pragma reduce(+: C[i][j])\n"
                            "    for (int k = 0; k < n; k++) C[i][j] += x[k];\n"
                            "}\n",
                            &n, &ok);
    ck_assert(ok);
    ck_assert_int_eq(n, 1);
    ck_assert_str_eq(sites[0].pragma.vars[0].name, "C_elem");
    ck_assert(!is_section(&sites[0].pragma.vars[0]));
}
END_TEST

/* the same lines, and offsets of the new text mapped back for diagnostics */
START_TEST(lines_and_offsets_kept)
{
    Source src;
    ParseOptions po = {0};
    diag_reset();
    ast_reset();
    ck_assert(source_parse_buffer(&src, "snippet.c", gemv, strlen(gemv), &po));
    ck_assert_ptr_nonnull(src.elements);
    ck_assert_uint_eq(src.nlines, 9);
    const char *pragma = strstr(src.text, "reduce(+: y_elem)");
    ck_assert_ptr_nonnull(pragma);
    unsigned at = (unsigned)(pragma - src.text) + 10; /* y_elem */
    unsigned old = element_old_offset(src.elements, at);
    ck_assert_int_eq(strncmp(gemv + old, "y[i])", 5), 0);
    /* text after every edit maps back by the total shift */
    unsigned end_new = (unsigned)src.size - 2, end_old = (unsigned)strlen(gemv) - 2;
    ck_assert_uint_eq(element_old_offset(src.elements, end_new), end_old);
    source_dispose(&src);
}
END_TEST

static const struct {
    const char *pragma, *update;
    bool ok;
} forms[] = {
    {"reduce(+: y[i])", "y[i] += x[j];", true},
    {"reduce(+: p->total)", "p->total += x[j];", true},
    {"reduce(max: y[i + 1])", "if (x[j] > y[i + 1]) y[i + 1] = x[j];", true},
    {"reduce(+: y[j])", "y[j] += x[j];", false},             /* moves with the loop */
    {"reduce(+: y[i++])", "y[i] += x[j];", false},           /* side effect */
    {"reduce(+: y[0:4])", "y[j % 4] += x[j];", true},        /* a section (emit_section.c) */
    {"reduce(+: y[i][0:4])", "y[i][j % 4] += x[j];", false}, /* a section of a row */
    {"reduce(+: y[i])", "y[i] += x[j] + y[j];", true},       /* y checked for overlap at run time */
    {"reduce(+: y[i])", "s2 += x[j];", false},               /* never updated */
};

START_TEST(forms_accepted_and_rejected)
{
    char code[1024];
    snprintf(code, sizeof code,
             "struct acc { double total; };\n"
             "void f(int n, int i, const double *x, double *y, struct acc *p) {\n"
             "    double s2 = 0; int j;\n"
             "    (void)s2;\n"
             "#pragma %s\n"
             "    for (j = 0; j < n; j++)\n"
             "        %s\n"
             "}\n",
             forms[_i].pragma, forms[_i].update);
    int n;
    bool ok;
    analyze_snippet(code, &n, &ok);
    ck_assert_msg(ok == forms[_i].ok, "%s / %s: expected %s", forms[_i].pragma, forms[_i].update,
                  forms[_i].ok ? "accepted" : "rejected");
}
END_TEST

/* element_apart.c: a loop over k (HEADER) updating t[i][j] with BODY. */
typedef struct {
    const char *header, *body;
    bool apart;
} ApartCase;

static const ApartCase apart_cases[] = {
    /* nussinov's: row i below column j, column j below row i + 1 */
    {"k = i + 1; k < j; k++", "t[i][j] = t[i][j] >= t[i][k] + t[k + 1][j] ? t[i][j] : t[i][k] + t[k + 1][j];", true},
    {"k = j + 1; k < n; k++", "t[i][j] += t[i][k];", true},
    {"k = n - 1; k > j; k--", "t[i][j] += t[i][k] + t[i + 1][k - 1];", true},
    {"k = 0; k < n; k++", "t[i][j] += t[i + 2][k];", true},
    {"k = i + 1; k <= n; k++", "t[i][j] += t[k][j];", true},
    /* the element at some k */
    {"k = 0; k <= j; k++", "t[i][j] += t[i][k];", false},
    {"k = i; k < n; k++", "t[i][j] += t[k][j];", false},
    {"k = j; k > 0; k--", "t[i][j] += t[i][k];", false},
    {"k = 0; k < n; k++", "t[i][j] += t[i][k * 2];", false},
    {"k = 0; k < n; k++", "t[i][j] += t[k][k];", false},
    {"k = i + 1; k < j; k += 2", "t[i][j] += t[i][k];", false}, /* (a step other than 1: not proved) */
    {"k = 0; k < nl; k++", "t[i][j] += t[i][k];", false},         /* a bound wider than k */
};

START_TEST(element_apart_or_not)
{
    const ApartCase *tc = &apart_cases[_i];
    char code[1024];
    snprintf(code, sizeof code,
             "void f(int (*t)[64], int n, long nl, int i, int j) {\n"
             "    int k;\n"
             "#pragma reduce(%s: t[i][j])\n"
             "    for (%s)\n"
             "        %s\n"
             "}\n",
             strstr(tc->body, ">=") ? "max" : "+", tc->header, tc->body);
    int n;
    bool ok;
    Site *sites = analyze_snippet(code, &n, &ok);
    ck_assert_msg(ok, "%s", code);
    const Site *m = NULL;
    for (int k = 0; k < n; k++)
        if (!sites[k].segment && sites[k].pragma.nvars == 1)
            m = &sites[k];
    ck_assert_ptr_nonnull(m);
    ck_assert_msg(element_base_apart(snippet_source(), m) == tc->apart, "%s", code);
    ck_assert_msg(element_homes_needed(snippet_source(), m) == !tc->apart, "%s", code);
}
END_TEST

Suite *element_suite(void)
{
    Suite *s = suite_create("element");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, element_becomes_a_scalar);
    tcase_add_test(tc, lines_and_offsets_kept);
    tcase_add_test(tc, row_section_becomes_a_pointer);
    tcase_add_loop_test(tc, forms_accepted_and_rejected, 0, (int)(sizeof forms / sizeof forms[0]));
    tcase_add_loop_test(tc, element_apart_or_not, 0, (int)(sizeof apart_cases / sizeof apart_cases[0]));
    suite_add_tcase(s, tc);
    return s;
}
