/* pragma.c: finding `#pragma reduce` and parsing its clauses. */
#include "unit.h"

#include <stdio.h>
#include <string.h>

/* A function whose only loop is marked by `pragma_line`. */
static char *program(const char *pragma_line)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "double f(const double *a, int n) {\n"
             "    double s = 0, t = 1; int m = 0;\n"
             "%s\n"
             "    for (int i = 0; i < n; i++) { s += a[i]; t *= a[i]; m = m > i ? m : i; }\n"
             "    return s + t + m;\n"
             "}\n",
             pragma_line);
    return buf;
}

static const struct {
    const char *line;
    int nvars;
    const char *summary;
} good[] = {
    {"#pragma reduce(+: s) reduce(*: t) reduce(max: m)", 3, "reduce(+: s) reduce(*: t) reduce(max: m)"},
    {"#pragma reduce( + : s ) reduce(*:t) reduce(max :m)", 3, "reduce(+: s) reduce(*: t) reduce(max: m)"},
    {"  #  pragma reduce(+: s) reduce(*: t) \\\n  reduce(max: m)", 3, "reduce(+: s) reduce(*: t) reduce(max: m)"},
    {"#pragma reduce(+: s) reduce(*: t) reduce(max: m) in(a[0:n])", 3, NULL},
};

START_TEST(accepts_wellformed)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(program(good[_i].line), &n, &ok);
    ck_assert_msg(ok, "rejected: %s", good[_i].line);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(sites[0].pragma.nvars, good[_i].nvars);
    if (good[_i].summary)
        ck_assert_str_eq(sites[0].pragma.summary, good[_i].summary);
}
END_TEST

static const char *bad[] = {
    "#pragma reduce",
    "#pragma reduce(",
    "#pragma reduce()",
    "#pragma reduce(+)",
    "#pragma reduce(+: )",
    "#pragma reduce(+ s)",
    "#pragma reduce(%: s)",
    "#pragma reduce(avg: s)",
    "#pragma reduce(-: s)",
    "#pragma reduce(+: s",
    "#pragma reduce(+: s) foo",
    "#pragma reduce(+: s, s)",
    "#pragma reduce(+: s) reduce(*: s)",
    "#pragma reduce(+: s.x)",
    "#pragma reduce(+: s[0])",
    "#pragma reduce(+: 3)",
    "#pragma reduce(+: s) in(a)",
    "#pragma reduce(+: s) in(a[0])",
    "#pragma reduce(+: s) in(a[:n])",
    "#pragma reduce(+: s) in(a[0:])",
    "#pragma reduce(+: s) in(b[0:n])",
    "#pragma reduce(+: s) in(a[0:n], a[0:n])",
};

/* `#pragma reduce parallel`: its site is replaced by a segmented one. */
static char *parallel_program(const char *pragma_line)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "double f(const double *x, double *y, int n) {\n"
             "    double s = 0;\n"
             "%s\n"
             "    for (int i = 0; i < n; i++) { y[i] = 2 * x[i]; s += x[i]; }\n"
             "    return s;\n"
             "}\n",
             pragma_line);
    return buf;
}

START_TEST(parallel_parse)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(parallel_program("#pragma reduce parallel reduce(+: s)"), &n, &ok);
    ck_assert(ok);
    ck_assert_int_eq(n, 2);
    ck_assert(sites[0].absorbed && sites[0].loop == NULL);
    ck_assert(sites[1].pragma.parallel && sites[1].segment && sites[1].segment->nmarked == 0);
    ck_assert_int_eq(sites[1].pragma.nvars, 1);
    ck_assert_str_eq(sites[1].pragma.summary, "reduce parallel reduce(+: s)");
    /* the directive goes with the loop it replaces */
    ck_assert_uint_eq(sites[1].pragma.start, sites[0].pragma.start);
    /* without the clause, s is a floating-point sum whose order is kept */
    analyze_snippet(parallel_program("#pragma reduce parallel"), &n, &ok);
    ck_assert(!ok);
    ck_assert_int_ge(snippet_errors(), 1);
}
END_TEST

