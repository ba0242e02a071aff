/*
 * diag.c - diagnostics in the format compilers use:
 *
 *   in.c:12:9: error: 'sum' is read here outside its update; ...
 *       if (sum > 3)
 *           ^
 *
 * Errors are counted, never fatal, so one run reports every problem, up
 * to PR_ERROR_LIMIT of them: after that (as clang does) nothing more is
 * printed but a note saying so; 1 MB of garbage must not give 48 MB of
 * messages.
 */
#include "pragreduce.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int error_count;
static bool errors_are_warnings;
static bool quiet;
static bool over_limit; /* PR_ERROR_LIMIT errors printed: silent from now on */

void diag_set_quiet(bool on) { quiet = on; }
bool diag_is_quiet(void) { return quiet; }

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
void diag_reset(void)
{
    error_count = 0;
    over_limit = false;
}
void diag_set_errors_are_warnings(bool on) { errors_are_warnings = on; }
bool diag_errors_are_warnings(void) { return errors_are_warnings; }

static const char *level_name(DiagLevel level)
{
    switch (level) {
    case DIAG_ERROR: return "error";
    case DIAG_WARNING: return "warning";
    case DIAG_NOTE: return "note";
    }
    PR_UNREACHABLE();
}

/* -fdiagnostics-color: gcc's colours (bold location, red error, magenta
 * warning, cyan note, green caret), on a terminal unless told */
static int colour_mode = -1; /* -1 auto, 0 never, 1 always */
void diag_set_colour(int mode) { colour_mode = mode; }

static bool colours(void)
{
    if (colour_mode >= 0)
        return colour_mode == 1;
    const char *term = getenv("TERM");
    return isatty(2) && term && strcmp(term, "dumb") != 0;
}

static const char *level_colour(DiagLevel level)
{
    switch (level) {
    case DIAG_ERROR: return "\033[01;31m";
    case DIAG_WARNING: return "\033[01;35m";
    case DIAG_NOTE: return "\033[01;36m";
    }
    return "";
}

static DiagLevel effective_level(DiagLevel level)
{
    if (level == DIAG_ERROR && errors_are_warnings)
        return DIAG_WARNING;
    if (level == DIAG_ERROR)
        error_count++;
    return level;
}

/* Whether a diagnostic of this (effective) level is printed. The first
 * error past the limit prints the note; it and everything after it (its
 * notes, later warnings) are silent. */
static bool printed(DiagLevel level)
{
    if (quiet || over_limit)
        return false;
    if (level == DIAG_ERROR && error_count > PR_ERROR_LIMIT) {
        over_limit = true;
        fprintf(stderr, "pragreduce: note: too many errors emitted (%d), stopping now\n",
                PR_ERROR_LIMIT);
        return false;
    }
    return true;
}

/* Appends text[start, end) (to sb, unless NULL) without the rename prefix
 * (cxx_names.c) where it starts an identifier, so names read as the user
 * wrote them; returns how many bytes were dropped before `mark`. */
static unsigned put_unrenamed(StrBuf *sb, const Source *src, const char *text, size_t start,
                              size_t end, size_t mark)
{
    const char *prefix = src ? src->rename_prefix : NULL;
    size_t plen = prefix ? strlen(prefix) : 0;
    unsigned dropped = 0;
    for (size_t i = start; i < end;) {
        bool ident_start = i == 0 || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_');
        if (plen && ident_start && end - i > plen && strncmp(text + i, prefix, plen) == 0) {
            if (i < mark)
                dropped += (unsigned)plen;
            i += plen;
            continue;
        }
        if (sb)
            strbuf_putn(sb, text + i, 1);
        i++;
    }
    return dropped;
}

/* "C[i]" of a row section written "C[i][0:n]". */
static char *row_of(const char *text)
{
    size_t n = strlen(text), depth = 0;
    while (n > 0) {
        char c = text[--n];
        if (c == ']')
            depth++;
        else if (c == '[' && --depth == 0)
            break;
    }
    return xstrndup(text, n);
}

/* The message with each element accumulator's scalar name (element.c)
 * replaced by what the user wrote: 'y_elem' -> 'y[i]'. */
