/* access.c: affine subscripts and the ranges copied to the GPU. */
#include "unit.h"

#include <stdio.h>
#include <string.h>

static char *program(const char *pragma_extra, const char *body)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "double f(const double *a, const int *idx, int n, int k) {\n"
             "    double s = 0;\n"
             "#pragma reduce(+: s)%s\n"
             "    for (int i = 0; i < n; i++) { %s }\n"
             "    return s;\n"
             "}\n",
             pragma_extra, body);
    return buf;
}

static const char *affine[] = {
    "s += a[i];", "s += a[2 * i + 1];", "s += a[i * 3 - k];", "s += a[n - 1 - i];",
    "s += a[k * i];", "s += a[(i + 1) * 2];", "s += a[-i + n];", "s += a[i] + a[i + 1];",
    "s += a[(long)i];", "s += i[a];",
};

START_TEST(affine_subscripts)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(program("", affine[_i]), &n, &ok);
    ck_assert_msg(ok, "rejected: %s", affine[_i]);
    for (int c = 0; c < sites[0].ncaptures; c++)
        if (sites[0].captures[c].kind == CAP_ARRAY)
            ck_assert_int_ge(sites[0].captures[c].nranges, 1);
}
END_TEST

static const char *not_affine[] = {
    "s += a[idx[i]];", "s += a[i * i];", "s += a[i % 7];", "s += a[i / 2];", "s += *(a + i);",
    "const double *p = a; s += p[i];",
};

START_TEST(needs_section)
{
    int n;
    bool ok;
    analyze_snippet(program("", not_affine[_i]), &n, &ok);
    ck_assert_msg(!ok, "accepted: %s", not_affine[_i]);
    analyze_snippet(program(" in(a[0:n])", not_affine[_i]), &n, &ok);
    ck_assert_msg(ok, "rejected with in(): %s", not_affine[_i]);
}
END_TEST

START_TEST(linear_forms)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(program("", "s += a[2 * i + 1];"), &n, &ok);
    ck_assert(ok);
    const Capture *c = NULL;
    for (int k = 0; k < sites[0].ncaptures; k++)
        if (!strcmp(sites[0].captures[k].var->name, "a"))
            c = &sites[0].captures[k];
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(c->nranges, 1);
    ck_assert_str_eq(c->ranges[0].coef, "(1) * (2)");
    ck_assert_str_eq(c->ranges[0].off, "1");
}
END_TEST

Suite *access_suite(void)
{
    Suite *s = suite_create("access");
    TCase *tc = tcase_create("subscripts");
    tcase_add_loop_test(tc, affine_subscripts, 0, sizeof affine / sizeof affine[0]);
    tcase_add_loop_test(tc, needs_section, 0, sizeof not_affine / sizeof not_affine[0]);
    tcase_add_test(tc, linear_forms);
    suite_add_tcase(s, tc);
    return s;
}
