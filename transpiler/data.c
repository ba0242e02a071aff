/*
 * data.c - `#pragma reduce data` and `#pragma reduce update`, in the style
 * of OpenACC's data and update directives:
 *
 *   #pragma reduce data in(a[first:count], ...)
 *   STATEMENT                      (a block, a loop, a marked loop, ...)
 *
 *   #pragma reduce update in(a[first:count], ...)
 *
 * A data directive copies the sections to the GPU when the statement
 * starts and keeps them there until it ends, whatever the analysis of
 * residency.c would conclude about the host's writes (the user vouches for
 * them); an update, inside a data directive's statement, copies sections
 * the host wrote again. The directive line becomes
 *   { pragreduce::data_region PREFIX_dataK("file:line: data in(...)"); PREFIX_dataK.in(...);
 * and a `}` follows the statement; an update becomes a call of
 * pragreduce::update_in. Nothing happens without a GPU.
 */
#include "pragreduce.h"

#include <string.h>

typedef struct {
    const Source *src;
    const Token *toks;
    size_t n, i;
    unsigned line_end;
} Cursor;

static const Token *peek(Cursor *c) { return c->i < c->n ? &c->toks[c->i] : NULL; }
static bool at(Cursor *c, const char *t) { return peek(c) && strcmp(peek(c)->text, t) == 0; }
static unsigned here(Cursor *c) { return peek(c) ? peek(c)->offset : c->line_end; }

static bool parse_directive(const Source *src, const Token *toks, size_t n, DataDirective *d)
{
    Cursor c = {src, toks, n, 1, d->end}; /* toks[0] is `data` or `update` */
    const char *word = toks[0].text;
    while (peek(&c)) {
        if (!at(&c, "in")) {
            diag_at(src, here(&c), DIAG_ERROR,
                    "unexpected '%s' in '#pragma reduce %s'; expected in(ARRAY[FIRST:COUNT], ...)",
                    peek(&c)->text, word);
            return false;
        }
        if (!pragma_parse_sections(src, toks, n, &c.i, c.line_end, "the directive", &d->sections,
                                   &d->nsections))
            return false;
    }
    for (int k = 0; k < d->nsections; k++) {
        if (d->sections[k].nmore) {
            diag_at(src, d->sections[k].offset, DIAG_ERROR,
                    "'#pragma reduce %s' keeps arrays, not tables of pointers: name '%s[%s:%s][...]' "
                    "in the in() clause of the marked loop that reads it",
                    word, d->sections[k].name, d->sections[k].lo, d->sections[k].len);
            return false;
        }
    }
    if (d->nsections == 0) {
        diag_at(src, toks[0].offset, DIAG_ERROR,
                "'#pragma reduce %s' names no array: write %s in(a[first:count], ...)", word, word);
        return false;
    }
    StrBuf sb = {0};
    strbuf_printf(&sb, "%s in(", word);
    for (int k = 0; k < d->nsections; k++)
        strbuf_printf(&sb, "%s%s[%s:%s]", k ? ", " : "", d->sections[k].name, d->sections[k].lo,
                      d->sections[k].len);
    strbuf_puts(&sb, ")");
    d->summary = strbuf_steal(&sb);
    return true;
}

DataDirective *data_find_all(const Source *src, int *count)
{
    DataDirective *list = NULL;
    int n = 0;
    for (size_t i = 0; i + 3 < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        if (strcmp(t->text, "#") != 0 || strcmp(src->tokens[i + 1].text, "pragma") != 0 ||
            strcmp(src->tokens[i + 2].text, "reduce") != 0)
            continue;
        const char *w = src->tokens[i + 3].text;
        if (strcmp(w, "data") != 0 && strcmp(w, "update") != 0)
            continue;
        /* the line: up to the first token on a later line not continued */
        unsigned end = t->offset;
        while (end < src->size && (src->text[end] != '\n' || (end > 0 && src->text[end - 1] == '\\')))
            end++;
        if (end > t->offset && src->text[end - 1] == '\r')
            end--;
        if (src->tokens[i + 3].offset >= end)
            continue;
        size_t last = i + 3;
        while (last < src->ntokens && src->tokens[last].offset < end)
            last++;
        DataDirective d = {.kind = w[0] == 'd' ? DIR_DATA : DIR_UPDATE, .start = t->offset, .end = end};
        if (parse_directive(src, src->tokens + i + 3, last - (i + 3), &d)) {
            list = xrealloc(list, (size_t)(n + 1) * sizeof *list);
            list[n++] = d;
        }
        i = last - 1;
    }
    *count = n;
    return list;
}