static const char *bad_parallel[] = {
    "#pragma reduce parallel private(s)",
    "#pragma reduce parallel collapse(2)",
    "#pragma reduce parallel(",
    "#pragma reduce parallel for",
    "#pragma reduce parallel reduce(+: s) reduce(*: s)",
};

START_TEST(parallel_malformed)
{
    int n;
    bool ok;
    analyze_snippet(parallel_program(bad_parallel[_i]), &n, &ok);
    ck_assert_msg(!ok, "accepted: %s", bad_parallel[_i]);
    ck_assert_int_ge(snippet_errors(), 1);
}
END_TEST

START_TEST(rejects_malformed)
{
    int n;
    bool ok;
    analyze_snippet(program(bad[_i]), &n, &ok);
    ck_assert_msg(!ok, "accepted: %s", bad[_i]);
    ck_assert_int_ge(snippet_errors(), 1);
}
END_TEST

START_TEST(pragma_needs_a_for)
{
    int n;
    bool ok;
    analyze_snippet("int f(int n) { int s = 0;\n#pragma reduce(+: s)\n while (n--) s += n; return s; }\n",
                    &n, &ok);
    ck_assert(!ok);
    analyze_snippet("int s;\n#pragma reduce(+: s)\n", &n, &ok);
    ck_assert(!ok);
}
END_TEST

START_TEST(skipped_regions_are_ignored)
{
    int n;
    bool ok;
    analyze_snippet("int f(int n) { int s = 0;\n#if 0\n#pragma reduce(+: s)\n#endif\n"
                    "for (int i = 0; i < n; i++) s += i; return s; }\n",
                    &n, &ok);
    ck_assert(ok);
    ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(two_errors_in_one_run)
{
    int n;
    bool ok;
    analyze_snippet("int f(int n) { int s = 0, t = 0;\n#pragma reduce(%: s)\n"
                    "for (int i = 0; i < n; i++) s += i;\n#pragma reduce(+: t)\n"
                    "for (int i = 0; i < n; i++) { t += i; if (t > 3) s = 1; }\nreturn s + t; }\n",
                    &n, &ok);
    ck_assert(!ok);
    ck_assert_int_ge(snippet_errors(), 2);
}
END_TEST

/* `#pragma omp` lines beside the reduce line: taken with it, in order. */
static const struct {
    const char *lines;
    int nomp;
} omp_good[] = {
    {"#pragma omp parallel for reduction(+: s, t) reduction(max: m)\n"
     "#pragma reduce(+: s) reduce(*: t) reduce(max: m)", 1},
    {"#pragma reduce(+: s) reduce(*: t) reduce(max: m)\n"
     "  #pragma omp parallel for \\\n  reduction(+: s)", 1},
    {"#pragma omp parallel for simd\n#pragma reduce(+: s) reduce(*: t) reduce(max: m)\n"
     "#pragma omp simd", 2},
    {"#pragma omp parallel loop\n#pragma reduce(+: s) reduce(*: t) reduce(max: m)", 1},
    /* a worksharing loop of the enclosing team (emit_team.c) */
    {"#pragma omp for reduction(+: s, t) reduction(max: m)\n"
     "#pragma reduce(+: s) reduce(*: t) reduce(max: m)", 1},
    {"#pragma omp for simd nowait\n#pragma reduce(+: s) reduce(*: t) reduce(max: m)", 1},
};

START_TEST(omp_lines_join_the_pragma)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(program(omp_good[_i].lines), &n, &ok);
    ck_assert_msg(ok, "rejected: %s", omp_good[_i].lines);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(sites[0].pragma.nomp, omp_good[_i].nomp);
    for (int k = 0; k < sites[0].pragma.nomp; k++) {
        ck_assert(strncmp(sites[0].pragma.omp[k].text, "#pragma omp", 11) == 0);
        /* only `omp for` shares the loop with the rest of a team */
        ck_assert_int_eq(sites[0].pragma.omp[k].worksharing,
                         strncmp(sites[0].pragma.omp[k].text, "#pragma omp for", 15) == 0);
    }
    /* the group's range starts at its first line */
    ck_assert(sites[0].pragma.start <= sites[0].pragma.hash_offset);
}
END_TEST

