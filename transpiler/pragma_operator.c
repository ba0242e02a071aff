/*
 * pragma_operator.c - directives written as `_Pragma("...")`, directly or
 * through macros (`#define PARFOR _Pragma("omp parallel for")`, the
 * `PRAGMA(x) _Pragma(#x)` idiom, a macro that uses such a macro, from any
 * header).
 *
 * The rest of pragreduce reads `#pragma` lines as text; these forms hide in
 * expansions, so this file finds where the main file spells one: the
 * offsets of its `_Pragma` tokens and of the macro invocations whose
 * expansion holds one, and whether it may be OpenMP (a string "omp ...",
 * or one the macro makes). Their users are conservative: one beside
 * `#pragma reduce` is an error (it would stay before the call that replaces
 * the loop), an outer loop under one is not taken to the GPU, and a
 * function holding one that may be OpenMP keeps no device copies.
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

#define uthash_malloc(sz) xmalloc(sz)
#define uthash_free(ptr, sz) ((void)(ptr), (void)(sz))
#include <uthash.h>

typedef struct {
    char *name;
    int kind;      /* its body spells a _Pragma (spells_pragma_operator's 1 or 2),
                    * or uses a macro that does (the largest of theirs) */
    char **uses;   /* the identifiers of its body */
    size_t nuses;
    UT_hash_handle hh;
} MacroInfo;

typedef struct {
    Source *src;
    MacroInfo *table;
} Finder;

/* `_Pragma ( ...` at tokens[0..1]: 0 when not; 2 when it may be OpenMP
 * (a string "omp ...", or an argument made by the macro, `_Pragma(#x)`);
 * 1 for any other string ("GCC ivdep", "unroll 4", "GCC diagnostic ...") */
static int spells_pragma_operator(const char *pragma, const char *paren, const char *arg)
{
    if (strcmp(pragma, "_Pragma") != 0 || strcmp(paren, "(") != 0)
        return 0;
    if (arg[0] != '"')
        return 2;
    const char *s = arg + 1 + strspn(arg + 1, " \t");
    return strncmp(s, "omp", 3) == 0 && (s[3] == ' ' || s[3] == '\t' || s[3] == '"') ? 2 : 1;
}

static void note_definition(Finder *f, CXCursor c)
{
    CXToken *toks;
    unsigned n;
    clang_tokenize(f->src->tu, clang_getCursorExtent(c), &toks, &n);
    char *name = cursor_spelling(c);
    MacroInfo *m;
    HASH_FIND_STR(f->table, name, m);
    if (!m) {
        m = xcalloc(1, sizeof *m);
        m->name = name;
        HASH_ADD_KEYPTR(hh, f->table, m->name, strlen(m->name), m);
    }
    char **text = xcalloc(n ? n : 1, sizeof *text);
    for (unsigned i = 0; i < n; i++) {
        CXString s = clang_getTokenSpelling(f->src->tu, toks[i]);
        text[i] = xstrdup(clang_getCString(s));
        clang_disposeString(s);
    }
    /* token 0 is the macro's name */
    for (unsigned i = 1; i < n; i++) {
        int kind = i + 2 < n ? spells_pragma_operator(text[i], text[i + 1], text[i + 2]) : 0;
        if (kind > m->kind)
            m->kind = kind;
        if (clang_getTokenKind(toks[i]) == CXToken_Identifier) {
            m->uses = xrealloc(m->uses, (m->nuses + 1) * sizeof *m->uses);
            m->uses[m->nuses++] = text[i];
        }
    }
    clang_disposeTokens(f->src->tu, toks, n);
}

static enum CXChildVisitResult visit_definitions(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_MacroDefinition)
        note_definition(data, c);
    return CXChildVisit_Continue;
}

/* a macro whose body uses an OpenMP macro is one too */
static void spread_through_uses(Finder *f)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (MacroInfo *m = f->table; m; m = m->hh.next) {
            for (size_t i = 0; m->kind < 2 && i < m->nuses; i++) {
                MacroInfo *u;
                HASH_FIND_STR(f->table, m->uses[i], u);
                if (u && u->kind > m->kind) {
                    m->kind = u->kind;
                    changed = true;
                }
            }
        }
    }
}

static void add_offset(Source *src, unsigned at, int kind)
{
    src->pragma_operators =
        xrealloc(src->pragma_operators, (src->npragma_operators + 1) * sizeof *src->pragma_operators);
    src->pragma_operators[src->npragma_operators].offset = at;
    src->pragma_operators[src->npragma_operators++].maybe_omp = kind == 2;
}

static enum CXChildVisitResult visit_expansions(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    Finder *f = data;
    if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
        return CXChildVisit_Continue;
    unsigned at;
    if (!source_offset(f->src, clang_getRangeStart(clang_getCursorExtent(c)), &at))
        return CXChildVisit_Continue;
    char *name = cursor_spelling(c);
    MacroInfo *m;
    HASH_FIND_STR(f->table, name, m);
    if (m && m->kind)
        add_offset(f->src, at, m->kind);
    return CXChildVisit_Continue;
}

static int compare_offsets(const void *a, const void *b)
{
    unsigned x = ((const PragmaOperator *)a)->offset, y = ((const PragmaOperator *)b)->offset;
    return x < y ? -1 : x > y;
}

void source_find_pragma_operators(Source *src)
{
    Finder f = {src, NULL};
    CXCursor tu = clang_getTranslationUnitCursor(src->tu);
    clang_visitChildren(tu, visit_definitions, &f);
    spread_through_uses(&f);
    clang_visitChildren(tu, visit_expansions, &f);
    for (size_t i = 0; i + 2 < src->ntokens; i++) {
        int kind = spells_pragma_operator(src->tokens[i].text, src->tokens[i + 1].text,
                                          src->tokens[i + 2].text);
        if (kind)
            add_offset(src, src->tokens[i].offset, kind);
    }
    if (src->npragma_operators > 1)
        qsort(src->pragma_operators, src->npragma_operators, sizeof *src->pragma_operators,
              compare_offsets);
}

bool source_pragma_operator_in(const Source *src, unsigned start, unsigned end, bool only_omp)
{
    for (size_t i = 0; i < src->npragma_operators; i++)
        if (src->pragma_operators[i].offset >= start && src->pragma_operators[i].offset < end &&
            (!only_omp || src->pragma_operators[i].maybe_omp))
            return true;
    return false;
}

bool source_pragma_line_before(const Source *src, unsigned offset)
{
    size_t k;
    if (!source_line_before(src, offset, &k))
        return false;
    return (k + 1 < src->ntokens && strcmp(src->tokens[k].text, "#") == 0 &&
            strcmp(src->tokens[k + 1].text, "pragma") == 0) ||
           source_pragma_operator_in(src, src->tokens[k].offset, offset, false);
}
