/*
 * linkage.c - the program's own code keeps C linkage.
 *
 * The output is C++, where a function's name is mangled: a C file calling a
 * transpiled function, or the transpiled file calling a function a C file
 * defines, would not link. transpile.c opens `extern "C" {` before the
 * program's first line and closes it after the last; generated code (which
 * has templates, and internal linkage throughout) closes and reopens it.
 * System headers included at file scope are left outside it, as C++ expects
 * (some of them declare templates); the program's own headers are C and
 * stay inside. Which is which is decided by where clang found the file, not
 * by the include's spelling: `#include <polybench.h>` found through -I is
 * the program's, `#include "stdio.h"` found in /usr/include the system's.
 * Generated code and system headers go in C++ linkage blocks of their own,
 * nested where they stand (linkage specifications nest; the innermost one
 * decides): the file's own blocks (`extern "C" {` or `extern "C++" {` under
 * `#ifdef __cplusplus`, opened around includes or definitions, in the file
 * or in a header, closed in the same place or another) are then never
 * closed or reopened by pragreduce's text, and the code after its text has
 * the linkage it had before. Only `main`'s definition leaves the block, by
 * closing it and opening it again (C++ linkage by nesting still counts as a
 * linkage specification for nvcc). Each edit keeps the lines that follow
 * where they were, with a #line after it.
 *
 * A quoted include found beside the source is found from the output's
 * folder too: its path is rewritten relative to that folder.
 */
#include "pragreduce.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const Source *src;
    unsigned (*spans)[2];
    size_t count, cap;
    EditList *edits;
} TopLevel;

/* `main` cannot have C linkage (nvcc warns): the block closes before it
 * and opens after it, on the same lines. A declaration's extent ends before
 * its `;`: the block opens after the `;` (before it, nvcc reads the `{` as
 * the function's body); a declaration of more than main (`int main(void),
 * f(void);`) stays inside, which nvcc only warns about. */
static void keep_main_out(TopLevel *t, CXCursor c, unsigned s, unsigned e)
{
    CXString name = clang_getCursorSpelling(c);
    bool is_main = strcmp(clang_getCString(name), "main") == 0;
    clang_disposeString(name);
    if (!is_main || clang_getCursorKind(c) != CXCursor_FunctionDecl)
        return;
    if (!clang_isCursorDefinition(c)) {
        unsigned k = e;
        while (k < t->src->size && (t->src->text[k] == ' ' || t->src->text[k] == '\t' ||
                                    t->src->text[k] == '\n' || t->src->text[k] == '\r'))
            k++;
        if (k >= t->src->size || t->src->text[k] != ';')
            return;
        e = k + 1;
    }
    edits_add(t->edits, s, s, xstrdup("} /* extern \"C\" */ "));
    edits_add(t->edits, e, e, xstrdup(" extern \"C\" {"));
}

/* The extents of the main file's file-scope declarations: an #include
 * inside one (an initializer's table, say) is not at file scope. */
static enum CXChildVisitResult collect_top(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    TopLevel *t = data;
    if (!clang_isDeclaration(clang_getCursorKind(c)) || !source_cursor_in_main(t->src, c))
        return CXChildVisit_Continue;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned s, e;
    if (!source_offset(t->src, clang_getRangeStart(r), &s) || !source_offset(t->src, clang_getRangeEnd(r), &e))
        return CXChildVisit_Continue;
    if (t->count == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->spans = xrealloc(t->spans, t->cap * sizeof *t->spans);
    }
    t->spans[t->count][0] = s;
    t->spans[t->count][1] = e;
    t->count++;
    keep_main_out(t, c, s, e);
    return CXChildVisit_Continue;
}

static bool inside_top(const TopLevel *t, unsigned at)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->spans[i][0] < at && at < t->spans[i][1])
            return true;
    return false;
}

/* A block comment opened on the directive's line and closed on a later
 * one: the block's reopening would land inside it (the header then stays
 * inside the block, which C headers allow). */
static bool comment_runs_on(const Source *src, unsigned from)
{
    bool open = false;
    for (unsigned k = from; k + 1 < src->size && src->text[k] != '\n'; k++) {
        if (!open && src->text[k] == '/' && src->text[k + 1] == '*')
            open = true, k++;
        else if (open && src->text[k] == '*' && src->text[k + 1] == '/')
            open = false, k++;
    }
    return open;
}

/* The main file's #include directives that clang resolved, by the offset
 * of their line's first byte, each with whether the file is a system header
 * (found in a system folder: the compiler's, /usr/include, -isystem). */
typedef struct {
    const Source *src;
    unsigned *lines;
    bool *system;
    size_t count;
} Inclusions;

static enum CXChildVisitResult collect_inclusion(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Inclusions *in = data;
    if (clang_getCursorKind(c) != CXCursor_InclusionDirective || !source_cursor_in_main(in->src, c))
        return CXChildVisit_Continue;
    CXFile file = clang_getIncludedFile(c);
    unsigned at, line, col;
    if (!file || !source_offset(in->src, clang_getCursorLocation(c), &at))
        return CXChildVisit_Continue;
    source_line_col(in->src, at, &line, &col);
    in->lines = xrealloc(in->lines, (in->count + 1) * sizeof *in->lines);
    in->system = xrealloc(in->system, (in->count + 1) * sizeof *in->system);
    in->lines[in->count] = at - (col - 1);
    in->system[in->count++] =
        clang_Location_isInSystemHeader(clang_getLocationForOffset(in->src->tu, file, 0));
    return CXChildVisit_Continue;
}

