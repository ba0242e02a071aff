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
    {"double", "+", "b[i + 1] = a[i]; v += a[i];"}, /* its own element, one along */
    {"double", "+", "b[2 * i + 1] = a[i]; v += b[2 * i + 1];"},
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
    /* flags, as OpenMP takes them: what v = v || 1 and v = v && 0 give */
    {"int", "||", "if (a[i] == 3) v = 1;"},
    {"_Bool", "||", "if (a[i] < 0) v = 1;"},
    {"int", "&&", "if (a[i] < 0) v = 0;"},
    {"int", "||", "if (a[i] == 3) v = 1; else if (a[i] > 4) v = v || a[i] > 8;"},
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
    {"double", "+", "b[i + 1] = a[i]; v += b[i];"}, /* reads another iteration's element */
    {"double", "+", "b[i / 2] = a[i]; v += a[i];"},   /* two iterations, one element */
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
    /* min/max updates of one variable that treat NaN differently */
    {"double", "max", "if (a[i] > v) v = a[i]; v = v > b[i] ? v : b[i];"},
    {"double", "max", "v = fmax(v, a[i]); v = a[i] > v ? a[i] : v;"},
    {"double", "max", "v = fmax(v, a[i]); v = fmaxf(v, b[i]);"},
    {"int", "max", "v = fmax(v, a[i]); if (a[i] > v) v = a[i];"}, /* fmax rounds through double */
    /* flag constants other than the operator's result: 5 would stay 5 */
    {"int", "||", "if (a[i] == 3) v = 5;"},
    {"int", "||", "if (a[i] == 3) v = 0;"},
    {"int", "&&", "if (a[i] < 0) v = 1;"},
    {"int", "||", "v = a[i] > 0;"},
    /* + and * on a _Bool: b += -1 flips it */
    {"_Bool", "+", "v += a[i];"},
    {"_Bool", "+", "v--;"},
    {"_Bool", "*", "v *= a[i];"},
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

/* Each min/max form's NaN behaviour, which the combine follows (emit.c);
 * for integers the forms need not agree unless fmax rounds. */
static const struct {
    const char *type, *body;
    MinMaxForm form;
    int nan_takes;
} forms[] = {
    {"double", "if (a[i] > v) v = a[i];", MM_KEEP, 0},
    {"double", "if (i % 2 && v <= a[i]) v = a[i];", MM_KEEP, 0},
    {"double", "v = a[i] > v ? a[i] : v;", MM_KEEP, 0},
    {"double", "v = v < a[i] ? a[i] : v;", MM_KEEP, 0},
    {"double", "v = MAX(a[i], v);", MM_KEEP, 0},
    {"double", "v = v > a[i] ? v : a[i];", MM_TAKE, 1},
    {"double", "v = MAX(v, a[i]); v = MAX(v, b[i]);", MM_TAKE, 2},
    {"double", "v = fmax(v, a[i]);", MM_FMAX, 0},
    {"float", "v = fmaxf(a[i], v);", MM_FMAXF, 0},
    {"int", "v = MAX(v, a[i]); if (a[i] > v) v = a[i];", MM_TAKE, 0},
};

START_TEST(minmax_forms)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(program(forms[_i].type, "max", forms[_i].body), &n, &ok);
    ck_assert_msg(ok, "rejected: %s", forms[_i].body);
    ck_assert_int_eq(sites[0].pragma.vars[0].form, forms[_i].form);
    ck_assert_int_eq(sites[0].nnan_takes, forms[_i].nan_takes);
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
    ck_assert_ptr_nonnull(strstr(out, "{ auto pr_copy0 = s; pr_loop0(&pr_copy0, n, a); s = pr_copy0; }"));
    ck_assert_ptr_nonnull(strstr(out, "#line 3 \"snippet.c\""));
}
END_TEST

/* A small loop that stays on the CPU runs in place in the caller, behind
 * cpu_in_place(); a loop that writes arrays or has private() always goes
 * through its wrapper. */