static const char *omp_bad[] = {
    "#pragma omp loop\n#pragma reduce(+: s)",
    "#pragma omp distribute parallel for\n#pragma reduce(+: s)",
    "#pragma reduce(+: s)\n#pragma omp parallel",
    "#pragma reduce(+: s)\n#pragma omp target teams distribute parallel for",
    "#pragma omp critical\n#pragma reduce(+: s)",
    "#pragma omp taskloop\n#pragma reduce(+: s)",
    "#pragma omp parallel for\n#if 1\n#endif\n#pragma reduce(+: s)",
};

START_TEST(omp_forms_rejected)
{
    int n;
    bool ok;
    analyze_snippet(program(omp_bad[_i]), &n, &ok);
    ck_assert_msg(!ok, "accepted: %s", omp_bad[_i]);
}
END_TEST

/* A histogram loop marked by `pragma_line`: h a section accumulator. */
static char *histogram(const char *pragma_line)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "void f(const int *x, int n, long *h, int bins) {\n"
             "    long s = 0;\n"
             "%s\n"
             "    for (int i = 0; i < n; i++) { h[x[i] %% bins] += 2; s += x[i]; }\n"
             "    h[0] += s;\n"
             "}\n",
             pragma_line);
    return buf;
}

START_TEST(sections_parse)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(histogram("#pragma reduce(+: h[ 0 : bins ], s)"), &n, &ok);
    ck_assert(ok);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(sites[0].pragma.nvars, 2);
    ck_assert(is_section(&sites[0].pragma.vars[0]));
    ck_assert(!is_section(&sites[0].pragma.vars[1]));
    ck_assert_str_eq(sites[0].pragma.vars[0].sec_lo, "0");
    ck_assert_str_eq(sites[0].pragma.vars[0].sec_len, "bins");
    ck_assert_str_eq(sites[0].pragma.summary, "reduce(+: h[0:bins], s)");
    ck_assert(site_has_sections(&sites[0]));
}
END_TEST

/* in(rows[first:count][first:count]): a table of pointers, a bracket per
 * level; the loop reads it as a CAP_TABLE capture. */
START_TEST(table_clause_parse)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet("double f(double **rows, long n, int d) {\n"
                                  "    double s = 0;\n"
                                  "#pragma reduce(+: s) in(rows[ 1 : n - 1 ][2:d - 2])\n"
                                  "    for (long i = 1; i < n; i++) s += rows[i][2] + rows[i][d - 1];\n"
                                  "    return s;\n"
                                  "}\n",
                                  &n, &ok);
    ck_assert(ok);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(sites[0].pragma.nsections, 1);
    const ArraySection *sec = &sites[0].pragma.sections[0];
    ck_assert_str_eq(sec->lo, "1");
    ck_assert_str_eq(sec->len, "n - 1");
    ck_assert_int_eq(sec->nmore, 1);
    ck_assert_str_eq(sec->more_lo[0], "2");
    ck_assert_str_eq(sec->more_len[0], "d - 2");
    ck_assert_int_eq(sites[0].ncaptures, 3);
    bool table = false;
    for (int k = 0; k < sites[0].ncaptures; k++) {
        const Capture *c = &sites[0].captures[k];
        if (strcmp(c->var->name, "rows") == 0) {
            table = true;
            ck_assert_int_eq(c->kind, CAP_TABLE);
            ck_assert_int_eq(c->levels, 2);
            ck_assert_str_eq(c->leaf_type, "double");
            ck_assert_int_eq(c->elem_size, 8);
        }
    }
    ck_assert(table);
    ck_assert(site_has_tables(&sites[0]));
}
END_TEST

