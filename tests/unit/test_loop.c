/* loop.c: canonical loop forms, accepted and rejected. */
#include "unit.h"

#include <stdio.h>
#include <string.h>

static char *program(const char *decls, const char *header)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "#include <stddef.h>\n"
             "long f(const int *a, int n, unsigned un, long ln, size_t sn, int k) {\n"
             "    long s = 0; %s\n"
             "#pragma reduce(+: s)\n"
             "    for (%s) s += 1;\n"
             "    return s;\n"
             "}\n",
             decls, header);
    return buf;
}

static const struct {
    const char *decls, *header;
    LoopCmp cmp;
    bool down;
    const char *step;
} good[] = {
    {"", "int i = 0; i < n; i++", CMP_LT, false, "1"},
    {"", "int i = 0; i <= n; ++i", CMP_LE, false, "1"},
    {"", "int i = n; i > 0; i--", CMP_GT, true, "1"},
    {"", "int i = n; i >= 0; --i", CMP_GE, true, "1"},
    {"", "int i = 0; i != n; i++", CMP_NE, false, "1"},
    {"", "int i = n; i != 0; i--", CMP_NE, true, "1"},
    {"", "int i = 0; n > i; i += 2", CMP_LT, false, "2ULL"},
    {"", "int i = 0; i < n; i = i + 3", CMP_LT, false, "3ULL"},
    {"", "int i = 0; i < n; i = 4 + i", CMP_LT, false, "4ULL"},
    {"", "int i = n; i >= 0; i -= 2", CMP_GE, true, "2ULL"},
    {"", "int i = n; i >= 0; i += -1", CMP_GE, true, "1ULL"},
    {"int i;", "i = 0; i < n; i++", CMP_LT, false, "1"},
    {"", "unsigned i = 0; i < un; i++", CMP_LT, false, "1"},
    {"", "long i = 0; i < ln; i++", CMP_LT, false, "1"},
    {"", "size_t i = 0; i < sn; i++", CMP_LT, false, "1"},
    {"", "long long i = -5; i < 2 * ln - 1; i++", CMP_LT, false, "1"},
    {"", "size_t i = 0; i < sn; i += un", CMP_LT, false, "un"},
};

START_TEST(accepts_canonical)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(program(good[_i].decls, good[_i].header), &n, &ok);
    ck_assert_msg(ok, "rejected: for (%s)", good[_i].header);
    ck_assert_int_eq(sites[0].info.cmp, good[_i].cmp);
    ck_assert_int_eq(sites[0].info.step_down, good[_i].down);
    ck_assert_str_eq(sites[0].info.step, good[_i].step);
}
END_TEST

static const struct {
    const char *decls, *header;
} bad[] = {
    {"", ";;"},
    {"", "int i = 0; ; i++"},
    {"", "int i = 0; i < n; "},
    {"", "double x = 0; x < n; x++"},
    {"int j = 0;", "int i = 0; j < n; i++"},
    {"", "int i = 0; i < n; i += 0"},
    {"", "int i = 0; i < n; i += k"},
    {"", "int i = 0; i < n; i--"},
    {"", "int i = n; i > 0; i++"},
    {"", "int i = 0; i != n; i += 2"},
    {"", "int i = 0, j = 0; i < n; i++"},
    {"", "int i = 0; i < n; i *= 2"},
    {"", "int i = 0; i < n; i = i * 2"},
    {"", "int i = 0; i < i + n; i++"},
    {"int j;", "int i = 0; i < n; i++, j++"},
};

START_TEST(rejects_noncanonical)
{
    int n;
    bool ok;
    analyze_snippet(program(bad[_i].decls, bad[_i].header), &n, &ok);
    ck_assert_msg(!ok, "accepted: for (%s)", bad[_i].header);
}
END_TEST

START_TEST(body_may_not_change_the_iteration_space)
{
    int n;
    bool ok;
    analyze_snippet("long f(int n) { long s = 0;\n#pragma reduce(+: s)\n"
                    "for (int i = 0; i < n; i++) { s += i; i++; } return s; }\n",
                    &n, &ok);
    ck_assert(!ok);
    analyze_snippet("long f(int n) { long s = 0;\n#pragma reduce(+: s)\n"
                    "for (int i = 0; i < n; i++) { s += i; n--; } return s; }\n",
                    &n, &ok);
    ck_assert(!ok);
}
END_TEST

Suite *loop_suite(void)
{
    Suite *s = suite_create("loop");
    TCase *tc = tcase_create("forms");
    tcase_add_loop_test(tc, accepts_canonical, 0, sizeof good / sizeof good[0]);
    tcase_add_loop_test(tc, rejects_noncanonical, 0, sizeof bad / sizeof bad[0]);
    tcase_add_test(tc, body_may_not_change_the_iteration_space);
    suite_add_tcase(s, tc);
    return s;
}