START_TEST(cpu_path_in_place)
{
    char *out = transpile_snippet("double f(const double *a, int n) { double s = 0;\n"
                                  "#pragma reduce(+: s)\n"
                                  "for (int i = 0; i < n; i++) s += a[i];\nreturn s; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "if (pragreduce::cpu_in_place(pragreduce::trip_up(pr_lo, (n), pr_step, false), "));
    ck_assert_ptr_nonnull(strstr(out, "for (int i = 0; i < n; i++) s += a[i];\n"));
    ck_assert_ptr_nonnull(strstr(out, "} else { auto pr_copy0 = s; pr_loop0(&pr_copy0, n, a); s = pr_copy0; } }"));
    out = transpile_snippet("double f(const double *a, double *b, int n) { double s = 0;\n"
                            "#pragma reduce(+: s)\n"
                            "for (int i = 0; i < n; i++) { b[i] = a[i]; s += a[i]; }\nreturn s; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_null(strstr(out, "if (pragreduce::cpu_in_place("));
    out = transpile_snippet("double f(const double *a, int n) { double s = 0, t;\n"
                            "#pragma reduce(+: s) private(t)\n"
                            "for (int i = 0; i < n; i++) { t = a[i] * 2; s += t; }\nreturn s + t; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_null(strstr(out, "if (pragreduce::cpu_in_place("));
}
END_TEST

/* A loop that runs in place splits over the runtime's CPU threads when its
 * operators fold from their identity; && and ||, floating-point min/max
 * and minloc keep one thread. */
START_TEST(cpu_path_threads)
{
    char *out = transpile_snippet("double f(const double *a, int n) { double s = 0;\n"
                                  "#pragma reduce(+: s)\n"
                                  "for (int i = 0; i < n; i++) s += a[i];\nreturn s; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "pragreduce::cpu_parts(pr_trip, "));
    ck_assert_ptr_nonnull(strstr(out, "double s = pragreduce::op_add::identity<double>();"));
    ck_assert_ptr_nonnull(strstr(out, "s = pragreduce::op_add::apply(s, pr_part[pr_p].v0);"));
    ck_assert_ptr_nonnull(strstr(out, ", true /* else over threads */)"));
    out = transpile_snippet("int f(const int *a, int n) { int m = 0;\n"
                            "#pragma reduce(max: m)\n"
                            "for (int i = 0; i < n; i++) m = a[i] > m ? a[i] : m;\nreturn m; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "pragreduce::cpu_parts(pr_trip, "));
    const char *no_threads[] = {
        "int f(const int *a, int n) { int ok = 1;\n#pragma reduce(&&: ok)\n"
        "for (int i = 0; i < n; i++) ok = ok && a[i] > 0;\nreturn ok; }\n",
        "double f(const double *a, int n) { double m = 0;\n#pragma reduce(max: m)\n"
        "for (int i = 0; i < n; i++) m = a[i] > m ? a[i] : m;\nreturn m; }\n",
        "int f(const double *a, int n) { double m = a[0]; int k = 0;\n#pragma reduce(maxloc: m, k)\n"
        "for (int i = 0; i < n; i++) if (a[i] > m) { m = a[i]; k = i; }\nreturn k; }\n",
    };
    for (size_t k = 0; k < sizeof no_threads / sizeof no_threads[0]; k++) {
        out = transpile_snippet(no_threads[k]);
        ck_assert_ptr_nonnull(out);
        ck_assert_ptr_null(strstr(out, "pragreduce::cpu_parts("));
    }
}
END_TEST

/* private(...) and the min/max else-chain: a loop with its own declarations
 * before it and its own pragma. */
static char *scratch_program(const char *decls, const char *pragma, const char *body)
{
    static char buf[4096];
    snprintf(buf, sizeof buf,
             "#include <math.h>\n"
             "double f(const double *a, int n) {\n"
             "    double v = 0, mn = a[0], mx = a[0]; %s\n"
             "#pragma reduce(+: v) %s\n"
             "    for (int i = 0; i < n; i++) {\n"
             "        %s\n"
             "    }\n"
             "    return v + mn + mx;\n"
             "}\n",
             decls, pragma, body);
    return buf;
}

static const struct {
    const char *decls, *pragma, *body;
} scratch_good[] = {
    {"double t;", "private(t)", "t = a[i]; v += t * t;"},
    /* C89 scratch nothing outside the loop reads: private without the clause */
    {"double t;", "", "t = a[i]; v += t;"},
    {"double w[4]; int k;", "", "for (k = 0; k < 4; k++) w[k] = a[i]; v += w[0];"},
    {"double t, u;", "private(t, u)", "t = a[i]; u = t + 1; v += t * u;"},
    {"double t;", "private(t)", "if (a[i] > 0) t = 1; else t = 2; v += t;"},
    {"double t;", "private(t)", "if (a[i] < 0) continue; t = a[i]; v += t;"},
    {"double t;", "private(t)", "for (int k = 0; k < 3; k++) { t = a[i] * k; v += t; }"},
    {"double w[4];", "private(w)", "for (int k = 0; k < 4; k++) w[k] = a[i] + k; v += w[i % 4];"},
    {"double w[4];", "private(w)", "for (int k = 0; k <= 3; ++k) { double q = a[i]; w[k] = q * k; } v += w[3];"},
    {"double w[4];", "private(w)", "w[0] = a[i]; w[1] = w[0] * 2; v += w[1];"},
    {"int m[2][2];", "private(m)", "m[0][0] = 1; m[0][1] = 2; m[1][0] = 3; m[1][1] = i; v += m[1][1] * m[0][1];"},
    {"int m[2][3];", "private(m)", "for (int r = 0; r < 2; r++) for (int c = 0; c < 3; c++) m[r][c] = r * c; v += m[i % 2][i % 3];"},
    {"", "reduce(min: mn) reduce(max: mx)", "if (a[i] < mn) mn = a[i]; else if (a[i] > mx) mx = a[i]; v += a[i];"},
    {"", "reduce(max: mx) reduce(min: mn)", "if (mx < a[i]) { mx = a[i]; } else { if (mn >= a[i]) mn = a[i]; } v += a[i];"},
    {"", "reduce(min: mn) reduce(max: mx)", "double x = a[i] * 2; if (x <= mn) mn = x; else if (x >= mx) mx = x; v += x;"},
    {"double t;", "private(t)", "t = a[i]; { double u = t; v += u; }"},
};

START_TEST(accepts_scratch_and_minmax_else)
{
    int n;
    bool ok;
    const char *code = scratch_program(scratch_good[_i].decls, scratch_good[_i].pragma, scratch_good[_i].body);
    analyze_snippet(code, &n, &ok);
    ck_assert_msg(ok, "rejected: %s { %s }", scratch_good[_i].pragma, scratch_good[_i].body);
}
END_TEST

static const struct {
    const char *decls, *pragma, *body;
} scratch_bad[] = {
    {"double t = 0;", "private(t)", "v += t; t = a[i];"},
    {"double t;", "private(t)", "if (a[i] > 0) t = a[i]; v += t;"},
    {"double t;", "private(t)", "t = t + a[i]; v += t;"},
    {"double t;", "private(t)", "v += (t = a[i]) + t;"},
    {"double t;", "private(t)", "a[i] > 0 ? (t = 1) : 0; v += t;"},
    {"double t;", "private(t)", "for (int k = 0; k < 3; k++) t = a[i]; v += t;"},
    {"double w[4];", "private(w)", "for (int k = 0; k < 3; k++) w[k] = a[i]; v += w[3];"},
    {"double w[4];", "private(w)", "for (int k = 0; k < 4; k++) { if (k == 2) continue; w[k] = a[i]; } v += w[0];"},
    {"double w[4];", "private(w)", "w[i % 4] = a[i]; v += w[0];"},
    {"double w[4];", "private(w)", "for (int k = 0; k < 4; k++) w[k] = w[k] + a[i]; v += w[0];"},
    {"double w[4];", "", "for (int k = 0; k < 3; k++) w[k] = a[i]; v += w[3];"},
    {"double *p = 0;", "private(p)", "p = 0; v += a[i];"},
    {"", "private(q)", "v += a[i];"},
    {"double t;", "private(v)", "t = 1; v += a[i];"},
    {"double t;", "private(i)", "v += a[i];"},
    {"double t;", "private(t, t)", "t = a[i]; v += t;"},
    {"double t;", "private(", "t = a[i]; v += t;"},
    {"double t;", "private()", "t = a[i]; v += t;"},
    {"", "reduce(min: mn) reduce(max: mx)", "if (a[i] < mn) mn = a[i]; else v += a[i];"},
    {"", "reduce(min: mn) reduce(max: mx)", "if (a[i] < mn) mn = a[i]; else if (a[i] + 1 > mx) mx = a[i] + 1;"},
    {"", "reduce(min: mn, mx)", "if (a[i] < mn) mn = a[i]; else if (a[i] < mx) mx = a[i];"},
    {"", "reduce(min: mn) reduce(max: mx)", "if (a[i] < mn) mn = a[i]; else if (a[i] > mx) mx = a[i]; else v += 1;"},
    {"", "reduce(min: mn) reduce(max: mx)", "if (a[i] > 0 && a[i] < mn) mn = a[i]; else if (a[i] > mx) mx = a[i];"},
    {"", "reduce(min: mn) reduce(max: mx)", "if (a[i] < mn) mn = a[i]; else if (a[i] > mx) mx = a[i]; else if (a[i] > 0) v += 1;"},
    {"double t;", "private(t)", "a[i] > 0 && (t = 1); v += t;"},
};

/* scratch without private(): only when no path after the loop reads it
 * before writing it (the loop around it comes around again; a break skips
 * the write after it) */
static const struct {
    const char *code;
    bool ok;
} liveness[] = {
    {"double f(const double *a, int n) { double v = 0, t; t = 1; v = t;\n"
     "#pragma reduce(+: v)\n for (int i = 0; i < n; i++) { t = a[i]; v += t; }\n"
     " t = 2; return v + t; }\n", true},
    {"double f(const double *a, int n) { double v = 0, t;\n"
     "#pragma reduce(+: v)\n for (int i = 0; i < n; i++) { t = a[i]; v += t; }\n"
     " return v + t; }\n", false},
    {"double f(const double *a, int n) { double v = 0, t = 0, r = 0;\n"
     " for (int k = 0; k < 3; k++) { r += t;\n"
     "#pragma reduce(+: v)\n for (int i = 0; i < n; i++) { t = a[i]; v += t; }\n"
     " t = 5; }\n return v + r; }\n", true}, /* t = 5 comes first on every path */
    {"double f(const double *a, int n) { double v = 0, t = 0;\n"
     " for (int k = 0; k < 3; k++) {\n"
     "#pragma reduce(+: v)\n for (int i = 0; i < n; i++) { t = a[i]; v += t; }\n"
     " if (v > 9) break; t = 5; }\n return v + t; }\n", false},
    {"double f(const double *a, int n) { double v = 0, w[4]; int k;\n"
     "#pragma reduce(+: v)\n for (int i = 0; i < n; i++) { for (k = 0; k < 4; k++) w[k] = a[i]; v += w[0]; }\n"
     " return v + w[1]; }\n", false},
    /* C89 j used again after the loop, only by loops that set it first
     * (kmeans' centre update inside its do-while) */
    {"double f(const double *a, int n, double *c) { double v = 0; int i, j, r = 0;\n"
     " do {\n"
     "#pragma reduce(+: v)\n for (i = 0; i < n; i++) { for (j = 0; j < 4; j++) v += a[i] * j; }\n"
     " for (i = 0; i < 5; i++) { for (j = 0; j < 4; j++) c[i * 4 + j] = v; }\n"
     " } while (r++ < 3);\n return v; }\n", true},
    /* ... but not when a statement after it reads j before setting it */
    {"double f(const double *a, int n, double *c) { double v = 0; int i, j;\n"
     "#pragma reduce(+: v)\n for (i = 0; i < n; i++) { for (j = 0; j < 4; j++) v += a[i] * j; }\n"
     " for (i = 0; i < 5; i++) { c[i] = j; for (j = 0; j < 4; j++) c[i * 4 + j] = v; }\n"
     " return v; }\n", false},
    {"double f(const double *a, int n, double *c) { double v = 0; int i, j;\n"
     "#pragma reduce(+: v)\n for (i = 0; i < n; i++) { for (j = 0; j < 4; j++) v += a[i] * j; }\n"
     " if (n > 3) { j = 1; } c[0] = j;\n"
     " return v; }\n", false},
    {"double f(const double *a, int n, double *c) { double v = 0; int i, j;\n"
     "#pragma reduce(+: v)\n for (i = 0; i < n; i++) { for (j = 0; j < 4; j++) v += a[i] * j; }\n"
     " if (n > 3) { for (j = 0; j < 2; j++) c[j] = v; }\n"
     " return v; }\n", true},
};

START_TEST(scratch_liveness)
{
    int n;
    bool ok;
    analyze_snippet(liveness[_i].code, &n, &ok);
    ck_assert_msg(ok == liveness[_i].ok, "%s: %s", liveness[_i].ok ? "rejected" : "accepted",
                  liveness[_i].code);
}
END_TEST

START_TEST(rejects_bad_scratch_and_else_chains)
{
    int n;
    bool ok;
    analyze_snippet(scratch_program(scratch_bad[_i].decls, scratch_bad[_i].pragma, scratch_bad[_i].body), &n, &ok);
    ck_assert_msg(!ok, "accepted: %s { %s }", scratch_bad[_i].pragma, scratch_bad[_i].body);
    ck_assert_int_ge(snippet_errors(), 1);
}
END_TEST

START_TEST(output_declares_privates_and_checks_minmax_order)
{
    char *out = transpile_snippet("double f(const double *a, int n) { double s = 0, t = 5, w[3];\n"
                                  "double mn = a[0], mx = a[0];\n"
                                  "#pragma reduce(+: s) reduce(min: mn) reduce(max: mx) private(t, w)\n"
                                  "for (int i = 1; i < n; i++) { t = a[i]; w[0] = t; w[1] = t; w[2] = t;\n"
                                  "  s += w[i % 3]; if (a[i] < mn) mn = a[i]; else if (a[i] > mx) mx = a[i]; }\n"
                                  "return s + t + mn + mx; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "double t;\n"));
    ck_assert_ptr_nonnull(strstr(out, "double w[3];\n"));
    ck_assert_ptr_nonnull(strstr(out, "!(mn <= mx)"));
    ck_assert_ptr_nonnull(strstr(out, "const double pr_id1 = mn;"));
    ck_assert_ptr_nonnull(strstr(out, "const double pr_id2 = mx;"));
    /* privates are not passed to the wrapper */
    ck_assert_ptr_nonnull(strstr(out, "pr_loop0(&pr_copy0, &pr_copy1, &pr_copy2, n, a);"));
}
END_TEST

/* The wrapper sets the caller's variables through copies, never through
 * their addresses: an address taken keeps a variable in memory in every
 * loop of the caller (the loop in place, host loops over the same i). The
 * induction variable's old value goes in only when the loop's bounds read
 * it; a maxloc's index, which C89 code leaves unset, is not copied. */
START_TEST(call_sets_copies_not_addresses)
{
    char *out = transpile_snippet("int f(const float *a, int n) { int i, best; float m = 1e30f;\n"
                                  "#pragma reduce(minloc: m, best)\n"
                                  "for (i = 0; i < n; i++) if (a[i] < m) { m = a[i]; best = i; }\n"
                                  "return best + i; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "} else { auto pr_copy0 = m; decltype(i) pr_copy_iv = decltype(i)(); "
                                      "pr_loop0(&pr_copy0, &best, &pr_copy_iv, n, a); m = pr_copy0; i = pr_copy_iv; } }"));
    ck_assert_ptr_null(strstr(out, "(&m,"));
    ck_assert_ptr_null(strstr(out, "&i,"));
    out = transpile_snippet("long f(const long *a, int n) { int i = 1; long s = 0;\n"
                            "#pragma reduce(+: s)\n"
                            "for (i = i + 1; i < n; i++) s += a[i];\n"
                            "return s + i; }\n");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "auto pr_copy0 = s; auto pr_copy_iv = i; pr_loop0(&pr_copy0, &pr_copy_iv, n, a); "
                                      "s = pr_copy0; i = pr_copy_iv;"));
}
END_TEST

/* What only the GPU (or the loop's own copies) would get wrong: pointers
 * loaded from memory, reads through pointers that may point to the loop's
 * own variables, recursion, long double. */
static const char hazard_prelude[] =
    "#include <math.h>\n"
    "typedef struct { double *data; double fixed[4]; } Vec;\n"
    "typedef struct { double **me; int m, n; } Mat;\n"
    "typedef struct { Vec in; } Outer;\n"
    "double gs; static double ss; static double st; static double *sp = &st; double *gp;\n"
    "static long fact(long k) { return k <= 1 ? 1 : k * fact(k - 1); }\n"
    "static long odd(long k);\n"
    "static long even(long k) { return k == 0 ? 1 : odd(k - 1); }\n"
    "static long odd(long k) { return k == 0 ? 0 : even(k - 1); }\n"
    "static long sq(long k) { return k * k; }\n"
    "static long twice(long k) { return sq(k) + sq(k); }\n"
    "static double first(const Vec *v) { return v->data[0]; }\n"
    "static double widen(double x) { long double t = x; return (double)t; }\n";

static const struct {
    bool ok;
    const char *fn;
} hazards[] = {
    /* structs: what is copied holds no pointer the kernel follows */
    {true, "double f(const Vec *p) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < 4; i++) s += p->fixed[i]; return s; }"},
    {true, "double f(Vec v) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < 4; i++) s += v.fixed[i]; return s; }"},
    /* a pointer member the loop cannot change: copied before the loop (element.c) */
    {true, "double f(Vec v, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += v.data[i]; return s; }"},
    {true, "double f(const Vec *p, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += p->data[i]; return s; }"},
    {true, "double f(const Outer *o, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += o->in.data[i]; return s; }"},
    {false, "double f(Vec v, int n, double *w) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) { s += v.data[i]; v.data = w; } return s; }"},
    {false, "double f(Vec *p, Vec *q, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) { s += p->data[i]; q->n = i; } return s; }"},
    {false, "double f(Vec v, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) { double **pp = &v.data; s += v.data[i] + (pp != 0); } return s; }"},
    {false, "double f(const Mat *m) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < m->m; i++) for (int j = 0; j < m->n; j++) s += m->me[i][j]; return s; }"},
    {false, "double f(const Vec *a, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += a[i].data[0]; return s; }"},
    {false, "double f(double *const *t, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += (*t)[i]; return s; }"},
    {false, "double f(const Vec *a, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) { const double *d = a[i].data; s += d[0]; } return s; }"},
    {false, "double f(const Vec *a, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += first(&a[i]); return s; }"},
    {false, "typedef struct { double w[1024]; } T;\ndouble f(T t, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += t.w[i % 1024]; return s; }"},
    {true, "typedef struct { double w[1024]; } T;\ndouble f(T t, int n) { double s = 0; const T *p = &t;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += p->w[i % 1024]; return s; }"},
    /* addresses turned into integers and back */
    {false, "long f(const double *x, int n) { long s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += ((unsigned long)(x + i) & 15) == 0; return s; }"},
    {false, "double f(unsigned long base, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += ((const double *)base)[i]; return s; }"},
    {true, "double f(const double *x, int n) { double s = 0;\n#pragma reduce(+: s) in(x[0:n])\nfor (int i = 0; i < n; i++) { const double *p = (void *)0; if (x != 0 && !p) s += x[i]; } return s; }"},
    {false, "long f(const double *x, const double *y, int n) { long s = 0;\n#pragma reduce(+: s) in(x[0:n], y[0:n])\nfor (int i = 0; i < n; i++) s += x + i == y + i; return s; }"},
    {true, "long f(const double *x, int n) { long s = 0;\n#pragma reduce(+: s) in(x[0:n])\nfor (int i = 0; i < n; i++) s += (x + i - x) + (x != 0); return s; }"},
    /* pointers that may point to the loop's own variables */
    {true, "double f(const double *x, int n) { double s = 0; double *ps = &s; *ps = 1;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += x[i]; return s; }"},
    {false, "double f(const double *x, int n) { double s = 0; double *ps = &s;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += x[i] + *ps; return s; }"},
    {false, "double f(const double *x, int n) { double s = 0; gp = &s;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += x[i] * gp[0]; return s; }"},
    {false, "double f(const double *x, int n) { double s = 0; if (n > 9) x = &s;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += x[i]; return s; }"},
    {false, "void f(const double *x, int n) {\n#pragma reduce(+: gs)\nfor (int i = 0; i < n; i++) gs += x[i]; }"},
    {true, "void f(const double *x, int n) {\n#pragma reduce(+: ss)\nfor (int i = 0; i < n; i++) ss += x[i]; }"},
    {false, "void f(const double *x, int n) {\n#pragma reduce(+: st)\nfor (int i = 0; i < n; i++) st += x[i]; }"},
    {true, "void f(const double *x, int n) { double g[4] = {0};\n#pragma reduce(+: gs)\nfor (int i = 0; i < n; i++) gs += g[i % 4]; (void)x; }"},
    {false, "double f(const double *x, int n) { double s = 0; const double *y = x; { double *p = &s; *p = 1; }\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += y[i]; return s; }"},
    {true, "double f(const double *x, int n) { double r = 0; { double s = 0; double *p = &s; *p = 1; r += s; }\n{ double s = 0; const double *y = x;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += y[i]; r += s; } return r; }"},
    {false, "long f(const long *x, long n) { long s = 0, i; long *pi = &i;\n#pragma reduce(+: s)\nfor (i = 0; i < n; i++) s += x[*pi]; return s; }"},
    {false, "double f(const double *x, int n) { double s = 0, t; double *pt = &t;\n#pragma reduce(+: s) private(t)\nfor (int i = 0; i < n; i++) { t = x[i]; s += t * *pt; } return s; }"},
    {false, "double f(const double *x, int n) { double s = 0, w[2]; double *pw = w;\n#pragma reduce(+: s) private(w)\nfor (int i = 0; i < n; i++) { w[0] = x[i]; w[1] = 1; s += pw[1]; } return s; }"},
    /* recursion, direct or through other helpers */
    {true, "long f(const long *x, int n) { long s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += twice(x[i]) + sq(x[i]); return s; }"},
    {false, "long f(const long *x, int n) { long s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += fact(x[i]); return s; }"},
    {false, "long f(const long *x, int n) { long s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += even(x[i]); return s; }"},
    {false, "long f(const long *x, int n) { long s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += n > 1 ? f(x, 1) : x[i]; return s; }"},
    /* long double, every way it can appear */
    {true, "double f(const double *x, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += x[i] * sizeof(long double); return s; }"},
    {true, "double f(const double *x, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < (int)(n * 1.0L); i++) s += x[i]; return s; }"},
    {false, "double f(const double *x, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += x[i] * 1.0L; return s; }"},
    {false, "double f(const double *x, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += (double)((long double)x[i] / 3); return s; }"},
    {false, "double f(const double *x, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += sqrtl(x[i]); return s; }"},
    {false, "double f(const double *x, int n) { double s = 0; long double k = 3;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += x[i] * k; return s; }"},
    {false, "double f(const long double *x, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += x[i]; return s; }"},
    {false, "double f(const double *x, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) { long double t[2]; t[0] = x[i]; s += (double)t[0]; } return s; }"},
    {false, "double f(const double *x, int n) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) s += widen(x[i]); return s; }"},
};

START_TEST(gpu_hazards)
{
    static char code[8192];
    snprintf(code, sizeof code, "%s%s\n", hazard_prelude, hazards[_i].fn);
    int n;
    bool ok;
    analyze_snippet(code, &n, &ok);
    ck_assert_msg(ok == hazards[_i].ok, "%s: %s", hazards[_i].ok ? "rejected" : "accepted",
                  hazards[_i].fn);
    if (!hazards[_i].ok)
        ck_assert_int_ge(snippet_errors(), 1);
}
END_TEST

Suite *reduction_suite(void)
{
    Suite *s = suite_create("reduction");
    TCase *tc = tcase_create("updates");
    tcase_add_loop_test(tc, accepts_updates, 0, sizeof good / sizeof good[0]);
    tcase_add_loop_test(tc, rejects_non_reductions, 0, sizeof bad / sizeof bad[0]);
    tcase_add_test(tc, reduction_variable_kinds);
    tcase_add_loop_test(tc, minmax_forms, 0, sizeof forms / sizeof forms[0]);
    tcase_add_test(tc, output_has_kernel_and_fallback);
    tcase_add_loop_test(tc, accepts_scratch_and_minmax_else, 0,
                        sizeof scratch_good / sizeof scratch_good[0]);
    tcase_add_loop_test(tc, rejects_bad_scratch_and_else_chains, 0,
                        sizeof scratch_bad / sizeof scratch_bad[0]);
    tcase_add_test(tc, output_declares_privates_and_checks_minmax_order);
    tcase_add_test(tc, cpu_path_in_place);
    tcase_add_test(tc, call_sets_copies_not_addresses);
    tcase_add_test(tc, cpu_path_threads);
    tcase_add_loop_test(tc, scratch_liveness, 0, sizeof liveness / sizeof liveness[0]);
    tcase_add_loop_test(tc, gpu_hazards, 0, sizeof hazards / sizeof hazards[0]);
    suite_add_tcase(s, tc);
    return s;
}
