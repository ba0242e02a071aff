/*
 * linkage.c - the program's own code keeps C linkage.
 *
 * The output is C++, where a function's name is mangled: a C file calling a
 * transpiled function, or the transpiled file calling a function a C file
 * defines, would not link. transpile.c opens `extern "C" {` before the
 * program's first line and closes it after the last; generated code (which
 * has templates, and internal linkage throughout) closes and reopens it.
 * System headers included at file scope are left outside it, as C++ expects
 * (some of them declare templates); the program's own headers, included
 * with quotes, are C and stay inside. Each edit keeps the lines that follow
 * where they were, with a #line after it.
 */
#include "pragreduce.h"

#include <string.h>

typedef struct {
    const Source *src;
    unsigned (*spans)[2];
    size_t count, cap;
} TopLevel;

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
    return CXChildVisit_Continue;
}

static bool inside_top(const TopLevel *t, unsigned at)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->spans[i][0] < at && at < t->spans[i][1])
            return true;
    return false;
}

static void put_line_directive(StrBuf *sb, const Source *src, unsigned line)
{
    strbuf_printf(sb, "#line %u \"", line);
    for (const char *p = src->path; *p; p++) {
        if (*p == '\\' || *p == '"')
            strbuf_putn(sb, "\\", 1);
        strbuf_putn(sb, p, 1);
    }
    strbuf_puts(sb, "\"\n");
}

/* `#include <...>` at file scope: the C linkage block closes before it and
 * opens again after it. */
static void wrap_system_include(const Source *src, unsigned hash, EditList *edits, bool lines)
{
    unsigned line, col;
    source_line_col(src, hash, &line, &col);
    unsigned start = hash - (col - 1); /* the line's first byte */
    unsigned end = hash;
    while (end < src->size && src->text[end] != '\n')
        end++;
    StrBuf before = {0}, after = {0};
    strbuf_puts(&before, "} /* extern \"C\": a system header */\n");
    if (lines)
        put_line_directive(&before, src, line);
    strbuf_puts(&after, "\nextern \"C\" {");
    if (lines) {
        strbuf_puts(&after, "\n");
        put_line_directive(&after, src, line + 1);
        after.len--; /* the line's own newline ends the directive */
        after.buf[after.len] = '\0';
    }
    edits_add(edits, start, start, strbuf_steal(&before));
    edits_add(edits, end, end, strbuf_steal(&after));
}

void linkage_rewrite(const Source *src, EditList *edits, bool line_directives)
{
    TopLevel top = {.src = src};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), collect_top, &top);
    for (size_t i = 0; i + 2 < src->ntokens; i++) {
        const Token *h = &src->tokens[i], *inc = &src->tokens[i + 1], *open = &src->tokens[i + 2];
        if (strcmp(h->text, "#") || strcmp(inc->text, "include") || strcmp(open->text, "<"))
            continue;
        unsigned line, col, hline, hcol;
        source_line_col(src, h->offset, &hline, &hcol);
        source_line_col(src, inc->offset, &line, &col);
        /* a directive: `#` first on its line (after blanks) */
        bool first = true;
        for (unsigned k = h->offset - (hcol - 1); k < h->offset; k++)
            first &= src->text[k] == ' ' || src->text[k] == '\t';
        if (!first || line != hline || inside_top(&top, h->offset))
            continue;
        wrap_system_include(src, h->offset, edits, line_directives);
    }
}
