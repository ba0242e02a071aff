/* Shared helpers of the Check unit tests: C snippets are parsed from memory
 * (libclang's unsaved files), so no test touches the disk. */
#ifndef UNIT_H
#define UNIT_H

#include "pragreduce.h"

#include <check.h>

/* Parses `code` as "snippet.c" and runs the analysis. Returns the sites;
 * *ok and *count as transpile_analyze gives them. Diagnostics go to
 * stderr, which the runner silences. */
Site *analyze_snippet(const char *code, int *count, bool *ok);
/* The transpiled text, or NULL when errors were reported. */
char *transpile_snippet(const char *code);
/* Errors reported by the last call. */
int snippet_errors(void);
/* The source the last call parsed. */
const Source *snippet_source(void);

Suite *pragma_suite(void);
Suite *loop_suite(void);
Suite *reduction_suite(void);
Suite *access_suite(void);
Suite *splice_suite(void);
Suite *cost_suite(void);
Suite *segment_suite(void);
Suite *residency_suite(void);
Suite *element_suite(void);
Suite *disjoint_suite(void);
Suite *emit_suite(void);

#endif
