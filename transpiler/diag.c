/*
 * diag.c - diagnostics in the format compilers use:
 *
 *   in.c:12:9: error: 'sum' is read here outside its update; ...
 *       if (sum > 3)
 *           ^
 *
 * Errors are counted, never fatal, so one run reports every problem.
 */
#include "pragreduce.h"

#include <stdio.h>
#include <string.h>

static int error_count;
static bool errors_are_warnings;
static bool quiet;

void diag_set_quiet(bool on) { quiet = on; }

/* While probing, diagnostics are neither printed nor counted: a stage may
 * try an analysis whose failure is not an error (nested levels may repeat). */
static int probing;
static char *probe_first; /* arena */
void diag_probe(bool on)
{
    if (on && probing == 0)
        probe_first = NULL;
    probing += on ? 1 : -1;
}
const char *diag_probe_first(void) { return probe_first; }

int diag_error_count(void) { return error_count; }
void diag_reset(void) { error_count = 0; }
void diag_set_errors_are_warnings(bool on) { errors_are_warnings = on; }

static const char *level_name(DiagLevel level)
{
    switch (level) {
    case DIAG_ERROR: return "error";
    case DIAG_WARNING: return "warning";
    case DIAG_NOTE: return "note";
    }
    PR_UNREACHABLE();
}

static DiagLevel effective_level(DiagLevel level)
{
    if (level == DIAG_ERROR && errors_are_warnings)
        return DIAG_WARNING;
    if (level == DIAG_ERROR)
        error_count++;
    return level;
}

void diag_at(const Source *src, unsigned offset, DiagLevel level, const char *fmt, ...)
{
    if (probing) {
        if (level == DIAG_ERROR && !probe_first) {
            if (offset > src->size)
                offset = (unsigned)src->size;
            unsigned line, col;
            source_line_col(src, offset, &line, &col);
            va_list ap;
            va_start(ap, fmt);
            StrBuf sb = {0};
            strbuf_printf(&sb, "%u:%u: ", line, col);
            strbuf_vprintf(&sb, fmt, ap);
            va_end(ap);
            probe_first = strbuf_steal(&sb);
        }
        return;
    }
    if (offset > src->size)
        offset = (unsigned)src->size;
    level = effective_level(level);
    if (quiet)
        return;
    unsigned line, col;
    source_line_col(src, offset, &line, &col);
    fprintf(stderr, "%s:%u:%u: %s: ", src->path, line, col, level_name(level));
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);

    /* The source line, then a caret under the column; tabs are kept so the
     * caret lines up in a terminal. */
    unsigned line_start = offset - (col - 1);
    unsigned line_end = line_start;
    while (line_end < src->size && src->text[line_end] != '\n' && src->text[line_end] != '\r')
        line_end++;
    fprintf(stderr, "%.*s\n", (int)(line_end - line_start), src->text + line_start);
    for (unsigned i = line_start; i < offset; i++)
        fputc(src->text[i] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

void diag_located(DiagLevel level, const char *fmt, ...)
{
    level = effective_level(level);
    if (quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void diag_plain(DiagLevel level, const char *fmt, ...)
{
    level = effective_level(level);
    if (quiet)
        return;
    fprintf(stderr, "pragreduce: %s: ", level_name(level));
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
