/* Emission (emit.c): which kernel instantiations a call can reach. */
#include "unit.h"

#include <string.h>

/* Whether the output launches a 64-bit-index kernel. */
static bool has_wide_kernel(const char *out)
{
    return strstr(out, "_kernel<pragreduce::u64,") != NULL;
}

static const char *loop_in(const char *loop_and_body)
{
    static char code[1024];
    snprintf(code, sizeof code,
             "double f(const float *a, int n, long m, unsigned u, int lo) {\n"
             "    double s = 0;\n"
             "#pragma reduce(+: s)\n"
             "    %s\n"
             "    return s;\n"
             "}\n",
             loop_and_body);
    return code;
}

/* An int counting up from a constant >= 0 to an int bound runs at most
 * INT_MAX iterations: only the 32-bit kernel is written. */
START_TEST(int_loops_from_a_constant_are_narrow)
{
    const char *narrow[] = {
        "for (int i = 0; i < n; i++) s += a[i];",
        "for (int i = 3; i < n; i += 4) s += a[i];",
        "for (int i = 1; i <= n; i = i + 2) s += a[i - 1];",
        "for (int i = 0; i < (int)m; ++i) s += a[i];",
        "for (int i = 0; i < 1000; i++) s += a[i];",
    };
    for (size_t k = 0; k < sizeof narrow / sizeof *narrow; k++) {
        char *out = transpile_snippet(loop_in(narrow[k]));
        ck_assert_msg(out != NULL, "%s", narrow[k]);
        ck_assert_msg(!has_wide_kernel(out), "%s: a 64-bit kernel", narrow[k]);
        ck_assert_msg(strstr(out, "const bool pr_narrow = true;") != NULL, "%s", narrow[k]);
    }
}
END_TEST

/* Any form whose trip count may pass 2^31 - 1 keeps both kernels. */
START_TEST(other_loops_keep_the_wide_kernel)
{
    const char *wide[] = {
        "for (long i = 0; i < m; i++) s += a[i];",            /* 64-bit variable */
        "for (int i = -1; i < n; i++) s += a[i + 1];",        /* up to 2^31 */
        "for (int i = lo; i < n; i++) s += a[i];",            /* from INT_MIN */
        "for (int i = 0; i <= n; i++) s += a[i];",            /* 2^31 with n = INT_MAX */
        "for (int i = 0; i < m; i++) s += a[i];",             /* a long bound */
        "for (unsigned i = 0; i < u; i++) s += a[i];",        /* 2^32 - 1 */
        "for (int i = n - 1; i >= 0; i--) s += a[i];",        /* counts down */
        "for (int i = 0; i < n; i += u) s += a[i];",          /* a variable step */
    };
    for (size_t k = 0; k < sizeof wide / sizeof *wide; k++) {
        char *out = transpile_snippet(loop_in(wide[k]));
        ck_assert_msg(out != NULL, "%s", wide[k]);
        ck_assert_msg(has_wide_kernel(out), "%s: no 64-bit kernel", wide[k]);
    }
}
END_TEST

Suite *emit_suite(void)
{
    Suite *s = suite_create("emit");
    TCase *tc = tcase_create("index width");
    tcase_add_test(tc, int_loops_from_a_constant_are_narrow);
    tcase_add_test(tc, other_loops_keep_the_wide_kernel);
    suite_add_tcase(s, tc);
    return s;
}
