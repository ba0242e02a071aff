/* residency.c and data.c: the region each function gets, the invalidation
 * put before (or at) each host write, chained calls, data directives. */
#include "unit.h"

#include <stdio.h>
#include <string.h>

/* The transpiled text from the function `marker` on (the runtime copied
 * at the top of the output mentions every name too). */
static const char *user_code(const char *code, const char *marker)
{
    char *out = transpile_snippet(code);
    ck_assert_msg(out != NULL, "transpiling failed");
    const char *at = strstr(out, marker);
    while (at && strstr(at + 1, marker))
        at = strstr(at + 1, marker); /* the last: the function, not a forward mention */
    ck_assert_msg(at != NULL, "no '%s' in the output", marker);
    return at;
}

#define HEAD "#include <stdlib.h>\n#include <string.h>\n"
#define LOOP(x) "#pragma reduce(+: s)\n    for (long i = 0; i < n; i++) s += " x "[i];\n"

static void has(const char *text, const char *what)
{
    ck_assert_msg(strstr(text, what) != NULL, "'%s' missing in:\n%s", what, text);
}

static void lacks(const char *text, const char *what)
{
    ck_assert_msg(strstr(text, what) == NULL, "'%s' unexpected in:\n%s", what, text);
}

START_TEST(region_in_functions_with_loops)
{
    const char *t = user_code(HEAD "double f(const double *x, long n) {\n double s = 0;\n" LOOP("x")
                              " return s;\n}\n",
                              "double f(");
    has(t, "{ pragreduce::region pr_region;");
}
END_TEST

START_TEST(local_scalars_are_harmless)
{
    const char *t = user_code(HEAD "double f(const double *x, long n) {\n double s = 0, t = 0; int k = 0;\n" LOOP("x")
                              " t = s; k++;\n s = 0;\n" LOOP("x") " return s + t + k;\n}\n",
                              "double f(");
    lacks(t, "host_wrote");
}
END_TEST

START_TEST(host_loop_writes_a_box)
{
    const char *t = user_code(HEAD "double f(double *x, long n) {\n double s = 0;\n" LOOP("x")
                              " for (long j = 1; j < n; j++) x[2 * j - 1] = 0;\n" LOOP("x") " return s;\n}\n",
                              "double f(");
    has(t, "pragreduce::host_wrote_box(x, sizeof((x)[0]), [&](long long j) -> long long { return "
           "(long long)(2 * j - 1); }, (long long)(1), (long long)(n)); for");
}
END_TEST

START_TEST(unknown_calls_invalidate_everything)
{
    const char *t = user_code(HEAD "void ext(double *p);\n"
                              "double f(double *x, long n) {\n double s = 0;\n" LOOP("x")
                              " ext(x);\n" LOOP("x") " return s;\n}\n",
                              "double f(");
    has(t, "pragreduce::host_wrote_all(); ext(x);");
}
END_TEST

START_TEST(library_writes_are_ranges)
{
    const char *t = user_code(HEAD "double f(double *x, long n) {\n double s = 0;\n" LOOP("x")
                              " memset(x, 0, (size_t)n * sizeof *x);\n free(x);\n return s;\n}\n",
                              "double f(");
    has(t, "pragreduce::host_wrote(x, (size_t)((size_t)n * sizeof *x)); memset(");
    has(t, "free(pragreduce::freeing(x));");
}
END_TEST

START_TEST(guarded_loads_are_invalidated_at_the_write)
{
    const char *t = user_code(HEAD "struct node { struct node *next; double v; };\n"
                              "double f(double *x, long n, struct node *p, long d) {\n double s = 0;\n" LOOP("x")
                              " if (p && p->next) p->next->v = 1;\n if (d) x[n / d] = 2;\n"
                              " x[0] = 3;\n" LOOP("x") " return s;\n}\n",
                              "double f(");
    has(t, "(pragreduce::host_wrote(&(p->next->v), sizeof(p->next->v)), p->next->v = 1)");
    has(t, "(pragreduce::host_wrote(&(x[n / d]), sizeof(x[n / d])), x[n / d] = 2)");
    has(t, "pragreduce::host_wrote(&(x[0]), sizeof(x[0])); x[0] = 3;");
}
END_TEST

