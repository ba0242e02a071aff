/* reduction.c: update forms and body rules. */
#include "unit.h"

#include <stdio.h>
#include <string.h>

static char *program(const char *type, const char *op, const char *body)
{
    static char buf[4096];
    snprintf(buf, sizeof buf,
             "#include <math.h>\n"
             "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n"
             "#define MIN(a, b) ((a) < (b) ? (a) : (b))\n"
             "int g; int garr[8]; void ext(double);\n"
             "struct pt { double x, y; };\n"
             "%s f(const %s *a, %s *b, const struct pt *p, int n) {\n"
             "    %s v = 1; int last = 0;\n"
             "#pragma reduce(%s: v)\n"
             "    for (int i = 0; i < n; i++) {\n"
             "        %s\n"
             "    }\n"
             "    return v + last;\n"
             "}\n",
             type, type, type, type, op, body);
    return buf;
}

static const struct {
    const char *type, *op, *body;
} good[] = {
    {"double", "+", "b[i] = a[i]; v += b[i];"}, /* a fused output */
    {"double", "+", "v += a[i];"},
    {"double", "+", "v -= a[i];"},
    {"double", "+", "v = v + a[i];"},
    {"double", "+", "v = a[i] + v;"},
    {"double", "+", "v = v - 2 * a[i];"},
    {"int", "+", "v++;"},
    {"int", "+", "++v;"},
    {"int", "+", "if (a[i] > 0) v--;"},
    {"int", "+", "if (a[i] > 0) v += 1; else v += 2;"},
    {"double", "*", "v *= a[i];"},
    {"double", "*", "v = a[i] * v;"},
    {"double", "max", "v = a[i] > v ? a[i] : v;"},
    {"double", "max", "v = v < a[i] ? a[i] : v;"},
    {"double", "max", "v = v > a[i] ? v : a[i];"},
    {"double", "max", "v = a[i] < v ? v : a[i];"},
    {"double", "max", "if (a[i] > v) v = a[i];"},
    {"double", "max", "if (a[i] >= v) { v = a[i]; }"},
    {"double", "max", "if (v < a[i]) v = a[i];"},
    {"double", "max", "if (i % 2 == 0 && a[i] > v) v = a[i];"},
    {"double", "max", "v = fmax(v, a[i]);"},
    {"double", "max", "v = fmax(a[i], v);"},
    {"double", "max", "v = MAX(v, a[i]);"},
    {"double", "max", "v = MAX(a[i] * 2, v);"},
    {"double", "min", "v = a[i] < v ? a[i] : v;"},
    {"double", "min", "v = v > a[i] ? a[i] : v;"},
    {"double", "min", "if (a[i] < v) v = a[i];"},
    {"double", "min", "v = fmin(v, a[i]);"},
    {"double", "min", "v = MIN(v, a[i]);"},
    {"int", "&", "v &= a[i];"},
    {"int", "|", "v = v | a[i];"},
    {"int", "^", "v = a[i] ^ v;"},
    {"int", "&&", "v = v && a[i] > 0;"},
    {"int", "||", "v = (a[i] == 3) || v;"},
    {"double", "+", "double t = a[i] * a[i]; v += t;"},
    {"double", "+", "if (a[i] < 0) continue; v += sqrt(a[i]);"},
    {"double", "+", "v += p[i].x * p[i].y;"},
    {"double", "+", "for (int j = 0; j < 4; j++) { if (j == 2) break; v += j; }"},
    {"double", "+", "v += g + garr[0] + garr[i - i + 1];"},
    {"double", "+", "double tmp[2]; tmp[0] = a[i]; tmp[1] = 1; v += tmp[0] * tmp[1];"},
    {"double", "+", "switch (i % 3) { case 0: v += 1; break; default: v += 2; }"},
};

START_TEST(accepts_updates)
{
    int n;
    bool ok;
    const char *code = program(good[_i].type, good[_i].op, good[_i].body);
    analyze_snippet(code, &n, &ok);
    ck_assert_msg(ok, "rejected: reduce(%s: v) { %s }", good[_i].op, good[_i].body);
}
END_TEST