/* ------------------------------------------------------------ binding */

typedef struct {
    const Source *src;
    unsigned offset;
    CXCursor found;
    bool ok;
} FnFind;

static enum CXChildVisitResult find_function(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    FnFind *f = data;
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
        !source_cursor_in_main(f->src, c))
        return CXChildVisit_Continue;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned s, e;
    if (source_offset(f->src, clang_getRangeStart(r), &s) &&
        source_offset(f->src, clang_getRangeEnd(r), &e) && s <= f->offset && f->offset < e) {
        f->found = c;
        f->ok = true;
    }
    return CXChildVisit_Continue;
}

unsigned stmt_text_end(const Source *src, const Node *n)
{
    unsigned end = n->end, ms;
    /* a statement whose last token is a macro's argument ends with the invocation */
    (void)source_macro_span(src, n->end, &ms, &end);
    if (end > 0 && (src->text[end - 1] == ';' || src->text[end - 1] == '}'))
        return end;
    size_t t = source_token_at(src, end);
    if (t < src->ntokens && strcmp(src->tokens[t].text, ";") == 0)
        return src->tokens[t].end;
    return end;
}

/* The statement of a block starting at `offset`, or NULL. */
static Node *block_stmt_at(Node *n, unsigned offset)
{
    if (n->start > offset || n->end <= offset)
        return NULL;
    if (n->kind == N_COMPOUND)
        for (int i = 0; i < n->nkids; i++)
            if (n->kids[i]->start == offset && !n->kids[i]->from_macro)
                return n->kids[i];
    for (int i = 0; i < n->nkids; i++) {
        Node *r = block_stmt_at(n->kids[i], offset);
        if (r)
            return r;
    }
    return NULL;
}

/* Where the logical line holding `offset` starts: backslash-newlines
 * continue a line. */
static unsigned logical_line_start(const Source *src, unsigned offset)
{
    unsigned s = offset;
    for (;;) {
        while (s > 0 && src->text[s - 1] != '\n')
            s--;
        if (s < 2)
            return s;
        unsigned e = s - 1; /* the '\n' ending the line before */
        if (e > 0 && src->text[e - 1] == '\r')
            e--;
        if (e == 0 || src->text[e - 1] != '\\')
            return s;
        s = e - 1;
    }
}

/* The last token before token p that is not part of a preprocessor
 * directive line (other pragmas, #define, ...), or NULL: the directives
 * before a statement are not what the statement is the body of. */
static const Token *token_before_directives(const Source *src, size_t p)
{
    while (p > 0) {
        size_t q = p - 1;
        size_t first = source_token_at(src, logical_line_start(src, src->tokens[q].offset));
        if (first > q || strcmp(src->tokens[first].text, "#") != 0)
            return &src->tokens[q];
        p = first;
    }
    return NULL;
}

/* Binds directive k; a data directive followed by another one is bound
 * after it (their regions end together). state: 0 to do, 1 doing, 2 done. */
static bool bind_one(const Source *src, DataDirective *dirs, int ndirs, int k, char *state,
                     const Site *sites, int nsites)
{
    DataDirective *d = &dirs[k];
    if (state[k])
        return true;
    state[k] = 1;
    FnFind f = {src, d->start, clang_getNullCursor(), false};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_function, &f);
    if (!f.ok) {
        diag_at(src, d->start, DIAG_ERROR, "'#pragma reduce %s' must be inside a function",
                d->kind == DIR_DATA ? "data" : "update");
        state[k] = 2;
        return false;
    }
    d->function = f.found;
    size_t t = source_token_at(src, d->end);
    /* a statement of a block: not the body of an if, else, loop */
    const Token *prev = token_before_directives(src, source_token_at(src, d->start));
    const char *before = prev ? prev->text : "{";
    if (!strcmp(before, ")") || !strcmp(before, "else") || !strcmp(before, "do")) {
        diag_at(src, d->start, DIAG_ERROR,
                "'#pragma reduce %s' must be in a block, not the body of an if, else or loop "
                "(add braces)",
                d->kind == DIR_DATA ? "data" : "update");
        state[k] = 2;
        return false;
    }
    if (d->kind == DIR_UPDATE) {
        d->bound = true;
        state[k] = 2;
        return true;
    }
    unsigned next = t < src->ntokens ? src->tokens[t].offset : (unsigned)src->size;
    bool found = false;
    for (int s = 0; s < nsites && !found; s++)
        if (sites[s].pragma.start == next && sites[s].loop && !sites[s].rejected) {
            d->stmt_start = next;
            d->stmt_end = sites[s].loop_end;
            found = true;
        }
    for (int j = 0; j < ndirs && !found; j++)
        if (j != k && dirs[j].start == next && dirs[j].kind == DIR_DATA) {
            if (bind_one(src, dirs, ndirs, j, state, sites, nsites) && dirs[j].bound) {
                d->stmt_start = next;
                d->stmt_end = dirs[j].stmt_end;
                found = true;
            } else {
                state[k] = 2;
                return false; /* diagnosed there */
            }
        }
    if (!found && t < src->ntokens && strcmp(src->tokens[t].text, "}") != 0) {
        Node *fn = ast_build(src, f.found);
        Node *stmt = block_stmt_at(fn, next);
        if (stmt && stmt->kind == N_DECLSTMT) {
            diag_at(src, next, DIAG_ERROR,
                    "'#pragma reduce data' must be followed by a statement, not a declaration "
                    "(its names would end with the region): put the region in braces");
            diag_at(src, d->start, DIAG_NOTE, "the directive is here");
            state[k] = 2;
            return false;
        }
        if (stmt) {
            d->stmt_start = next;
            d->stmt_end = stmt_text_end(src, stmt);
            found = true;
        }
    }
    state[k] = 2;
    if (!found) {
        diag_at(src, d->start, DIAG_ERROR,
                "'#pragma reduce data' must be followed by a statement of the same block (a "
                "block { ... }, a loop, ...)");
        return false;
    }
    d->bound = true;
    return true;
}