START_TEST(helpers_writing_parameters)
{
    const char *t = user_code(HEAD "static void zero(double *p, int m) { for (int i = 0; i < m; i++) p[i] = 0; }\n"
                              "static double get(const double *p) { return p[0]; }\n"
                              "double f(double *x, long n) {\n double s = 0, w[8];\n" LOOP("x")
                              " zero(w, 8);\n s += get(x);\n zero(x, 2);\n" LOOP("x") " return s;\n}\n",
                              "double f(");
    has(t, "pragreduce::host_wrote(&(w), sizeof(w)); zero(w, 8);");
    lacks(t, "host_wrote_all(); s += get(x)");
    has(t, "pragreduce::host_wrote_all(); zero(x, 2);");
}
END_TEST

START_TEST(pointers_stored_in_arrays_point_elsewhere)
{
    const char *t = user_code(HEAD "struct buf { double *data; };\n"
                              "static void put(struct buf *b) { b->data[0] = 1; }\n"
                              "static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }\n"
                              "static int g;\n"
                              "static int cmp_counting(const void *a, const void *b) { g++; return 0; }\n"
                              "double f(double *x, long n, int *k) {\n double s = 0; struct buf bs[2]; int v[8];\n"
                              " bs[0].data = x;\n" LOOP("x")
                              " put(bs);\n bs[1].data[3] = 2;\n qsort(v, 8, sizeof v[0], cmp);\n"
                              " qsort(k, 8, sizeof k[0], cmp_counting);\n" LOOP("x") " return s;\n}\n",
                              "double f(");
    /* put writes what bs[0].data points to, not bs: everything */
    has(t, "pragreduce::host_wrote_all(); put(bs);");
    has(t, "(pragreduce::host_wrote(&(bs[1].data[3]), sizeof(bs[1].data[3])), bs[1].data[3] = 2);");
    has(t, "pragreduce::host_wrote(v, (size_t)(8) * (size_t)(sizeof v[0])); qsort(v,");
    has(t, "pragreduce::host_wrote_all(); qsort(k,");
}
END_TEST

START_TEST(pointers_loaded_from_memory_are_not_their_table)
{
    const char *t = user_code(HEAD "static void zero(double *p, int m) { for (int i = 0; i < m; i++) p[i] = 0; }\n"
                              "static void zero_first(double **tab) { zero(tab[0], 2); }\n"
                              "static void copy_in(double *x, const double *y) { double *d = x; memcpy(d, y, 16); }\n"
                              "struct buf { double *data; };\n"
                              "double f(double *x, long n) {\n double s = 0; double *tab[2] = {x, x}; struct buf b[2];\n"
                              " b[0].data = x;\n" LOOP("x")
                              " zero(tab[1], 4);\n zero_first(tab);\n copy_in(x, tab[0]);\n zero(b[0].data, 2);\n"
                              LOOP("x") " return s;\n}\n",
                              "double f(");
    /* they write where the pointers point: anywhere, not the table or struct */
    has(t, "pragreduce::host_wrote_all(); zero(tab[1], 4);");
    has(t, "pragreduce::host_wrote_all(); zero_first(tab);");
    has(t, "pragreduce::host_wrote_all(); copy_in(x, tab[0]);");
    has(t, "pragreduce::host_wrote_all(); zero(b[0].data, 2);");
    lacks(t, "host_wrote(&(tab), sizeof(tab))");
    lacks(t, "host_wrote(&(b), sizeof(b))");
}
END_TEST