/* Whether the #include at `hash` reads a system header: where clang found
 * it; one clang did not read (an inactive #if branch) by its spelling. */
static bool includes_system_header(const Inclusions *in, const Source *src, size_t hash_token)
{
    unsigned hash = src->tokens[hash_token].offset, line, col;
    source_line_col(src, hash, &line, &col);
    for (size_t i = 0; i < in->count; i++)
        if (in->lines[i] == hash - (col - 1))
            return in->system[i];
    return hash_token + 2 < src->ntokens && strcmp(src->tokens[hash_token + 2].text, "<") == 0;
}

/* A system #include at file scope: in a C++ linkage block of its own,
 * nested in whichever block holds the line. */
static void wrap_system_include(const Source *src, unsigned hash, EditList *edits, bool lines)
{
    unsigned line, col;
    source_line_col(src, hash, &line, &col);
    unsigned start = hash - (col - 1); /* the line's first byte */
    unsigned end = hash;
    while (end < src->size && src->text[end] != '\n')
        end++;
    StrBuf before = {0}, after = {0};
    strbuf_puts(&before, "extern \"C++\" { /* a system header */\n");
    if (lines)
        strbuf_line_directive(&before, line, source_path_at(src, hash));
    strbuf_puts(&after, "\n} /* extern \"C++\" */");
    if (lines) {
        strbuf_puts(&after, "\n");
        strbuf_line_directive(&after, line + 1, source_path_at(src, hash));
        after.len--; /* the line's own newline ends the directive */
        after.buf[after.len] = '\0';
    }
    edits_add(edits, start, start, strbuf_steal(&before));
    edits_add(edits, end, end, strbuf_steal(&after));
}

void linkage_rewrite(const Source *src, EditList *edits, bool line_directives)
{
    TopLevel top = {.src = src, .edits = edits};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), collect_top, &top);
    Inclusions in = {.src = src};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), collect_inclusion, &in);
    for (size_t i = 0; i + 1 < src->ntokens; i++) {
        const Token *h = &src->tokens[i], *inc = &src->tokens[i + 1];
        if (strcmp(h->text, "#") || strcmp(inc->text, "include") ||
            !includes_system_header(&in, src, i))
            continue;
        /* a directive on one line, at file scope */
        unsigned line, col, hline, hcol;
        source_line_col(src, h->offset, &hline, &hcol);
        source_line_col(src, inc->offset, &line, &col);
        if (!source_starts_line(src, h->offset) || line != hline || inside_top(&top, h->offset) ||
            comment_runs_on(src, h->offset))
            continue;
        wrap_system_include(src, h->offset, edits, line_directives);
    }
}

/* ------------------------------------------------------------ quoted includes */

/* `dir` made absolute and free of . and .. (realpath), or NULL. */
static char *real_dir(const char *path_in_dir)
{
    char *copy = xstrdup(path_in_dir);
    char *slash = strrchr(copy, '/');
    const char *dir = slash ? (slash == copy ? "/" : (*slash = '\0', copy)) : ".";
    char buf[PATH_MAX];
    return realpath(dir, buf) ? xstrdup(buf) : NULL;
}

/* The path of `target` (absolute) from directory `from` (absolute). */
static char *relative_path(const char *from, const char *target)
{
    size_t common = 0; /* length of the shared leading directories */
    for (size_t i = 0;; i++) {
        bool end_from = from[i] == '\0', end_target = target[i] == '/' || target[i] == '\0';
        if (end_from && end_target) {
            common = i;
            break;
        }
        if (from[i] != target[i])
            break;
        if (from[i] == '/')
            common = i;
    }
    StrBuf sb = {0};
    for (const char *p = from + common; *p; p++)
        if (*p == '/')
            strbuf_puts(&sb, "../");
    const char *rest = target + common + (target[common] == '/');
    strbuf_puts(&sb, rest);
    return strbuf_steal(&sb);
}

void include_paths_rewrite(const Source *src, const char *out_name, EditList *edits)
{
    char *src_dir = real_dir(src->path), *out_dir = real_dir(out_name);
    if (!src_dir || !out_dir || strcmp(src_dir, out_dir) == 0)
        return;
    for (size_t i = 0; i + 2 < src->ntokens; i++) {
        const Token *h = &src->tokens[i], *inc = &src->tokens[i + 1], *lit = &src->tokens[i + 2];
        if (strcmp(h->text, "#") || strcmp(inc->text, "include") || lit->kind != CXToken_Literal ||
            lit->text[0] != '"')
            continue;
        size_t len = strlen(lit->text);
        if (len < 3 || lit->text[len - 1] != '"' || lit->text[1] == '/')
            continue;
        char *name = xstrndup(lit->text + 1, len - 2);
        char *beside = xformat("%s/%s", src_dir, name), buf[PATH_MAX];
        /* only a header found beside the source: -I folders work from anywhere */
        if (!realpath(beside, buf))
            continue;
        char *rel = relative_path(out_dir, beside);
        edits_add(edits, lit->offset, lit->end, xformat("\"%s\"", rel));
    }
}