bool data_bind(const Source *src, DataDirective *dirs, int ndirs, const Site *sites, int nsites)
{
    bool ok = true;
    char *state = xcalloc((size_t)ndirs + 1, 1);
    for (int k = 0; k < ndirs; k++)
        ok &= bind_one(src, dirs, ndirs, k, state, sites, nsites);
    /* every update inside a data region (in the same function) holding its arrays */
    for (int k = 0; k < ndirs; k++) {
        DataDirective *u = &dirs[k];
        if (u->kind != DIR_UPDATE || !u->bound)
            continue;
        for (int s = 0; s < u->nsections; s++) {
            bool held = false;
            for (int j = 0; j < ndirs && !held; j++) {
                const DataDirective *d = &dirs[j];
                if (d->kind != DIR_DATA || !d->bound || u->start < d->stmt_start ||
                    u->start >= d->stmt_end)
                    continue;
                for (int q = 0; q < d->nsections && !held; q++)
                    held = strcmp(d->sections[q].name, u->sections[s].name) == 0;
            }
            if (!held) {
                diag_at(src, u->sections[s].offset, DIAG_ERROR,
                        "'#pragma reduce update' names '%s', which no enclosing '#pragma reduce "
                        "data' holds on the GPU",
                        u->sections[s].name);
                ok = false;
            }
        }
    }
    return ok;
}

static void put_c_string(StrBuf *sb, const char *s)
{
    for (; *s; s++) {
        if (*s == '\\' || *s == '"')
            strbuf_putn(sb, "\\", 1);
        if (*s == '\n')
            strbuf_puts(sb, " ");
        else
            strbuf_putn(sb, s, 1);
    }
}

char *data_open_text(const Source *src, const DataDirective *d, int index, const char *prefix)
{
    unsigned line, col;
    source_line_col(src, d->start, &line, &col);
    StrBuf site = {0};
    put_c_string(&site, source_path_at(src, d->start));
    strbuf_printf(&site, ":%u: ", line);
    put_c_string(&site, d->summary);
    char *where = strbuf_steal(&site);
    StrBuf sb = {0};
    if (d->kind == DIR_UPDATE) {
        strbuf_puts(&sb, "/* pragreduce: update */ ");
        for (int k = 0; k < d->nsections; k++) {
            const ArraySection *s = &d->sections[k];
            strbuf_printf(&sb, "pragreduce::update_in(%s + (%s), (size_t)(%s) * sizeof *(%s), \"%s\");%s",
                          s->name, s->lo, s->len, s->name, where, k + 1 < d->nsections ? " " : "");
        }
        return strbuf_steal(&sb);
    }
    strbuf_printf(&sb, "{ /* pragreduce: data region */ pragreduce::data_region %sdata%d(\"%s\");", prefix,
                  index, where);
    for (int k = 0; k < d->nsections; k++) {
        const ArraySection *s = &d->sections[k];
        strbuf_printf(&sb, " %sdata%d.in(%s + (%s), (size_t)(%s) * sizeof *(%s));", prefix, index, s->name,
                      s->lo, s->len, s->name);
    }
    return strbuf_steal(&sb);
}