START_TEST(objects_scoped_in_the_statement_need_nothing)
{
    const char *t = user_code(HEAD "int snprintf(char *, size_t, const char *, ...);\n"
                              "struct span { double lo, hi; };\n"
                              "double f(double *x, long n) {\n double s = 0;\n" LOOP("x")
                              " for (int r = 0; r < 3; r++) {\n  char line[16];\n  snprintf(line, sizeof line, \"%d\", r);\n"
                              "  double t[4];\n  t[0] = r;\n  struct span sp;\n  memset(&sp, 0, sizeof sp);\n"
                              "  s += t[0] + line[0] + sp.lo;\n }\n"
                              LOOP("x") " return s;\n}\n",
                              "double f(");
    /* out of scope before the loop, and no marked loop sees them */
    lacks(t, "host_wrote(line");
    lacks(t, "host_wrote(&(t)");
    lacks(t, "host_wrote(&sp");
}
END_TEST

START_TEST(macro_writes_go_before_the_invocation)
{
    const char *t = user_code(HEAD "#define DECL_ALLOC(a, n) double *a = (double *)malloc((size_t)(n) * sizeof *a); a[0] = 1\n"
                              "#define SET(a, i, v) a[i] = v\n"
                              "double f(double *x, long n) {\n double s = 0;\n" LOOP("x")
                              " DECL_ALLOC(y, n);\n SET(x, 0, 5.0);\n" LOOP("y") " free(y);\n return s;\n}\n",
                              "double f(");
    /* never into the arguments, and naming nothing the macro declares */
    has(t, "pragreduce::host_wrote_all(true); DECL_ALLOC(y, n);");
    has(t, "pragreduce::host_wrote_all(true); SET(x, 0, 5.0);");
    lacks(t, "SET(pragreduce");
    lacks(t, "DECL_ALLOC(pragreduce");
    has(t, "{ pragreduce::region pr_region;");
}
END_TEST

START_TEST(macro_write_without_a_place_keeps_nothing)
{
    const char *t = user_code(HEAD "#define SET(a, i, v) a[i] = v\n"
                              "double f(double *x, long n, int k) {\n double s = 0;\n"
                              " if (k)\n  SET(x, 0, 5.0);\n else {\n" LOOP("x") " }\n" LOOP("x") " return s;\n}\n",
                              "double f(");
    has(t, "pragreduce::region pr_region(false);");
    lacks(t, "SET(pragreduce");
}
END_TEST

/* A host loop writing through row pointers, with nothing in it that
 * keeps copies: two copies of it, the first for when no copy is kept
 * (its host_wrote calls constant-false), the second telling residency. A
 * label or a static local keeps the one loop with the flag. */
START_TEST(host_loop_versioned_on_kept_copies)
{
    const char *t = user_code(HEAD "double f(float **r, const double *x, long n, long w) {\n double s = 0;\n"
                              " for (long i = 0; i < n; i++)\n  for (long j = 0; j < w; j++)\n   r[i][j] = 1.0f;\n"
                              LOOP("x") " return s;\n}\n",
                              "double f(");
    has(t, "if (!pragreduce::any_resident()) { const bool pr_kept_");
    has(t, " = false; /* no device copy kept: the loop as written */");
    has(t, "} else { const bool pr_kept_");
    const char *first = strstr(t, "r[i][j] = 1.0f");
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_nonnull(strstr(first + 1, "r[i][j] = 1.0f"));
    t = user_code(HEAD "double f(float **r, const double *x, long n, long w) {\n double s = 0;\n"
                  " for (long i = 0; i < n; i++) {\n  static int calls;\n  calls++;\n"
                  "  for (long j = 0; j < w; j++)\n   r[i][j] = 1.0f;\n }\n" LOOP("x") " return s;\n}\n",
                  "double f(");
    lacks(t, "if (!pragreduce::any_resident())");
    has(t, "= pragreduce::any_resident();");
    t = user_code(HEAD "double f(float **r, const double *x, long n, long w) {\n double s = 0;\n"
                  " for (long i = 0; i < n; i++) {\n  for (long j = 0; j < w; j++) {\n   if (j > 5) goto next;\n"
                  "   r[i][j] = 1.0f;\n  }\n next:;\n }\n" LOOP("x") " return s;\n}\n",
                  "double f(");
    lacks(t, "if (!pragreduce::any_resident())");
}
END_TEST