static const char *bad_tables[] = {
    "#pragma reduce(+: s) in(rows[0:n][0:])",
    "#pragma reduce(+: s) in(rows[0:n][:d])",
    "#pragma reduce(+: s) in(rows[0:n][0])",
    "#pragma reduce(+: s) in(rows[0:n][0:d]",
    "#pragma reduce(+: s) in(rows[0:n][0:1][0:1][0:1][0:1])",
    "#pragma reduce(+: s) in(rows[0:n])",
    "#pragma reduce(+: s) in(rows[0:n][0:d][0:1])",
};

START_TEST(table_clause_malformed)
{
    int n;
    bool ok;
    char buf[512];
    snprintf(buf, sizeof buf,
             "double f(double **rows, long n, int d) {\n    double s = 0;\n%s\n"
             "    for (long i = 0; i < n; i++) s += rows[i][0];\n    return s;\n}\n",
             bad_tables[_i]);
    analyze_snippet(buf, &n, &ok);
    ck_assert_msg(!ok, "accepted: %s", bad_tables[_i]);
    ck_assert_int_ge(snippet_errors(), 1);
}
END_TEST

static const char *bad_sections[] = {
    "#pragma reduce(+: h[0:], s)",
    "#pragma reduce(+: h[:bins], s)",
    "#pragma reduce(+: h[0:bins][0:2], s)",
    "#pragma reduce(max: h[0:bins]) reduce(+: s)",
    "#pragma reduce(+: h[0:bins]) reduce(+: h[0:bins], s)",
    "#pragma reduce(+: s[0:4])",
};

START_TEST(sections_malformed)
{
    int n;
    bool ok;
    analyze_snippet(histogram(bad_sections[_i]), &n, &ok);
    ck_assert_msg(!ok, "accepted: %s", bad_sections[_i]);
}
END_TEST

/* comm(C[, ordered]): the communicator's text, taken whole */
static char *mpi_program(const char *pragma_line, const char *update)
{
    static char buf[2048];
    snprintf(buf, sizeof buf,
             "typedef struct comm_s *MPI_Comm;\n"
             "extern MPI_Comm world, comms[4];\n"
             "struct ctx { MPI_Comm c; };\n"
             "double f(const double *a, int n, struct ctx *x) {\n"
             "    double s = 0, mx = -1, mn = 1; long at = -1;\n"
             "%s\n"
             "    for (int i = 0; i < n; i++) { %s }\n"
             "    return s + mx + mn + at;\n"
             "}\n",
             pragma_line, update);
    return buf;
}

static const struct {
    const char *line, *comm;
    bool ordered;
} comm_good[] = {
    {"#pragma reduce(+: s) comm(world)", "world", false},
    {"#pragma reduce(+: s) comm( world , ordered )", "world", true},
    {"#pragma reduce(+: s) comm(comms[(n > 2) ? 1 : 0])", "comms[(n > 2) ? 1 : 0]", false},
    {"#pragma reduce(+: s) comm(x->c, ordered) collapse(1)", "x->c", true},
};

START_TEST(comm_parse)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet(mpi_program(comm_good[_i].line, "s += a[i];"), &n, &ok);
    ck_assert_msg(ok, "rejected: %s", comm_good[_i].line);
    ck_assert_str_eq(sites[0].pragma.comm, comm_good[_i].comm);
    ck_assert_int_eq(sites[0].pragma.comm_ordered, comm_good[_i].ordered);
}
END_TEST

static const struct {
    const char *line, *update;
} comm_bad[] = {
    {"#pragma reduce(+: s) comm()", "s += a[i];"},
    {"#pragma reduce(+: s) comm(world", "s += a[i];"},
    {"#pragma reduce(+: s) comm(world, fast)", "s += a[i];"},
    {"#pragma reduce(+: s) comm(world,)", "s += a[i];"},
    {"#pragma reduce(+: s) comm(world) comm(world)", "s += a[i];"},
    /* an int, not a communicator */
    {"#pragma reduce(+: s) comm(n)", "s += a[i];"},
    /* a NaN the update takes: no order of the ranks' parts reproduces it */
    {"#pragma reduce(max: mx) comm(world)", "mx = mx > a[i] ? mx : a[i];"},
    /* ties keep the last index */
    {"#pragma reduce(maxloc: mx, at) comm(world)", "if (a[i] >= mx) { mx = a[i]; at = i; }"},
    /* a min and a max in one else-chain */
    {"#pragma reduce(min: mn) reduce(max: mx) comm(world)",
     "if (a[i] < mn) mn = a[i]; else if (a[i] > mx) mx = a[i];"},
};