static const struct {
    const char *type, *op, *body;
} bad[] = {
    {"double", "+", "v += a[i]; b[i] = v;"},
    {"double", "+", "if (v > 3) v += a[i];"},
    {"double", "+", "v += a[i]; last = i;"},
    {"double", "+", "v *= a[i];"},
    {"double", "*", "v += a[i];"},
    {"double", "max", "v += a[i];"},
    {"double", "max", "v = a[i] > v ? v : v;"},
    {"double", "+", "v = a[i] - v;"},
    {"double", "+", "v /= a[i];"},
    {"double", "+", "v = v * 2 + a[i];"},
    {"double", "+", "b[i + 1] = a[i]; v += a[i];"},
    {"double", "+", "b[0] = a[i]; v += a[i];"},
    {"double", "+", "g = 1; v += a[i];"},
    {"double", "+", "v += a[i]; ext(v);"},
    {"double", "+", "ext(a[i]); v += a[i];"},
    {"double", "+", "v += a[i]; if (a[i] < 0) break;"},
    {"double", "+", "v += a[i]; if (a[i] < 0) return 0;"},
    {"double", "+", "v += a[i]; goto out; out: ;"},
    {"double", "+", "__asm__(\"nop\"); v += a[i];"},
    {"double", "+", "static int calls; calls++; v += a[i];"},
    {"double", "+", "double *q = &v; v += *q;"},
    {"double", "+", "v += a[i]; v += v;"},
    {"double", "max", "if (a[i] > v) v = a[i]; else last = 1;"},
    {"double", "max", "if (a[i] > v) { v = a[i]; last = i; }"},
    {"double", "&", "v &= 1;"},
    {"double", "+", "int x = (v += 1, 2); (void)x;"},
    {"double", "+", "v += a[i]; a++;"},
};

START_TEST(rejects_non_reductions)
{
    int n;
    bool ok;
    analyze_snippet(program(bad[_i].type, bad[_i].op, bad[_i].body), &n, &ok);
    ck_assert_msg(!ok, "accepted: reduce(%s: v) { %s }", bad[_i].op, bad[_i].body);
    ck_assert_int_ge(snippet_errors(), 1);
}
END_TEST

START_TEST(reduction_variable_kinds)
{
    int n;
    bool ok;
    static const char *cases[] = {
        "double f(double *a, int n) { double s[1] = {0};\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s[0] += a[i]; return s[0]; }",
        "double f(double *a, int n) { double *s = a;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += 1; return *s; }",
        "double f(double *a, int n) { volatile double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += a[i]; return s; }",
        "double f(double *a, int n) { double s = 0;\n#pragma reduce(+: t)\nfor (int i = 0; i < n; i++) s += a[i]; return s; }",
        "double f(double *a, int n) { double r = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) { double s = 0; s += a[i]; r = s; } return r; }",
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        analyze_snippet(cases[k], &n, &ok);
        ck_assert_msg(!ok, "accepted case %zu", k);
    }
}
END_TEST

START_TEST(output_has_kernel_and_fallback)
{
    char *out = transpile_snippet("double f(const double *a, int n) { double s = 0;\n"
                                  "#pragma reduce(+: s)\n"
                                  "for (int i = 0; i < n; i++) s += a[i];\nreturn s; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "__global__ void __launch_bounds__"));
    ck_assert_ptr_nonnull(strstr(out, "pragreduce::use_gpu(pr_loop0_site, pr_trip, "));
    ck_assert_ptr_nonnull(strstr(out, "pr_loop0(&s, n, a);"));
    ck_assert_ptr_nonnull(strstr(out, "#line 3 \"snippet.c\""));
}
END_TEST

Suite *reduction_suite(void)
{
    Suite *s = suite_create("reduction");
    TCase *tc = tcase_create("updates");
    tcase_add_loop_test(tc, accepts_updates, 0, sizeof good / sizeof good[0]);
    tcase_add_loop_test(tc, rejects_non_reductions, 0, sizeof bad / sizeof bad[0]);
    tcase_add_test(tc, reduction_variable_kinds);
    tcase_add_test(tc, output_has_kernel_and_fallback);
    suite_add_tcase(s, tc);
    return s;
}