START_TEST(calls_are_chained)
{
    const char *t = user_code(HEAD "static double sum(const double *x, long n) {\n double s = 0;\n" LOOP("x")
                              " return s;\n}\n"
                              "double f(double *x, long n) {\n double t = 0;\n"
                              " for (int r = 0; r < 3; r++) { t += sum(x, n); x[r] = t; }\n return t;\n}\n",
                              "double f(");
    has(t, "{ pragreduce::region pr_region;");
    has(t, "t += (pragreduce::chain_next(), sum)(x, n);");
    has(t, "pragreduce::host_wrote(&(x[r]), sizeof(x[r])); x[r] = t;");
}
END_TEST

START_TEST(condition_writes_with_a_loop_inside)
{
    const char *t = user_code(HEAD "double f(double *x, long n) {\n double s = 0; long j = 0;\n"
                              " while ((x[j % n] = (double)j) < 3) {\n" LOOP("x") "  j++;\n }\n return s;\n}\n",
                              "double f(");
    has(t, "while (((pragreduce::host_wrote(&(x[j % n]), sizeof(x[j % n])), x[j % n] = (double)j)) < 3)");
}
END_TEST

START_TEST(threads_keep_nothing)
{
    const char *t = user_code(HEAD "int pthread_create(void *, const void *, void *(*)(void *), void *);\n"
                              "double f(double *x, long n) {\n double s = 0;\n" LOOP("x") " return s;\n}\n",
                              "double f(");
    lacks(t, "pragreduce::region");
}
END_TEST

/* An OpenMP loop between marked loops: residency stays on, its invalidation
 * goes before the directive (run by the thread that holds the copies), and
 * the directive keeps its line. */
START_TEST(openmp_loop_invalidated_before_its_directive)
{
    const char *t = user_code(HEAD "double f(double *x, long n) {\n double s = 0;\n" LOOP("x")
                              "#pragma omp parallel for\n    for (long i = 0; i < n; i++) x[i] = 2 * x[i];\n"
                              LOOP("x") " return s;\n}\n",
                              "double f(");
    has(t, "{ pragreduce::region pr_region;");
    const char *inval = strstr(t, "pragreduce::host_wrote_box(x,");
    const char *omp = strstr(t, "\n#pragma omp parallel for\n");
    ck_assert_msg(inval && omp && inval < omp, "no invalidation before the directive:\n%s", t);
}
END_TEST

/* A parallel region: this function keeps nothing, and its callers' copies
 * are stale when it returns. */
/* a parallel block without marked loops: its writes invalidated before
 * its directive, by the thread that holds the copies */
START_TEST(openmp_region_invalidated_before)
{
    const char *t = user_code(HEAD "double f(double *x, long n) {\n double s = 0;\n" LOOP("x")
                              "#pragma omp parallel\n {\n#pragma omp single\n  x[0] = 1;\n }\n"
                              LOOP("x") " return s;\n}\n",
                              "double f(");
    has(t, "{ pragreduce::region pr_region;");
    has(t, "pragreduce::host_wrote(&(x[0]), sizeof(x[0])); \n#line 7 \"snippet.c\"\n#pragma omp parallel");
}
END_TEST

/* OpenMP's settings of numbers write nothing of ours (srad_v2 sets the
 * thread count in every step) */
START_TEST(openmp_settings_are_harmless)
{
    const char *t = user_code(HEAD "#include <omp.h>\ndouble f(double *x, long n) {\n double s = 0;\n" LOOP("x")
                              " omp_set_num_threads(4); omp_set_dynamic(0);\n" LOOP("x") " return s;\n}\n",
                              "double f(");
    lacks(t, "host_wrote");
    has(t, "\n omp_set_num_threads(4); omp_set_dynamic(0);"); /* (nothing read back before it) */
}
END_TEST

