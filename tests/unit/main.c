/* Runs every unit suite; CK_FORK=no (set by `make asan`) keeps one process
 * so AddressSanitizer sees everything. */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

static Source last;
static int last_errors;

Site *analyze_snippet(const char *code, int *count, bool *ok)
{
    ParseOptions po = {0};
    diag_reset();
    source_dispose(&last);
    ast_reset();
    *count = 0;
    *ok = false;
    Site *sites = NULL;
    TranspileOptions opts = {.line_directives = true, .out_name = "snippet.cu"};
    if (source_parse_buffer(&last, "snippet.c", code, strlen(code), &po))
        sites = transpile_analyze(&last, &opts, count, ok);
    last_errors = diag_error_count();
    return sites;
}

char *transpile_snippet(const char *code)
{
    ParseOptions po = {0};
    diag_reset();
    source_dispose(&last);
    ast_reset();
    char *out = NULL;
    if (source_parse_buffer(&last, "snippet.c", code, strlen(code), &po)) {
        TranspileOptions opts = {.line_directives = true, .out_name = "snippet.cu"};
        out = transpile(&last, &opts);
    }
    last_errors = diag_error_count();
    return out;
}

int snippet_errors(void) { return last_errors; }

const Source *snippet_source(void) { return &last; }

int main(void)
{
    /* diagnostics are expected; keep the test log readable */
    if (!getenv("UNIT_SHOW_DIAGNOSTICS"))
        (void)!freopen("/dev/null", "w", stderr);
    SRunner *sr = srunner_create(pragma_suite());
    srunner_add_suite(sr, loop_suite());
    srunner_add_suite(sr, reduction_suite());
    srunner_add_suite(sr, access_suite());
    srunner_add_suite(sr, splice_suite());
    srunner_add_suite(sr, cost_suite());
    srunner_add_suite(sr, segment_suite());
    srunner_add_suite(sr, residency_suite());
    srunner_add_suite(sr, element_suite());
    srunner_add_suite(sr, disjoint_suite());
    srunner_add_suite(sr, emit_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    source_dispose(&last);
    ast_reset();
    arena_free_all();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