START_TEST(comm_rejected)
{
    int n;
    bool ok;
    analyze_snippet(mpi_program(comm_bad[_i].line, comm_bad[_i].update), &n, &ok);
    ck_assert_msg(!ok, "accepted: %s", comm_bad[_i].line);
    ck_assert_int_ge(snippet_errors(), 1);
}
END_TEST

/* on a parallel loop: its reduce() over the ranks, carried to the
 * segmented site that runs it; without a reduce() an error */
START_TEST(comm_on_parallel)
{
    int n;
    bool ok;
    const char *head = "typedef struct comm_s *MPI_Comm;\nextern MPI_Comm world;\n";
    char *code = xformat("%s%s", head, parallel_program("#pragma reduce parallel reduce(+: s) comm(world, ordered)"));
    Site *sites = analyze_snippet(code, &n, &ok);
    ck_assert_msg(ok, "rejected:\n%s", code);
    int found = 0;
    for (int i = 0; i < n; i++)
        if (sites[i].pragma.comm && !sites[i].absorbed && !sites[i].rejected) {
            ck_assert_str_eq(sites[i].pragma.comm, "world");
            ck_assert(sites[i].pragma.comm_ordered && sites[i].pragma.parallel);
            found++;
        }
    ck_assert_int_eq(found, 1);
    code = xformat("%s%s", head, parallel_program("#pragma reduce parallel comm(world)"));
    analyze_snippet(code, &n, &ok);
    ck_assert(!ok);
}
END_TEST

/* without <mpi.h> (no MPI_Comm type) the clause is an error */
START_TEST(comm_needs_mpi_h)
{
    int n;
    bool ok;
    analyze_snippet(program("#pragma reduce(+: s) comm(MPI_COMM_WORLD)"), &n, &ok);
    ck_assert(!ok);
    ck_assert_int_ge(snippet_errors(), 1);
    analyze_snippet(parallel_program("#pragma reduce parallel reduce(+: s) comm(w)"), &n, &ok);
    ck_assert(!ok);
}
END_TEST

Suite *pragma_suite(void)
{
    Suite *s = suite_create("pragma");
    TCase *tc = tcase_create("grammar");
    tcase_add_loop_test(tc, accepts_wellformed, 0, sizeof good / sizeof good[0]);
    tcase_add_loop_test(tc, rejects_malformed, 0, sizeof bad / sizeof bad[0]);
    tcase_add_test(tc, pragma_needs_a_for);
    tcase_add_loop_test(tc, comm_parse, 0, sizeof comm_good / sizeof comm_good[0]);
    tcase_add_loop_test(tc, comm_rejected, 0, sizeof comm_bad / sizeof comm_bad[0]);
    tcase_add_test(tc, comm_needs_mpi_h);
    tcase_add_test(tc, comm_on_parallel);
    tcase_add_test(tc, parallel_parse);
    tcase_add_loop_test(tc, parallel_malformed, 0, sizeof bad_parallel / sizeof bad_parallel[0]);
    tcase_add_test(tc, skipped_regions_are_ignored);
    tcase_add_test(tc, two_errors_in_one_run);
    tcase_add_test(tc, sections_parse);
    tcase_add_loop_test(tc, sections_malformed, 0, sizeof bad_sections / sizeof bad_sections[0]);
    tcase_add_test(tc, table_clause_parse);
    tcase_add_loop_test(tc, table_clause_malformed, 0, sizeof bad_tables / sizeof bad_tables[0]);
    tcase_add_loop_test(tc, omp_lines_join_the_pragma, 0, sizeof omp_good / sizeof omp_good[0]);
    tcase_add_loop_test(tc, omp_forms_rejected, 0, sizeof omp_bad / sizeof omp_bad[0]);
    suite_add_tcase(s, tc);
    return s;
}