/* a team block (marked loops under omp for, statements on variables):
 * copies kept, the team call on the borrowed region */
#define TEAM_LOOP "#pragma omp for reduction(+: s)\n#pragma reduce(+: s)\n    for (long i = 0; i < n; i++) s += x[i];\n"
START_TEST(openmp_team_block_keeps_copies)
{
    const char *t = user_code(HEAD "double f(double *x, long n) {\n double s = 0, a = 0;\n"
                              "#pragma omp parallel shared(s)\n {\n" TEAM_LOOP "#pragma omp barrier\n a = s * 2;\n"
                              TEAM_LOOP " }\n return s + a;\n}\n",
                              "double f(");
    has(t, "{ pragreduce::region pr_region;");
    has(t, "pragreduce::team_borrow pr_borrow(pr_region);");
}
END_TEST

/* ... but not with a host statement on an array inside the block, nor
 * with default(none) (the call could not name the region) */
START_TEST(openmp_team_block_with_array_statement_keeps_nothing)
{
    const char *t = user_code(HEAD "double f(double *x, long n) {\n double s = 0;\n"
                              "#pragma omp parallel shared(s)\n {\n" TEAM_LOOP "#pragma omp single\n x[0] = s;\n"
                              TEAM_LOOP " }\n return s;\n}\n",
                              "double f(");
    has(t, "pragreduce::region pr_region(false);");
    const char *u = user_code(HEAD "double f(double *x, long n) {\n double s = 0;\n"
                              "#pragma omp parallel default(none) shared(s, x, n)\n {\n" TEAM_LOOP " }\n"
                              " return s;\n}\n",
                              "double f(");
    has(u, "pragreduce::region pr_region(false);");
    lacks(u, "team_borrow pr_borrow");
    /* any default but shared: both sides alike (a CPU run's invalidation on
     * a thread's own empty stack would leave the function's copies stale) */
    const char *v = user_code(HEAD "double f(double *x, long n) {\n double s = 0;\n"
                              "#pragma omp parallel default(firstprivate) shared(s)\n {\n" TEAM_LOOP " }\n"
                              " return s;\n}\n",
                              "double f(");
    has(v, "pragreduce::region pr_region(false);");
    lacks(v, "team_borrow pr_borrow");
}
END_TEST

START_TEST(data_and_update)
{
    const char *t = user_code(HEAD "double f(double *x, long n) {\n double s = 0;\n"
                              "#pragma reduce data in(x[0:n])\n {\n" LOOP("x") "  x[0] = 1;\n"
                              "#pragma reduce update in(x[0:1])\n" LOOP("x") " }\n return s;\n}\n",
                              "double f(");
    has(t, "{ /* pragreduce: data region */ pragreduce::data_region pr_data0(\"snippet.c:5: data in(x[0:n])\"); "
           "pr_data0.in(x + (0), (size_t)(n) * sizeof *(x));");
    has(t, "pragreduce::update_in(x + (0), (size_t)(1) * sizeof *(x), \"snippet.c:10: update in(x[0:1])\");");
}
END_TEST

START_TEST(data_write_needs_update)
{
    char *out = transpile_snippet(HEAD "double f(double *x, long n) {\n double s = 0;\n"
                                  "#pragma reduce data in(x[0:n])\n {\n" LOOP("x") "  x[0] = 1;\n" LOOP("x")
                                  " }\n return s;\n}\n");
    ck_assert_ptr_null(out);
    ck_assert_int_eq(snippet_errors(), 1);
}
END_TEST

START_TEST(update_needs_a_region)
{
    char *out = transpile_snippet(HEAD "double f(double *x, long n) {\n double s = 0;\n"
                                  "#pragma reduce update in(x[0:n])\n" LOOP("x") " return s;\n}\n");
    ck_assert_ptr_null(out);
    ck_assert_int_eq(snippet_errors(), 1);
}
END_TEST