static char *element_names_as_written(const Source *src, const char *m)
{
    if (!src->elements || src->elements->naccs == 0)
        return xstrdup(m);
    StrBuf sb = {0};
    for (size_t i = 0; m[i];) {
        bool start = i == 0 || !(isalnum((unsigned char)m[i - 1]) || m[i - 1] == '_');
        size_t len = 0;
        while (start && (isalnum((unsigned char)m[i + len]) || m[i + len] == '_'))
            len++;
        if (len) {
            char *word = xstrndup(m + i, len);
            const ElementAcc *acc = element_as_written(src, word);
            /* a row section's pointer: the row, C[i] (the message adds [lo:len]) */
            strbuf_puts(&sb, acc ? (acc->row ? row_of(acc->text) : acc->text) : word);
            i += len;
            continue;
        }
        strbuf_putn(&sb, m + i, 1);
        i++;
    }
    return sb.buf ? strbuf_steal(&sb) : xstrdup("");
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
    offset = element_redirect(src->elements, offset);
    level = effective_level(level);
    if (!printed(level))
        return;
    timing_progress_clear();
    unsigned line, col;
    source_line_col(src, offset, &line, &col);
    const char *path = source_path_at(src, offset);
    /* element accumulators (element.c): the line as the user wrote it */
    const char *text = src->text;
    size_t size = src->size;
    if (src->elements && src->elements->nmoves) {
        text = src->elements->old_text;
        size = src->elements->old_size;
        offset = element_old_offset(src->elements, offset);
        col = 1;
        while (offset >= col && text[offset - col] != '\n')
            col++;
    }
    va_list ap;
    va_start(ap, fmt);
    StrBuf message = {0}, shown = {0};
    strbuf_vprintf(&message, fmt, ap);
    va_end(ap);
    char *said = element_names_as_written(src, message.buf ? message.buf : "");
    put_unrenamed(&shown, src, said, 0, strlen(said), 0);
    strbuf_free(&message);
    unsigned shown_col = col - put_unrenamed(NULL, src, text, offset - (col - 1), offset, offset);
    if (colours())
        fprintf(stderr, "\033[01m%s:%u:%u:\033[m %s%s:\033[m %s\n", path, line, shown_col,
                level_colour(level), level_name(level), shown.buf ? shown.buf : "");
    else
        fprintf(stderr, "%s:%u:%u: %s: %s\n", path, line, shown_col, level_name(level),
                shown.buf ? shown.buf : "");
    strbuf_free(&shown);

    /* The source line, then a caret under the column; tabs are kept so the
     * caret lines up in a terminal. A long line is cut around the column
     * (a generated 1 MB line must not be printed for each error). */
    enum { SHOWN_BEFORE = 100, SHOWN_AFTER = 100 };
    unsigned line_start = offset - (col - 1);
    unsigned line_end = offset;
    while (line_end < size && line_end - offset < SHOWN_AFTER + 1 &&
           text[line_end] != '\n' && text[line_end] != '\r')
        line_end++;
    bool cut_end = line_end < size && text[line_end] != '\n' && text[line_end] != '\r';
    bool cut_start = offset - line_start > SHOWN_BEFORE;
    if (cut_start)
        line_start = offset - SHOWN_BEFORE;
    StrBuf line_text = {0};
    unsigned dropped = put_unrenamed(&line_text, src, text, line_start, line_end, offset);
    fprintf(stderr, "%s%.*s%s\n", cut_start ? "..." : "", (int)line_text.len, line_text.buf ? line_text.buf : "",
            cut_end ? "..." : "");
    if (cut_start)
        fputs("   ", stderr);
    for (unsigned i = 0; i + line_start < offset - dropped && i < line_text.len; i++)
        fputc(line_text.buf[i] == '\t' ? '\t' : ' ', stderr);
    strbuf_free(&line_text);
    fputs(colours() ? "\033[01;32m^\033[m\n" : "^\n", stderr);
}

void diag_located(DiagLevel level, const char *fmt, ...)
{
    level = effective_level(level);
    if (!printed(level))
        return;
    timing_progress_clear();
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void diag_plain(DiagLevel level, const char *fmt, ...)
{
    level = effective_level(level);
    if (!printed(level))
        return;
    timing_progress_clear();
    if (colours())
        fprintf(stderr, "\033[01mpragreduce:\033[m %s%s:\033[m ", level_colour(level), level_name(level));
    else
        fprintf(stderr, "pragreduce: %s: ", level_name(level));
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
