/* splice.c: edits applied in one pass, #line markers resolved. */
#include "unit.h"

#include <string.h>

START_TEST(applies_in_order)
{
    EditList l = {0};
    const char *text = "abcdef";
    edits_add(&l, 4, 5, xstrdup("E"));
    edits_add(&l, 0, 0, xstrdup("<"));
    edits_add(&l, 2, 2, xstrdup("1"));
    edits_add(&l, 2, 2, xstrdup("2"));
    char *out = splice_apply(text, strlen(text), &l, "o.cu", true);
    ck_assert_str_eq(out, "<ab12cdEf");
}
END_TEST

START_TEST(resolves_line_markers)
{
    EditList l = {0};
    const char *text = "x\ny\n";
    edits_add(&l, 2, 2, xstrdup("gen\n#line @@OUT@@\nmore\n"));
    char *out = splice_apply(text, strlen(text), &l, "o.cu", true);
    ck_assert_str_eq(out, "x\ngen\n#line 4 \"o.cu\"\nmore\ny\n");
    EditList l2 = {0};
    edits_add(&l2, 2, 2, xstrdup("gen\n#line @@OUT@@\n"));
    out = splice_apply(text, strlen(text), &l2, "o.cu", false);
    ck_assert_str_eq(out, "x\ngen\ny\n");
}
END_TEST

START_TEST(keeps_other_bytes)
{
    /* CRLF, tabs and a pragma on the last line without a newline */
    const char *code = "double f(const double *a, int n) {\r\n\tdouble s = 0;\r\n"
                       "#pragma reduce(+: s)\r\n\tfor (int i = 0; i < n; i++) s += a[i];\r\n"
                       "\treturn s;\r\n}\r\n/* tail */";
    char *out = transpile_snippet(code);
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "double f(const double *a, int n) { pragreduce::region pr_region; /* "
                                      "pragreduce: device copies kept while this call runs */\r\n\tdouble s = 0;\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "\treturn s;\r\n}\r\n/* tail */"));
}
END_TEST

/* A marked range repeated later: its output with the edits inside it. */
START_TEST(repeats_a_range_as_spliced)
{
    EditList l = {0};
    const char *text = "a(b)c;";
    edits_add(&l, 1, 1, xstrdup("["));
    edits_mark(&l, 1, 7);
    edits_add(&l, 2, 3, xstrdup("B"));
    edits_add(&l, 4, 4, xformat("]x[%s]", edits_repeat(7)));
    char *out = splice_apply(text, strlen(text), &l, "o.cu", true);
    ck_assert_str_eq(out, "a[(B)]x[(B)]c;");
}
END_TEST

Suite *splice_suite(void)
{
    Suite *s = suite_create("splice");
    TCase *tc = tcase_create("edits");
    tcase_add_test(tc, applies_in_order);
    tcase_add_test(tc, resolves_line_markers);
    tcase_add_test(tc, keeps_other_bytes);
    tcase_add_test(tc, repeats_a_range_as_spliced);
    suite_add_tcase(s, tc);
    return s;
}
