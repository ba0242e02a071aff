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

/* The edits form a tree: what a replacement's range holds is its text's
 * business, insertions at its ends stay outside it, and one that crosses
 * it is left out and reported, never a crash. */
START_TEST(replacement_owns_its_range)
{
    const char *text = "0123456789";
    EditList l = {0};
    edits_add(&l, 5, 6, xstrdup("i"));   /* inside the one below */
    edits_add(&l, 3, 8, xstrdup("R"));
    edits_add(&l, 4, 4, xstrdup("x"));   /* inside */
    edits_add(&l, 3, 3, xstrdup("<"));   /* at its start: before it */
    edits_add(&l, 8, 8, xstrdup(">"));   /* at its end: after it */
    edits_add(&l, 3, 5, xstrdup("s"));   /* same start, inside */
    edits_add(&l, 7, 8, xstrdup("e"));   /* same end, inside */
    ck_assert_str_eq(splice_apply(text, strlen(text), &l, "o.cu", false), "012<R>89");
    ck_assert(!splice_conflict(NULL));

    EditList c = {0};
    c.base = 100;
    edits_add(&c, 2, 5, xstrdup("A"));
    edits_add(&c, 4, 7, xstrdup("B")); /* crosses A's end */
    edits_add(&c, 12, 12, xstrdup("Z")); /* past the text */
    ck_assert_str_eq(splice_apply(text, strlen(text), &c, "o.cu", false), "01A56789");
    unsigned at = 0;
    ck_assert(splice_conflict(&at));
    ck_assert_uint_eq(at, 104);
    ck_assert(!splice_conflict(NULL)); /* taken */

    /* a repeat whose mark fell inside a replacement: reported, not empty text */
    EditList m = {0};
    edits_add(&m, 1, 6, xstrdup("R"));
    edits_mark(&m, 3, 9);
    edits_add(&m, 8, 8, edits_repeat(9));
    ck_assert_str_eq(splice_apply(text, strlen(text), &m, "o.cu", false), "0R6789");
    ck_assert(splice_conflict(NULL));
}
END_TEST

/* Any list of edits, however they lie: no crash, the output is the text
 * with the outermost edits applied, and only crossings are reported. */
START_TEST(random_edits_never_fail)
{
    const char *text = "abcdefghijklmnopqrstuvwxyz";
    unsigned seed = 12345;
    for (int round = 0; round < 2000; round++) {
        EditList l = {0};
        int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 8;
        for (int k = 0; k < n; k++) {
            unsigned a = ((seed = seed * 1103515245u + 12345u) >> 16) % 27;
            unsigned len = ((seed = seed * 1103515245u + 12345u) >> 16) % 6;
            unsigned b = a + len > 26 ? 26 : a + len;
            edits_add(&l, a, b, xformat("[%d]", k));
        }
        char *out = splice_apply(text, strlen(text), &l, "o.cu", false);
        ck_assert_ptr_nonnull(out);
        /* the tree rule by hand: sorted, an edit is applied when it starts at
         * or after the end of the last applied one, skipped when inside it */
        bool crossed = false;
        unsigned pos = 0;
        StrBuf want = {0};
        for (size_t k = 0; k < l.count; k++) {
            const Edit *e = &l.items[k];
            if (e->start < pos) {
                crossed |= e->end > pos;
                continue;
            }
            strbuf_putn(&want, text + pos, e->start - pos);
            strbuf_puts(&want, e->text);
            pos = e->end;
        }
        strbuf_puts(&want, text + pos);
        ck_assert_str_eq(out, want.buf);
        ck_assert(splice_conflict(NULL) == crossed);
        strbuf_free(&want);
    }
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
    tcase_add_test(tc, replacement_owns_its_range);
    tcase_add_test(tc, random_edits_never_fail);
    suite_add_tcase(s, tc);
    return s;
}