/* a parallel loop writing y: what the host may read of it comes back */
#define PAR(y) "#pragma reduce parallel\n    for (long i = 0; i < n; i++) " y "[i] = 2 * " y "[i];\n"

START_TEST(reads_of_kernel_writes_come_back)
{
    const char *t = user_code(HEAD "#include <stdio.h>\n"
                              "double f(double *y, long *c, long n) {\n double s = 0;\n" PAR("y")
                              " s = y[0];\n for (long j = 0; j < n; j++) s += y[j];\n"
                              " c[0] = c[1];\n printf(\"%g\\n\", y[1]);\n return s;\n}\n",
                              "double f(");
    has(t, "pragreduce::host_reads(&(y[0]), sizeof(y[0])); s = y[0];");
    has(t, "pragreduce::host_reads_box(y, sizeof((y)[0]), [&](long long j) -> long long { return "
           "(long long)(j); }, (long long)(0), (long long)(n)); for");
    /* long is not what the kernel writes: nothing to bring back */
    lacks(t, "host_reads(&(c[1])");
    has(t, "pragreduce::host_reads(&(y[1]), sizeof(y[1])); printf");
}
END_TEST

START_TEST(reads_through_the_other_signedness)
{
    /* an int array the kernel writes, read as unsigned: the same bytes */
    const char *t = user_code(HEAD "long f(int *y, long n) {\n"
                              "#pragma reduce parallel\n    for (long i = 0; i < n; i++) y[i] = (int)i;\n"
                              " return (long)*(unsigned *)y;\n}\n",
                              "long f(");
    has(t, "pragreduce::host_reads(&(*(unsigned *)y), sizeof(*(unsigned *)y));");
}
END_TEST

START_TEST(no_reads_without_kernel_writes)
{
    const char *t = user_code(HEAD "double f(double *y, long n) {\n double s = 0;\n" LOOP("y")
                              " s += y[0];\n return s;\n}\n",
                              "double f(");
    /* (the in-place CPU path brings back what other loops may keep) */
    lacks(t, "host_reads(");
    lacks(t, "host_reads_box");
    lacks(t, "host_reads_all(); s += y[0]");
}
END_TEST

START_TEST(unbounded_reads_bring_everything_back)
{
    const char *t = user_code(HEAD "void ext(const double *p);\n"
                              "double g(double *y, long n) {\n double s = 0;\n" PAR("y")
                              " ext(y);\n memcpy(y + n, y, 8);\n s = y[(long)s];\n return s;\n}\n",
                              "double g(");
    has(t, "pragreduce::host_reads_all(); pragreduce::host_wrote_all(); ext(y);");
    has(t, "pragreduce::host_reads_all(); pragreduce::host_wrote(y + n, (size_t)(8)); memcpy");
    has(t, "pragreduce::host_reads_all(); s = y[(long)s];");
}
END_TEST

START_TEST(loop_conditions_read_each_time)
{
    const char *t = user_code(HEAD "void h(double *y, long n) {\n"
                              " while (y[0] < 100) {\n" PAR("y") " }\n}\n",
                              "void h(");
    has(t, "while ((pragreduce::host_reads(&(y[0]), sizeof(y[0])), y[0] < 100))");
}
END_TEST

START_TEST(chained_call_in_a_statement_that_reads)
{
    const char *t = user_code(HEAD "static double k(double *y, long n) {\n double s = 0;\n" PAR("y") LOOP("y")
                              " return s;\n}\n"
                              "double m(double *y, long n) {\n double a = k(y, n);\n double b = k(y, n) + y[0];\n"
                              " return a + b;\n}\n",
                              "double m(");
    has(t, "double a = (pragreduce::chain_next(), k)(y, n);");
    has(t, "pragreduce::host_reads(&(y[0]), sizeof(y[0])); double b = (pragreduce::chain_next(true), k)(y, n)");
}
END_TEST

START_TEST(read_and_inline_write_keep_their_order)
{
    /* the write's address divides: invalidated at the write, after the
     * reads that go before the statement */
    const char *t = user_code(HEAD "void q(double *y, long n, long d) {\n" PAR("y")
                              " y[n / d] += 1;\n" PAR("y") "}\n",
                              "void q(");
    has(t, "pragreduce::host_reads_all(); (pragreduce::host_wrote(&(y[n / d]), sizeof(y[n / d])), y[n / d] += 1);");
}
END_TEST

/* Several GPUs: a reduction and a parallel loop split from the same trip
 * count (the cost model's one for every loop, so loops over the same
 * arrays split alike), their parts' copies gathered and made at once. */
START_TEST(team_splits_alike)
{
    const char *t = user_code(HEAD "double f(double *x, const double *y, long n) {\n double s = 0;\n" LOOP("x")
                              "#pragma reduce parallel\n    for (long i = 1; i < n - 1; i++) x[i] = y[i - 1] + y[i + 1];\n"
                              " return s;\n}\n",
                              "static const char pr_loop0_site[]");
    const char *split = "pragreduce::resident_on(), 4194304ULL, &pr_gpus);";
    const char *first = strstr(t, split);
    ck_assert_msg(first && strstr(first + 1, split), "two loops splitting from 2^22 expected in:\n%s", t);
    has(t, "pragreduce::team_copies pr_team_copies;");
    has(t, "pr_team_copies.run();");
}
END_TEST

Suite *residency_suite(void)
{
    Suite *s = suite_create("residency");
    TCase *tc = tcase_create("invalidation");
    tcase_add_test(tc, region_in_functions_with_loops);
    tcase_add_test(tc, local_scalars_are_harmless);
    tcase_add_test(tc, host_loop_writes_a_box);
    tcase_add_test(tc, unknown_calls_invalidate_everything);
    tcase_add_test(tc, library_writes_are_ranges);
    tcase_add_test(tc, guarded_loads_are_invalidated_at_the_write);
    tcase_add_test(tc, helpers_writing_parameters);
    tcase_add_test(tc, pointers_stored_in_arrays_point_elsewhere);
    tcase_add_test(tc, pointers_loaded_from_memory_are_not_their_table);
    tcase_add_test(tc, objects_scoped_in_the_statement_need_nothing);
    tcase_add_test(tc, macro_writes_go_before_the_invocation);
    tcase_add_test(tc, macro_write_without_a_place_keeps_nothing);
    tcase_add_test(tc, calls_are_chained);
    tcase_add_test(tc, host_loop_versioned_on_kept_copies);
    tcase_add_test(tc, condition_writes_with_a_loop_inside);
    tcase_add_test(tc, threads_keep_nothing);
    tcase_add_test(tc, openmp_loop_invalidated_before_its_directive);
    tcase_add_test(tc, openmp_region_invalidated_before);
    tcase_add_test(tc, openmp_team_block_keeps_copies);
    tcase_add_test(tc, openmp_settings_are_harmless);
    tcase_add_test(tc, openmp_team_block_with_array_statement_keeps_nothing);
    suite_add_tcase(s, tc);
    TCase *rc = tcase_create("reads");
    tcase_add_test(rc, reads_of_kernel_writes_come_back);
    tcase_add_test(rc, no_reads_without_kernel_writes);
    tcase_add_test(rc, reads_through_the_other_signedness);
    tcase_add_test(rc, unbounded_reads_bring_everything_back);
    tcase_add_test(rc, loop_conditions_read_each_time);
    tcase_add_test(rc, chained_call_in_a_statement_that_reads);
    tcase_add_test(rc, read_and_inline_write_keep_their_order);
    suite_add_tcase(s, rc);
    TCase *dc = tcase_create("data");
    tcase_add_test(dc, data_and_update);
    tcase_add_test(dc, data_write_needs_update);
    tcase_add_test(dc, update_needs_a_region);
    suite_add_tcase(s, dc);
    TCase *gc = tcase_create("gpus");
    tcase_add_test(gc, team_splits_alike);
    suite_add_tcase(s, gc);
    return s;
}
