/*
 * element.c - accumulators that are array elements or struct members:
 * `#pragma reduce(+: y[i])`, `reduce(max: best[c])`, `reduce(+: s->total)`.
 *
 * Before the other stages see the file, each such accumulator becomes a
 * scalar loaded before the loop and stored after it, the way a user would
 * write it by hand:
 *
 *     #pragma reduce(+: y[i])            { double y_elem = (y[i]);
 *     for (j = 0; j < m; j++)     ->     #pragma reduce(+: y_elem)
 *         y[i] += A[i][j] * x[j];        for (j = 0; j < m; j++)
 *                                            y_elem += A[i][j] * x[j]; y[i] = y_elem; }
 *
 * and the file is parsed again. Every later stage (the reduction rules,
 * segmented nests around the loop, residency) then treats it as a scalar.
 * The rewrite keeps every line where it was; diagnostics map columns and
 * names back to the text the user wrote (diag.c).
 *
 * A section of a row or member, `reduce(+: C[i][0:n])`, becomes a section
 * of a pointer to that row, set before the loop (C[i] stays put: checked
 * as for elements), with the row's uses in the loop renamed:
 *
 *     #pragma reduce(+: C[i][0:n])       { double *C_row = (C[i]);
 *     for (k = 0; k < m; k++)     ->     #pragma reduce(+: C_row[0:n])
 *         for (j = 0; j < n; j++)        for (k = 0; k < m; k++) for (j = 0; j < n; j++)
 *             C[i][j] += A[i][k] * B[k][j];  C_row[j] += A[i][k] * B[k][j]; }
 *
 * What makes it the same as the sequential loop is checked later, where
 * the loop is known (reduction.c: the element's address does not change
 * in the loop and the loop reaches its storage no other way; emit.c: at
 * run time, no array the loop reads overlaps it, else the loop runs as
 * written, accumulating in memory).
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

/* What a zero-width edit opens or closes, for the order of those at one
 * offset (compare_edits_by_start): the blocks around a loop, its element
 * copies' and its member pointers'. */
enum { TAG_NONE, TAG_ELEM_OPEN, TAG_ELEM_CLOSE, TAG_PTR_OPEN, TAG_PTR_CLOSE };
typedef struct {
    int kind;
    unsigned loop; /* the loop's start */
} EditTag;

typedef struct {
    const Source *src;
    EditList edits;
    EditTag *tags; /* per edit */
    size_t ntags;
    struct {
        size_t edit;            /* an inserted text's edit ... */
        unsigned off, len, old; /* ... whose [off, off + len) stands for the text at old */
    } *redirs;
    size_t nredirs;
    MemberRefusal *refusals;
    size_t nrefusals;
    ElementAcc *accs;
    size_t naccs;
    ElementError *errors;
    size_t nerrors;
} Rewrite;

static bool token_is(const Source *src, size_t i, const char *text)
{
    return i < src->ntokens && strcmp(src->tokens[i].text, text) == 0;
}

/* End of the logical line holding `offset` (backslash continuations joined). */
static unsigned line_end_at(const Source *src, unsigned offset)
{
    unsigned e = offset;
    while (e < src->size && src->text[e] != '\n')
        e++;
    while (e < src->size && e > 0 && src->text[e - 1] == '\\') {
        e++;
        while (e < src->size && src->text[e] != '\n')
            e++;
    }
    return e;
}

static void fail_at(Rewrite *rw, unsigned offset, char *message)
{
    rw->errors = xrealloc(rw->errors, (rw->nerrors + 1) * sizeof *rw->errors);
    rw->errors[rw->nerrors++] = (ElementError){offset, message};
}

/* The accumulator's tokens [a, b) as one string, blanks dropped. */
static char *item_text(const Source *src, size_t a, size_t b)
{
    StrBuf sb = {0};
    for (size_t i = a; i < b; i++)
        strbuf_puts(&sb, src->tokens[i].text);
    return strbuf_steal(&sb);
}

/* An lvalue the loop cannot move by evaluating it: a name, then [index],
 * .member or ->member, with indices free of calls, assignments, ++/--
 * and commas. NULL when it is, else why not. */
static const char *check_item_form(const Source *src, size_t a, size_t b)
{
    if (src->tokens[a].kind != CXToken_Identifier)
        return "it must start with a variable's name";
    int depth = 0;
    for (size_t i = a + 1; i < b; i++) {
        const Token *t = &src->tokens[i];
        const char *s = t->text;
        if (strcmp(s, "[") == 0 || strcmp(s, "(") == 0) {
            if (strcmp(s, "(") == 0 && src->tokens[i - 1].kind == CXToken_Identifier &&
                depth > 0)
                return "its subscript calls a function, which may give another element each time";
            depth++;
            continue;
        }
        if (strcmp(s, "]") == 0 || strcmp(s, ")") == 0) {
            depth--;
            continue;
        }
        if (depth == 0) {
            if (strcmp(s, ".") == 0 || strcmp(s, "->") == 0) {
                if (i + 1 >= b || src->tokens[i + 1].kind != CXToken_Identifier)
                    return "a member name must follow '.' or '->'";
                i++;
                continue;
            }
            return "write a variable, its elements a[i] and members s.f or p->f";
        }
        if (t->kind == CXToken_Literal && (s[0] == '"' || s[0] == '\'' || strchr(s, '"')))
            return "its subscript holds a string or character literal";
        if (strcmp(s, ":") == 0)
            return "a section is the last subscript, 'a[lo:len]' or a row's 'C[i][lo:len]' "
                   "('C[lo:len][j]', a column, is not one run of elements: reduce each element, "
                   "reduce(+: C[i][j]))";
        static const char *const effects[] = {"++", "--", "=", "+=", "-=", "*=", "/=", "%=", "&=",
                                               "|=", "^=", "<<=", ">>=", ",", "?"};
        for (size_t k = 0; k < sizeof effects / sizeof *effects; k++)
            if (strcmp(s, effects[k]) == 0)
                return "its subscript must be an expression without side effects";
    }
    return depth == 0 ? NULL : "its brackets do not balance";
}

typedef struct {
    const Source *src;
    const Token *toks;     /* the accumulator's tokens */
    size_t ntoks;
    unsigned (*found)[2];  /* [start, end) of each occurrence */
    size_t nfound;
    CXType type;
    bool typed, typed_exact;
} Search;

/* Whether the cursor's text is exactly the accumulator's tokens. */
static bool spells_item(const Search *s, unsigned start, unsigned end)
{
    size_t t = source_token_at(s->src, start);
    for (size_t k = 0; k < s->ntoks; k++, t++) {
        if (t >= s->src->ntokens || s->src->tokens[t].offset >= end ||
            strcmp(s->src->tokens[t].text, s->toks[k].text) != 0)
            return false;
    }
    return t >= s->src->ntokens || s->src->tokens[t].offset >= end;
}

static enum CXChildVisitResult find_occurrences(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    Search *s = data;
    if (!clang_isExpression(clang_getCursorKind(c)))
        return CXChildVisit_Recurse;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned start, end;
    if (!source_offset(s->src, clang_getRangeStart(r), &start) ||
        !source_offset(s->src, clang_getRangeEnd(r), &end) || start >= end ||
        !spells_item(s, start, end))
        return CXChildVisit_Recurse;
    /* the element's own type, not an implicit conversion's around it
     * (`t0 > y[i]` converts an int element to long): libclang shows
     * conversions as unexposed expressions with the same extent */
    bool exact = clang_getCursorKind(c) != CXCursor_UnexposedExpr;
    if (!s->typed || (exact && !s->typed_exact)) {
        s->type = clang_getCursorType(c);
        s->typed = true;
        s->typed_exact = exact;
    }
    for (size_t k = 0; k < s->nfound; k++)
        if (s->found[k][0] == start && s->found[k][1] == end)
            return CXChildVisit_Recurse;
    s->found = xrealloc(s->found, (s->nfound + 1) * sizeof *s->found);
    s->found[s->nfound][0] = start;
    s->found[s->nfound][1] = end;
    s->nfound++;
    return CXChildVisit_Recurse;
}

/* The first macro invoked in [start, end) with identifier `name` among
 * its arguments, as "'NAME' (line L)"; NULL when none is. */
static const char *macro_using(const Source *src, unsigned start, unsigned end, const char *name)
{
    for (size_t m = 0; m < src->nmacro_ranges; m++) {
        unsigned ms = src->macro_ranges[m][0], me = src->macro_ranges[m][1];
        if (ms < start || me > end)
            continue;
        size_t t = source_token_at(src, ms);
        for (size_t k = t + 1; k < src->ntokens && src->tokens[k].offset < me; k++) {
            if (src->tokens[k].kind == CXToken_Identifier && !strcmp(src->tokens[k].text, name)) {
                unsigned line, col;
                source_line_col(src, ms, &line, &col);
                return xformat("'%s' (line %u)", src->tokens[t].text, line);
            }
        }
    }
    return NULL;
}

/* A name for the register copy that no identifier of the file has:
 * "y_elem" for y[i], "total_elem" for s->total. */
static char *choose_name(const Rewrite *rw, size_t a, size_t b, const char *suffix)
{
    const Source *src = rw->src;
    const char *stem = src->tokens[a].text;
    for (size_t i = a; i + 1 < b; i++)
        if (token_is(src, i, ".") || token_is(src, i, "->"))
            stem = src->tokens[i + 1].text;
    /* (a stem "pr" would give only names reserved for the generated code) */
    const char *lead = !strcmp(stem, "pr") || !strncmp(stem, "pr_", 3) ? "x" : "";
    for (int n = 1;; n++) {
        char *name = n == 1 ? xformat("%s%s_%s", lead, stem, suffix) : xformat("%s%s_%s%d", lead, stem, suffix, n);
        bool clash = strncmp(name, "pr_", 3) == 0;
        for (size_t i = 0; i < src->ntokens && !clash; i++)
            clash = src->tokens[i].kind == CXToken_Identifier && strcmp(src->tokens[i].text, name) == 0;
        for (size_t k = 0; k < rw->naccs && !clash; k++)
            clash = strcmp(rw->accs[k].name, name) == 0;
        if (!clash)
            return name;
    }
}

static bool is_builtin_scalar(CXType t)
{
    CXType canon = clang_getCanonicalType(t);
    return canon.kind >= CXType_Bool && canon.kind <= CXType_LongDouble;
}

/* Whether an edit already touches [start, end). */
static bool edited(const Rewrite *rw, unsigned start, unsigned end)
{
    for (size_t k = 0; k < rw->edits.count; k++) {
        const Edit *e = &rw->edits.items[k];
        if (e->start < end && start < e->end)
            return true;
        if (e->start == e->end && e->start > start && e->start < end)
            return true;
    }
    return false;
}

/* The last edit added opens or closes the blocks around the loop at `loop`. */
static void tag_last(Rewrite *rw, int kind, unsigned loop)
{
    rw->tags = xrealloc(rw->tags, rw->edits.count * sizeof *rw->tags);
    for (size_t k = rw->ntags; k < rw->edits.count; k++)
        rw->tags[k] = (EditTag){TAG_NONE, 0};
    rw->ntags = rw->edits.count;
    rw->tags[rw->edits.count - 1] = (EditTag){kind, loop};
}

/* End of the loop's text: its body's '}' or the ';' ending a body of one
 * statement (loop_text_end's rule, from the cursor: no tree is built, so
 * no variable of this parse is interned). */
static unsigned loop_cursor_end(const Source *src, CXCursor loop)
{
    unsigned end = 0;
    source_offset(src, clang_getRangeEnd(clang_getCursorExtent(loop)), &end);
    CXCursor body = cursor_last_child(loop);
    if (clang_getCursorKind(body) == CXCursor_CompoundStmt)
        return end;
    size_t t = source_token_at(src, end);
    if (t < src->ntokens && strcmp(src->tokens[t].text, ";") == 0)
        return src->tokens[t].end;
    return end;
}

/* An occurrence the rewrite may replace: spelled in the loop's text,
 * directly or as a macro's argument (`MAX(y[i], x)`), not in a
 * preprocessor line (a #define inside the loop). */
static bool spelled_in_loop(const Source *src, unsigned at, unsigned loop_start, unsigned loop_end)
{
    if (at < loop_start || at >= loop_end)
        return false;
    size_t first;
    if (source_line_before(src, at + 1, &first) && token_is(src, first, "#"))
        return false;
    return true;
}

typedef struct {
    const char *name;
    bool found;
} DeclSearch;

static enum CXChildVisitResult find_decl(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    DeclSearch *d = data;
    if (clang_getCursorKind(c) == CXCursor_VarDecl) {
        CXString n = clang_getCursorSpelling(c);
        d->found |= strcmp(clang_getCString(n), d->name) == 0;
        clang_disposeString(n);
    }
    return d->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A name among the item's tokens [a, p) that the loop declares (its
 * induction variable, a local of its body): the element would not be one
 * before the loop. NULL when none. */
static const char *name_declared_in_loop(const Source *src, size_t a, size_t p, CXCursor loop)
{
    for (size_t i = a; i < p; i++) {
        if (src->tokens[i].kind != CXToken_Identifier || (i > a && (token_is(src, i - 1, ".") ||
                                                                     token_is(src, i - 1, "->"))))
            continue;
        DeclSearch d = {src->tokens[i].text, false};
        clang_visitChildren(loop, find_decl, &d);
        if (d.found)
            return d.name;
    }
    return NULL;
}

typedef struct {
    size_t a, b;     /* the accumulator's tokens */
    size_t p;        /* end of the part renamed: b, or a row section's '[' */
    bool row;        /* C[i][lo:len], s.f[lo:len] */
    char *text, *name, *type;
    Search search;
} Item;

/* ------------------------------------------------------------ updates in macros */

/* A macro invocation in the loop whose expansion spells accumulators
 * (`cadd(chk, chk, x[i])` expanding to `(chk.real = chk.real + ...)`):
 * the invocation is replaced by clang's printing of its expansion, in
 * which each accumulator is renamed like the loop's own text. */
typedef struct {
    unsigned start, end;  /* the invocation */
    const Node *tree;     /* its expansion */
    const Node *at[64];   /* the accumulators in it ... */
    size_t item[64];      /* ... and which item each is */
    size_t nat;
} MacroUse;


typedef struct {
    const Source *src;
    unsigned start, end;
    CXCursor found;
    bool has;
} ExpansionSearch;

/* The outermost expression whose extent is the invocation. */
static enum CXChildVisitResult find_expansion(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    ExpansionSearch *e = data;
    if (e->has)
        return CXChildVisit_Break;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned start, end;
    if (clang_isExpression(clang_getCursorKind(c)) && source_offset(e->src, clang_getRangeStart(r), &start) &&
        source_offset(e->src, clang_getRangeEnd(r), &end) && start == e->start && end == e->end) {
        e->found = c;
        e->has = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* An lvalue's key: `s0[1]`, `chk.real`, `p->f`, `y[i]` (a subscript a
 * constant's value or a variable's name), "" for anything else. */
static char *lvalue_key(const Node *n)
{
    n = ast_strip((Node *)n);
    long long v;
    if (n->kind == N_DECLREF && n->var)
        return xstrdup(n->var->name);
    if (n->kind == N_MEMBER && n->nkids == 1) {
        char *base = lvalue_key(n->kids[0]);
        return *base ? xformat("%s%s%s", base, n->op ? n->op : ".", n->name) : base;
    }
    if (n->kind == N_SUBSCRIPT && n->nkids == 2) {
        char *base = lvalue_key(n->kids[0]);
        const Node *ix = ast_strip(n->kids[1]);
        if (!*base)
            return base;
        if (ast_int_constant(ix, &v))
            return xformat("%s[%lld]", base, v);
        if (ix->kind == N_DECLREF && ix->var)
            return xformat("%s[%s]", base, ix->var->name);
    }
    return xstrdup("");
}

/* The same key from an item's tokens (NULL when it has another form). */
static char *item_key(const Search *s)
{
    StrBuf sb = {0};
    for (size_t k = 0; k < s->ntoks; k++) {
        const char *t = s->toks[k].text;
        char *end;
        long long v = strtoll(t, &end, 0);
        if (s->toks[k].kind == CXToken_Literal && *end == '\0')
            strbuf_printf(&sb, "%lld", v);
        else if (s->toks[k].kind == CXToken_Literal) {
            strbuf_free(&sb);
            return NULL;
        } else
            strbuf_puts(&sb, t);
    }
    return strbuf_steal(&sb);
}

/* The accumulators in the expansion tree n: nodes whose key is an item's. */
static void find_items(const Node *n, Item *items, size_t nitems, char **keys, MacroUse *u, bool *full)
{
    if (!n)
        return;
    if (n->kind == N_DECLREF || n->kind == N_MEMBER || n->kind == N_SUBSCRIPT) {
        char *key = lvalue_key(n);
        for (size_t k = 0; *key && k < nitems; k++) {
            if (!keys[k] || strcmp(key, keys[k]) != 0)
                continue;
            if (u->nat == 64) {
                *full = true;
                return;
            }
            u->at[u->nat] = n;
            u->item[u->nat++] = k;
            if (!items[k].search.typed) {
                items[k].search.type = n->type;
                items[k].search.typed = true;
                items[k].search.typed_exact = true;
            }
            return;
        }
    }
    for (int i = 0; i < n->nkids; i++)
        find_items(n->kids[i], items, nitems, keys, u, full);
}

/* Whether n mentions variable `name` outside the nodes of u->at. */
static bool other_use(const Node *n, const char *name, const MacroUse *u)
{
    if (!n)
        return false;
    for (size_t k = 0; k < u->nat; k++)
        if (u->at[k] == n)
            return false;
    if (n->kind == N_DECLREF && n->var && !strcmp(n->var->name, name))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (other_use(n->kids[i], name, u))
            return true;
    return false;
}

/* The macro invocations of the loop whose expansions spell the items;
 * NULL in *why when all is well, else why the loop's text cannot be
 * rewritten. Each item found there gets its type. */
static MacroUse *macro_uses(const Source *src, CXCursor loop, unsigned loop_start, unsigned loop_end, Item *items,
                            size_t nitems, size_t *nuses, const char **why)
{
    MacroUse *uses = NULL;
    *nuses = 0;
    *why = NULL;
    char **keys = xcalloc(nitems + 1, sizeof *keys);
    for (size_t k = 0; k < nitems; k++)
        keys[k] = items[k].row ? NULL : item_key(&items[k].search);
    for (size_t m = 0; m < src->nmacro_ranges; m++) {
        unsigned ms = src->macro_ranges[m][0], me = src->macro_ranges[m][1];
        if (ms < loop_start || me > loop_end || (m && src->macro_ranges[m - 1][1] > ms))
            continue; /* outside the loop, or inside another invocation */
        /* an accumulator spelled in the invocation's own text (its
         * arguments: `MAX(s[1], v)`) is renamed there, as anywhere in the
         * loop: the macro's body sees the renamed argument */
        bool spelled = false;
        for (size_t k = 0; k < nitems && !spelled; k++)
            for (size_t o = 0; o < items[k].search.nfound && !spelled; o++)
                spelled = items[k].search.found[o][0] >= ms && items[k].search.found[o][1] <= me;
        if (spelled)
            continue;
        /* only invocations given an item's variable */
        const char *given = NULL;
        size_t t0 = source_token_at(src, ms);
        for (size_t t = t0 + 1; t < src->ntokens && src->tokens[t].offset < me && !given; t++)
            for (size_t k = 0; k < nitems && !given; k++)
                if (!items[k].row && !strcmp(src->tokens[t].text, src->tokens[items[k].a].text))
                    given = src->tokens[items[k].a].text;
        if (!given)
            continue;
        ExpansionSearch es = {src, ms, me, clang_getNullCursor(), false};
        clang_visitChildren(loop, find_expansion, &es);
        if (!es.has) {
            *why = "is given to a macro whose expansion is not one expression";
            return uses;
        }
        /* the tree, printed back (ast.c) with the accumulators renamed */
        MacroUse u = {ms, me, ast_build(src, es.found), {0}, {0}, 0};
        bool full = false;
        find_items(u.tree, items, nitems, keys, &u, &full);
        if (full) {
            *why = "is updated too often in one macro's expansion";
            return uses;
        }
        if (strstr(ast_print(u.tree), "<?>")) {
            *why = "is given to a macro whose expansion holds what pragreduce cannot print back";
            return uses;
        }
        /* the variable otherwise in the expansion (`&chk`, a member the
         * pragma does not name): not renamed, so its copy and the variable
         * would part */
        if (other_use(u.tree, given, &u)) {
            *why = xformat("is given to the macro '%s', whose expansion uses '%s' other than as an "
                           "accumulator the pragma names",
                           src->tokens[t0].text, given);
            return uses;
        }
        if (u.nat == 0)
            continue;
        uses = xrealloc(uses, (*nuses + 1) * sizeof *uses);
        uses[(*nuses)++] = u;
    }
    return uses;
}

/* The expansion with the items renamed, in parentheses. */
static char *renamed_expansion(const MacroUse *u, const Item *items)
{
    const char *names[64];
    for (size_t k = 0; k < u->nat; k++)
        names[k] = items[u->item[k]].name;
    return xformat("(%s)", ast_print_replacing(u->tree, u->at, names, u->nat));
}

/* `C[i][lo:len]`, `s.f[lo:len]`, `p->h[lo:len]`: a section whose array is
 * a row or a member. Sets *p to the section's '['. */
static bool is_row_section(const Source *src, size_t a, size_t b, size_t *p)
{
    if (b < a + 6 || !token_is(src, b - 1, "]"))
        return false;
    int depth = 0;
    size_t open = b;
    for (size_t i = b; i-- > a;) {
        const char *s = src->tokens[i].text;
        if (strcmp(s, "]") == 0 || strcmp(s, ")") == 0)
            depth++;
        else if ((strcmp(s, "[") == 0 || strcmp(s, "(") == 0) && --depth == 0) {
            open = i;
            break;
        }
    }
    if (open == b || open < a + 2)
        return false;
    bool colon = false;
    depth = 0;
    for (size_t i = open; i < b; i++) {
        const char *s = src->tokens[i].text;
        if (strcmp(s, "[") == 0 || strcmp(s, "(") == 0)
            depth++;
        else if (strcmp(s, "]") == 0 || strcmp(s, ")") == 0)
            depth--;
        else if (depth == 1 && strcmp(s, ":") == 0)
            colon = true;
    }
    if (colon)
        *p = open;
    return colon;
}

/* The `#pragma reduce(...)` whose '#' is token h: its element accumulators
 * rewritten, or errors noted for them. */
/* The accumulators of the `reduce(op: ...)` clause whose `reduce` is token
 * i, those of more than one token appended to *items; returns the token
 * after the clause. */
/* `name[lo:len]`: an array section, which pragma.c and reduction.c take
 * as it is (not an element to rewrite). */
static bool is_section_item(const Source *src, size_t a, size_t b)
{
    if (b < a + 5 || src->tokens[a].kind != CXToken_Identifier || !token_is(src, a + 1, "[") ||
        !token_is(src, b - 1, "]"))
        return false;
    int depth = 0;
    bool colon = false;
    for (size_t i = a + 1; i < b; i++) {
        const char *s = src->tokens[i].text;
        if (strcmp(s, "[") == 0 || strcmp(s, "(") == 0)
            depth++;
        else if (strcmp(s, "]") == 0 || strcmp(s, ")") == 0) {
            if (--depth == 0 && i != b - 1)
                return false; /* h[i][0:n]: not one array's section */
        } else if (depth == 1 && strcmp(s, ":") == 0)
            colon = true;
    }
    return colon;
}

static size_t clause_items(const Source *src, size_t i, unsigned line_end, Item **items,
                           size_t *nitems)
{
    size_t n = src->ntokens;
    while (i < n && src->tokens[i].offset < line_end && !token_is(src, i, ":"))
        i++;
    if (i >= n || src->tokens[i].offset >= line_end)
        return i; /* malformed: pragma.c says so */
    size_t a = ++i;
    int depth = 0;
    for (; i < n && src->tokens[i].offset < line_end; i++) {
        const char *s = src->tokens[i].text;
        if (strcmp(s, "(") == 0 || strcmp(s, "[") == 0)
            depth++;
        else if ((strcmp(s, ")") == 0 || strcmp(s, "]") == 0) && depth > 0)
            depth--;
        else if (depth == 0 && (strcmp(s, ",") == 0 || strcmp(s, ")") == 0)) {
            if (i > a + 1 && !is_section_item(src, a, i)) {
                *items = xrealloc(*items, (*nitems + 1) * sizeof **items);
                (*items)[(*nitems)++] = (Item){.a = a, .b = i};
            }
            a = i + 1;
            if (strcmp(s, ")") == 0)
                return i + 1;
        }
    }
    return i;
}

static void rewrite_pragma(Rewrite *rw, size_t h)
{
    const Source *src = rw->src;
    unsigned line_end = line_end_at(src, src->tokens[h].offset);
    Item *items = NULL;
    size_t nitems = 0;
    /* every reduce(...) clause of the line */
    for (size_t i = h + 2; i + 1 < src->ntokens && src->tokens[i].offset < line_end;) {
        if (token_is(src, i, "reduce") && token_is(src, i + 1, "("))
            i = clause_items(src, i + 2, line_end, &items, &nitems);
        else
            i++;
    }
    if (nitems == 0)
        return;
    for (size_t k = 0; k < nitems; k++) {
        items[k].p = items[k].b;
        items[k].row = is_row_section(src, items[k].a, items[k].b, &items[k].p);
        const char *why = check_item_form(src, items[k].a, items[k].p);
        if (why) {
            fail_at(rw, src->tokens[items[k].a].offset,
                    xformat("'%s' cannot be a reduction variable: %s",
                            item_text(src, items[k].a, items[k].b), why));
            return;
        }
        items[k].text = source_text(src, src->tokens[items[k].a].offset,
                                    src->tokens[items[k].b - 1].end);
    }
    unsigned first_at = src->tokens[items[0].a].offset;

    /* the loop: the first statement after this line and the OpenMP lines below it */
    size_t f = source_token_at(src, line_end);
    f = source_after_omp_lines(src, f);
    if (!token_is(src, f, "for"))
        return; /* pragma.c says what is wrong */
    CXSourceLocation loc = clang_getLocationForOffset(src->tu, src->file, src->tokens[f].offset);
    CXCursor loop_cursor = clang_getCursor(src->tu, loc);
    if (clang_getCursorKind(loop_cursor) != CXCursor_ForStmt) {
        fail_at(rw, first_at,
                xstrdup("pragreduce cannot find the for statement after this pragma (is it made by "
                        "a macro?); an element accumulator needs the loop in the file's own text"));
        return;
    }
    unsigned loop_end = loop_cursor_end(src, loop_cursor);
    unsigned loop_start = src->tokens[f].offset;

    /* where the copies are loaded: after the token before the directive lines */
    unsigned group = source_omp_group_start(src, src->tokens[h].offset);
    size_t g = source_token_at(src, group);
    size_t before_line;
    if (g == 0 || !source_line_before(src, group, &before_line) ||
        token_is(src, before_line, "#")) {
        fail_at(rw, first_at,
                xformat("'%s': pragreduce loads the element into a register right before the "
                        "pragma, after the statement or '{' above it, and here a preprocessor line "
                        "comes first; move that line, or reduce into a local variable",
                        items[0].text));
        return;
    }
    unsigned load_at = src->tokens[g - 1].end;
    if (source_inside_macro(src, load_at) || source_inside_macro(src, loop_end)) {
        fail_at(rw, first_at,
                xformat("'%s': the statement before the pragma or the loop's end is inside a macro "
                        "invocation; reduce into a local variable",
                        items[0].text));
        return;
    }

    /* all checked before any is recorded: the pragma is rewritten whole or not at all */
    for (size_t k = 0; k < nitems; k++) {
        Item *it = &items[k];
        it->search = (Search){.src = src, .toks = &src->tokens[it->a], .ntoks = it->p - it->a};
        clang_visitChildren(loop_cursor, find_occurrences, &it->search);
    }
    /* and where a macro's expansion spells them */
    size_t nuses;
    const char *macro_why;
    MacroUse *uses = macro_uses(src, loop_cursor, loop_start, loop_end, items, nitems, &nuses, &macro_why);
    if (macro_why) {
        fail_at(rw, first_at, xformat("'%s' %s; reduce into a local variable", items[0].text, macro_why));
        return;
    }
    for (size_t k = 0; k < nitems; k++) {
        Item *it = &items[k];
        const char *inner = name_declared_in_loop(src, it->a, it->p, loop_cursor);
        if (inner) {
            fail_at(rw, src->tokens[it->a].offset,
                    xformat("'%s' uses '%s', which the loop declares, so it is not one %s for the "
                            "whole loop; mark the loop inside, or reduce into a local variable",
                            it->text, inner, it->row ? "row" : "element"));
            return;
        }
        for (size_t o = 0; o < it->search.nfound; o++)
            for (size_t m = 0; m < nuses; m++)
                if (it->search.found[o][0] < uses[m].end && it->search.found[o][1] > uses[m].start) {
                    fail_at(rw, src->tokens[it->a].offset,
                            xformat("'%s' is given to a macro that also spells it in its "
                                    "expansion; reduce into a local variable",
                                    it->text));
                    return;
                }
        if (!it->search.typed) {
            const char *macro = macro_using(src, loop_start, loop_end, src->tokens[it->a].text);
            fail_at(rw, src->tokens[it->a].offset,
                    macro ? xformat("reduction variable '%s' is not updated in the loop's own text: "
                                    "the macro %s, given '%s' there, may update it in its expansion, "
                                    "which pragreduce cannot rename to the register copy; reduce "
                                    "into a local variable that the macro updates instead",
                                    it->text, macro, src->tokens[it->a].text)
                          : xformat("reduction variable '%s' is not updated in the loop", it->text));
            return;
        }
        CXType t = it->search.type;
        if (clang_isVolatileQualifiedType(t)) {
            fail_at(rw, src->tokens[it->a].offset,
                    xformat("reduction variable '%s' is volatile", it->text));
            return;
        }
        if (it->row) {
            /* the row: an array or pointer of numbers, named by a pointer */
            CXType canon = clang_getCanonicalType(t);
            CXType elem = canon.kind == CXType_Pointer ? clang_getPointeeType(canon)
                          : (canon.kind == CXType_ConstantArray || canon.kind == CXType_IncompleteArray)
                              ? clang_getArrayElementType(canon)
                              : (CXType){.kind = CXType_Invalid};
            char *row = source_text(src, src->tokens[it->a].offset, src->tokens[it->p - 1].end);
            if (elem.kind == CXType_Invalid || !is_builtin_scalar(elem)) {
                fail_at(rw, src->tokens[it->a].offset,
                        xformat("'%s' is a section of '%s', which has type '%s'; a section's "
                                "elements must be integer or floating-point numbers in an array "
                                "or behind a pointer",
                                it->text, row, type_spelling(t)));
                return;
            }
            it->type = type_spelling(clang_getCanonicalType(elem));
        } else if (!is_builtin_scalar(t)) {
            fail_at(rw, src->tokens[it->a].offset,
                    xformat("reduction variable '%s' has type '%s'; it must be an integer or "
                            "floating-point scalar",
                            it->text, type_spelling(t)));
            return;
        } else {
            it->type = type_spelling(clang_getCanonicalType(t));
        }
        for (size_t o = 0; o < it->search.nfound; o++)
            if (edited(rw, it->search.found[o][0], it->search.found[o][1]) ||
                !spelled_in_loop(src, it->search.found[o][0], loop_start, loop_end)) {
                fail_at(rw, src->tokens[it->a].offset,
                        xformat("'%s' is written in a macro's definition or is another marked "
                                "loop's accumulator in this loop; reduce into a local variable",
                                it->text));
                return;
            }
        for (size_t j = 0; j < k; j++)
            if (strcmp(items[j].text, it->text) == 0) {
                fail_at(rw, src->tokens[it->a].offset,
                        xformat("'%s' is named twice in the pragma; a variable can be reduced only "
                                "once",
                                it->text));
                return;
            }
    }
    for (size_t k = 0; k < nitems; k++) {
        items[k].name = choose_name(rw, items[k].a, items[k].p, items[k].row ? "row" : "elem");
        rw->accs = xrealloc(rw->accs, (rw->naccs + 1) * sizeof *rw->accs);
        rw->accs[rw->naccs++] =
            (ElementAcc){.name = items[k].name, .text = items[k].text, .row = items[k].row};
    }

    StrBuf load = {0}, store = {0};
    strbuf_puts(&load, " {");
    for (size_t k = 0; k < nitems; k++) {
        if (items[k].row) {
            /* the row's address, which the loop does not change */
            char *row = source_text(src, src->tokens[items[k].a].offset, src->tokens[items[k].p - 1].end);
            strbuf_printf(&load, " %s *%s = (%s);", items[k].type, items[k].name, row);
            continue;
        }
        strbuf_printf(&load, " %s %s = (%s);", items[k].type, items[k].name, items[k].text);
        strbuf_printf(&store, " %s = %s;", items[k].text, items[k].name);
    }
    strbuf_puts(&store, " }");
    edits_add(&rw->edits, load_at, load_at, strbuf_steal(&load));
    tag_last(rw, TAG_ELEM_OPEN, loop_start);
    for (size_t k = 0; k < nitems; k++) {
        edits_add(&rw->edits, src->tokens[items[k].a].offset, src->tokens[items[k].p - 1].end,
                  items[k].name);
        for (size_t o = 0; o < items[k].search.nfound; o++)
            edits_add(&rw->edits, items[k].search.found[o][0], items[k].search.found[o][1],
                      items[k].name);
    }
    for (size_t m = 0; m < nuses; m++)
        edits_add(&rw->edits, uses[m].start, uses[m].end, renamed_expansion(&uses[m], items));
    edits_add(&rw->edits, loop_end, loop_end, strbuf_steal(&store));
    tag_last(rw, TAG_ELEM_CLOSE, loop_start);
}

/* ------------------------------------------------------------ pointers held in structs */

/* `D.v[i]`, `D->v[i]`, `a.b.v[i]`, `p->q->v[i]`: a pointer a marked loop
 * reads from a struct. On the GPU the struct's copy would hold a host
 * address; the way is a variable set before the loop, and the rewrite
 * makes it, as the user would:
 *
 *     #pragma reduce(+: s)                  { double *v_ptr = (D.v);
 *     for (i = 0; i < D.n; i++)      ->     #pragma reduce(+: s)
 *         s += D.v[D.idx[i]];               for (i = 0; i < D.n; i++)
 *                                               s += v_ptr[idx_ptr[i]]; }
 *
 * (`idx_ptr` likewise), with the in() clauses of the loop's pragmas
 * renamed the same way (`in(D.v[0:n])` -> `in(v_ptr[0:n])`). Through a
 * '->' the copy is guarded, `(p ? p->v : 0)`, so a loop that never reads
 * it does not follow a null pointer. Every later stage then sees a local
 * pointer: captured, copied and kept on the GPU like one. The copy is made
 * only when the loop as written cannot change the pointer
 * (access_member_pointer_unproven on the loop's tree, here, before the
 * rewrite), so the rewritten text means what the program means however
 * the loop then runs (on the GPU, on the CPU, kept sequential by
 * --keep-invalid); a path it may change is left as written and recorded
 * (MemberRefusal) for reduction.c to report. reduction.c checks the
 * copies again on the new tree. Only reads are renamed; a path through an
 * array element (`s[i].v`: a table of pointers) or a pointer to pointers
 * (`T **`) is left for the messages of reduction.c. A marked loop inside
 * another reads the outer one's copies. */
typedef struct {
    unsigned start, end; /* an occurrence */
    size_t a, b;         /* its tokens */
    CXType type;
} PathUse;

typedef struct {
    const Source *src;
    unsigned loop_start, loop_end;
    PathUse *uses;
    size_t nuses;
} PathSearch;

/* `x (. | ->) m ...` exactly the tokens [a, b). */
static bool is_path_tokens(const Source *src, size_t a, size_t b)
{
    if (b < a + 3 || (b - a) % 2 == 0 || src->tokens[a].kind != CXToken_Identifier)
        return false;
    for (size_t i = a + 1; i < b; i += 2)
        if (!(token_is(src, i, ".") || token_is(src, i, "->")) || src->tokens[i + 1].kind != CXToken_Identifier)
            return false;
    return true;
}

static bool pointer_to_data(CXType t)
{
    CXType canon = clang_getCanonicalType(t);
    if (canon.kind != CXType_Pointer)
        return false;
    CXType p = clang_getCanonicalType(clang_getPointeeType(canon));
    return (p.kind >= CXType_Bool && p.kind <= CXType_LongDouble) || p.kind == CXType_Record ||
           p.kind == CXType_Enum;
}

static enum CXChildVisitResult first_child(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
}

static bool same_extent(const Source *src, CXCursor a, CXCursor b)
{
    unsigned as, ae, bs, be;
    CXSourceRange ra = clang_getCursorExtent(a), rb = clang_getCursorExtent(b);
    return source_offset(src, clang_getRangeStart(ra), &as) && source_offset(src, clang_getRangeEnd(ra), &ae) &&
           source_offset(src, clang_getRangeStart(rb), &bs) && source_offset(src, clang_getRangeEnd(rb), &be) &&
           as == bs && ae == be;
}

static enum CXChildVisitResult find_paths(CXCursor c, CXCursor parent, void *data)
{
    PathSearch *s = data;
    const Source *src = s->src;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind != CXCursor_MemberRefExpr && kind != CXCursor_ParenExpr)
        return CXChildVisit_Recurse;
    /* a read: the value converted (an implicit cast of the same extent),
     * of the path or of parentheses around it (`(a)[i]` of a macro's body) */
    if (clang_getCursorKind(parent) != CXCursor_UnexposedExpr || !same_extent(src, c, parent))
        return CXChildVisit_Recurse;
    while (clang_getCursorKind(c) == CXCursor_ParenExpr) {
        CXCursor inner = clang_getNullCursor();
        clang_visitChildren(c, first_child, &inner);
        if (clang_Cursor_isNull(inner))
            return CXChildVisit_Recurse;
        c = inner;
    }
    if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
        return CXChildVisit_Recurse;
    unsigned start, end;
    CXSourceRange r = clang_getCursorExtent(c);
    if (!source_offset(src, clang_getRangeStart(r), &start) || !source_offset(src, clang_getRangeEnd(r), &end) ||
        start >= end || !spelled_in_loop(src, start, s->loop_start, s->loop_end) || end > s->loop_end)
        return CXChildVisit_Recurse;
    CXType type = clang_getCursorType(c);
    if (!pointer_to_data(type))
        return CXChildVisit_Recurse;
    size_t a = source_token_at(src, start), b = a;
    while (b < src->ntokens && src->tokens[b].offset < end)
        b++;
    if (!is_path_tokens(src, a, b) || src->tokens[b - 1].end != end)
        return CXChildVisit_Recurse;
    /* from a variable declared outside the loop */
    CXSourceLocation loc = clang_getLocationForOffset(src->tu, src->file, start);
    CXCursor ref = clang_getCursorReferenced(clang_getCursor(src->tu, loc));
    enum CXCursorKind rk = clang_getCursorKind(ref);
    if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl)
        return CXChildVisit_Recurse;
    unsigned at;
    if (source_offset(src, clang_getCursorLocation(ref), &at) && at >= s->loop_start && at < s->loop_end)
        return CXChildVisit_Recurse;
    for (size_t k = 0; k < s->nuses; k++)
        if (s->uses[k].start == start && s->uses[k].end == end)
            return CXChildVisit_Recurse;
    s->uses = xrealloc(s->uses, (s->nuses + 1) * sizeof *s->uses);
    s->uses[s->nuses++] = (PathUse){start, end, a, b, type};
    return CXChildVisit_Recurse;
}

static bool same_tokens(const Source *src, size_t a, size_t b, size_t c)
{
    for (size_t k = 0; k < b - a; k++)
        if (c + k >= src->ntokens || strcmp(src->tokens[a + k].text, src->tokens[c + k].text) != 0)
            return false;
    return true;
}

/* The paths of in(...) clauses on the `#pragma reduce` lines in [from, to)
 * (the loop's own and those of marked loops inside it), renamed where they
 * are one of the loop's: `in(D.v[0:n])`. */
static void rename_in_clauses(Rewrite *rw, unsigned from, unsigned to, const PathUse *first, char **names,
                              size_t ngroups)
{
    const Source *src = rw->src;
    for (size_t h = source_token_at(src, from); h + 2 < src->ntokens && src->tokens[h].offset < to; h++) {
        if (!token_is(src, h, "#") || !token_is(src, h + 1, "pragma") || !token_is(src, h + 2, "reduce") ||
            !source_starts_line(src, src->tokens[h].offset))
            continue;
        unsigned end = line_end_at(src, src->tokens[h].offset);
        for (size_t i = h + 3; i + 1 < src->ntokens && src->tokens[i].offset < end; i++) {
            if (!token_is(src, i, "in") || !token_is(src, i + 1, "("))
                continue;
            int depth = 0;
            for (size_t j = i + 1; j < src->ntokens && src->tokens[j].offset < end; j++) {
                if (token_is(src, j, "(") || token_is(src, j, "["))
                    depth++;
                else if (token_is(src, j, ")") || token_is(src, j, "]"))
                    depth--;
                if (depth == 0)
                    break;
                if (depth != 1 || !(token_is(src, j, "(") || token_is(src, j, ",")))
                    continue;
                for (size_t g = 0; g < ngroups; g++) {
                    if (!names[g])
                        continue; /* (refused: reduction.c says why) */
                    size_t n = first[g].b - first[g].a;
                    if (!same_tokens(src, first[g].a, first[g].b, j + 1) || !token_is(src, j + 1 + n, "["))
                        continue;
                    unsigned s = src->tokens[j + 1].offset, e = src->tokens[j + n].end;
                    if (!edited(rw, s, e))
                        edits_add(&rw->edits, s, e, names[g]);
                    break;
                }
            }
        }
    }
}

typedef struct {
    const Source *src;
    unsigned at;
    CXCursor found;
} FunctionSearch;

static enum CXChildVisitResult find_function(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    FunctionSearch *f = data;
    unsigned s, e;
    CXSourceRange r = clang_getCursorExtent(c);
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        source_offset(f->src, clang_getRangeStart(r), &s) && source_offset(f->src, clang_getRangeEnd(r), &e) &&
        s <= f->at && f->at < e) {
        f->found = c;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

/* The function definition holding `at`, or a null cursor. */
static CXCursor enclosing_function(const Source *src, unsigned at)
{
    FunctionSearch f = {src, at, clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_function, &f);
    return f.found;
}

/* The member expression of the tree spelled at [start, end), or NULL. */
static const Node *node_at(const Node *n, unsigned start, unsigned end)
{
    if (!n || n->start > start || n->end < end)
        return NULL;
    if (n->kind == N_MEMBER && n->start == start && n->end == end)
        return n;
    for (int i = 0; i < n->nkids; i++) {
        const Node *m = node_at(n->kids[i], start, end);
        if (m)
            return m;
    }
    return NULL;
}

/* An OpenMP line in [from, to) with default(none) (RSBench's lookups) must
 * name the copies, declared outside its construct: shared(v_ptr, ...). */
static void share_with_omp(Rewrite *rw, unsigned from, unsigned to, char **names, size_t ngroups)
{
    const Source *src = rw->src;
    StrBuf list = {0};
    for (size_t g = 0; g < ngroups; g++)
        if (names[g])
            strbuf_printf(&list, "%s%s", list.len ? ", " : "", names[g]);
    for (size_t h = source_token_at(src, from); h + 2 < src->ntokens && src->tokens[h].offset < to; h++) {
        if (!token_is(src, h, "#") || !token_is(src, h + 1, "pragma") || !token_is(src, h + 2, "omp") ||
            !source_starts_line(src, src->tokens[h].offset))
            continue;
        unsigned end = line_end_at(src, src->tokens[h].offset), last = src->tokens[h + 2].end;
        bool none = false;
        for (size_t i = h + 3; i < src->ntokens && src->tokens[i].offset < end; i++) {
            none |= i + 3 < src->ntokens && token_is(src, i, "default") && token_is(src, i + 1, "(") &&
                    token_is(src, i + 2, "none") && token_is(src, i + 3, ")");
            last = src->tokens[i].end;
        }
        if (none) /* (after its last token: a comment may end the line) */
            edits_add(&rw->edits, last, last, xformat(" shared(%s)", list.buf));
    }
    strbuf_free(&list);
}

static void hoist_member_pointers(Rewrite *rw, size_t h)
{
    const Source *src = rw->src;
    unsigned line_end = line_end_at(src, src->tokens[h].offset);
    /* `#pragma reduce data ...` and `update ...` are data.c's */
    if (token_is(src, h + 3, "data") || token_is(src, h + 3, "update"))
        return;
    size_t f = source_after_omp_lines(src, source_token_at(src, line_end));
    if (!token_is(src, f, "for"))
        return;
    CXSourceLocation loc = clang_getLocationForOffset(src->tu, src->file, src->tokens[f].offset);
    CXCursor loop_cursor = clang_getCursor(src->tu, loc);
    if (clang_getCursorKind(loop_cursor) != CXCursor_ForStmt)
        return;
    unsigned loop_start = src->tokens[f].offset, loop_end = loop_cursor_end(src, loop_cursor);
    unsigned group = source_omp_group_start(src, src->tokens[h].offset);
    size_t g = source_token_at(src, group), before_line;
    if (g == 0 || !source_line_before(src, group, &before_line) || token_is(src, before_line, "#"))
        return;
    unsigned load_at = src->tokens[g - 1].end;
    if (source_inside_macro(src, load_at) || source_inside_macro(src, loop_end))
        return;
    PathSearch s = {.src = src, .loop_start = loop_start, .loop_end = loop_end};
    clang_visitChildren(loop_cursor, find_paths, &s);
    /* the outermost paths (`p->q->v`, not its `p->q`), not renamed yet,
     * grouped by their text */
    size_t *group_of = xcalloc(s.nuses ? s.nuses : 1, sizeof *group_of);
    PathUse *first = NULL;
    size_t ngroups = 0;
    for (size_t k = 0; k < s.nuses; k++) {
        PathUse *u = &s.uses[k];
        bool inner = false;
        for (size_t j = 0; j < s.nuses && !inner; j++)
            inner = j != k && s.uses[j].start <= u->start && u->end <= s.uses[j].end &&
                    s.uses[j].end - s.uses[j].start > u->end - u->start;
        group_of[k] = SIZE_MAX;
        if (inner || edited(rw, u->start, u->end))
            continue;
        size_t gi = 0;
        while (gi < ngroups && !(first[gi].b - first[gi].a == u->b - u->a && same_tokens(src, first[gi].a, first[gi].b, u->a)))
            gi++;
        if (gi == ngroups) {
            first = xrealloc(first, (ngroups + 1) * sizeof *first);
            first[ngroups++] = *u;
        }
        group_of[k] = gi;
    }
    if (ngroups == 0)
        return;
    /* which of them the loop as written cannot change (then the copy is
     * what every iteration reads, however the loop runs: on the GPU, on
     * the CPU, kept sequential): checked on the loop's tree, with what
     * reduction.c knows of the function */
    Node *loop_tree = ast_build(src, loop_cursor);
    Site where = {.loop = loop_tree, .loop_end = loop_end, .function = enclosing_function(src, loop_start)};
    char **names = xcalloc(ngroups, sizeof *names);
    bool any = false;
    StrBuf load = {0};
    for (size_t g = 0; g < ngroups; g++) {
        const PathUse *u = &first[g];
        /* as declared (`Q *` of a typedef'd struct), or a typedef's
         * pointer spelled out (`double *` of `dptr`) */
        CXString ts = clang_getTypeSpelling(u->type);
        char *type = xstrdup(clang_getCString(ts));
        clang_disposeString(ts);
        if (!*type || !strchr(type, '*')) {
            ts = clang_getTypeSpelling(clang_getCanonicalType(u->type));
            type = xstrdup(clang_getCString(ts));
            clang_disposeString(ts);
        }
        if (strchr(type, '(') || !*type)
            continue; /* (an unnamed struct's pointer: no name to declare it with) */
        const Node *path = node_at(loop_tree, u->start, u->end);
        if (!path || clang_Cursor_isNull(where.function))
            continue;
        unsigned at;
        const char *why = access_member_pointer_unproven(src, &where, path, &at);
        char *text = source_text(src, u->start, u->end);
        if (why) {
            rw->refusals = xrealloc(rw->refusals, (rw->nrefusals + 1) * sizeof *rw->refusals);
            rw->refusals[rw->nrefusals++] =
                (MemberRefusal){.offset = u->start, .at = at, .loop = loop_start, .text = text, .why = xstrdup(why)};
            continue;
        }
        names[g] = choose_name(rw, u->a, u->b, "ptr");
        rw->accs = xrealloc(rw->accs, (rw->naccs + 1) * sizeof *rw->accs);
        rw->accs[rw->naccs++] = (ElementAcc){.name = names[g], .text = text, .member = true};
        /* through a '->': each pointer on the way tested first */
        StrBuf guard = {0};
        for (size_t i = u->a + 1; i < u->b; i += 2)
            if (token_is(src, i, "->"))
                strbuf_printf(&guard, "%s%s", guard.len ? " && " : "", source_text(src, u->start, src->tokens[i - 1].end));
        strbuf_printf(&load, " %s%s%s = ", type, type[strlen(type) - 1] == '*' ? "" : " ", names[g]);
        size_t init_at = load.len;
        if (guard.len)
            strbuf_printf(&load, "(%s) ? (%s) : 0", guard.buf, text);
        else
            strbuf_printf(&load, "(%s)", text);
        /* what a message finds there is the first use's */
        rw->redirs = xrealloc(rw->redirs, (rw->nredirs + 1) * sizeof *rw->redirs);
        rw->redirs[rw->nredirs].off = (unsigned)init_at + 2; /* (after " {") */
        rw->redirs[rw->nredirs].len = (unsigned)(load.len - init_at);
        rw->redirs[rw->nredirs].old = u->start;
        rw->redirs[rw->nredirs].edit = SIZE_MAX; /* (set with the edit) */
        rw->nredirs++;
        strbuf_puts(&load, ";");
        strbuf_free(&guard);
        any = true;
    }
    for (size_t k = 0; any && k < s.nuses; k++)
        if (group_of[k] != SIZE_MAX && names[group_of[k]])
            edits_add(&rw->edits, s.uses[k].start, s.uses[k].end, names[group_of[k]]);
    if (!any)
        return;
    rename_in_clauses(rw, group, loop_end, first, names, ngroups);
    share_with_omp(rw, group, loop_end, names, ngroups);
    StrBuf open = {0};
    strbuf_printf(&open, " {%s", load.buf);
    for (size_t k = 0; k < rw->nredirs; k++)
        if (rw->redirs[k].edit == SIZE_MAX)
            rw->redirs[k].edit = rw->edits.count;
    edits_add(&rw->edits, load_at, load_at, strbuf_steal(&open));
    tag_last(rw, TAG_PTR_OPEN, loop_start);
    edits_add(&rw->edits, loop_end, loop_end, xstrdup(" }"));
    tag_last(rw, TAG_PTR_CLOSE, loop_start);
    strbuf_free(&load);
}

static const EditTag *sort_tags; /* (qsort passes no context) */
static size_t sort_ntags;

/* By offset; at one offset, where a member pointer's block is one of
 * them, the blocks that close before those that open, the inner loop's
 * closing first, and a loop's member pointers' block around its element
 * copies' block. Otherwise in the order they were made. */
static int compare_edits_by_start(const void *x, const void *y)
{
    const Edit *a = x, *b = y;
    if (a->start != b->start)
        return a->start < b->start ? -1 : 1;
    EditTag ta = (size_t)a->order < sort_ntags ? sort_tags[a->order] : (EditTag){TAG_NONE, 0};
    EditTag tb = (size_t)b->order < sort_ntags ? sort_tags[b->order] : (EditTag){TAG_NONE, 0};
    if (ta.kind && tb.kind && (ta.kind >= TAG_PTR_OPEN || tb.kind >= TAG_PTR_OPEN)) {
        bool ca = ta.kind == TAG_ELEM_CLOSE || ta.kind == TAG_PTR_CLOSE;
        bool cb = tb.kind == TAG_ELEM_CLOSE || tb.kind == TAG_PTR_CLOSE;
        if (ca != cb)
            return ca ? -1 : 1;
        if (ta.loop != tb.loop)
            return (ca ? ta.loop > tb.loop : ta.loop < tb.loop) ? -1 : 1;
        if (ta.kind != tb.kind)
            return (ca ? ta.kind == TAG_ELEM_CLOSE : ta.kind == TAG_PTR_OPEN) ? -1 : 1;
    }
    return a->order < b->order ? -1 : a->order > b->order;
}

char *element_rewrite(const Source *src, size_t *size, ElementInfo **info)
{
    Rewrite rw = {.src = src};
    for (size_t h = 0; h + 3 < src->ntokens; h++)
        if (token_is(src, h, "#") && token_is(src, h + 1, "pragma") &&
            token_is(src, h + 2, "reduce") && token_is(src, h + 3, "(") &&
            source_starts_line(src, src->tokens[h].offset))
            rewrite_pragma(&rw, h);
    /* then pointers held in structs, around the element accumulators' copies */
    for (size_t h = 0; h + 3 < src->ntokens; h++)
        if (token_is(src, h, "#") && token_is(src, h + 1, "pragma") && token_is(src, h + 2, "reduce") &&
            src->tokens[h + 3].offset < line_end_at(src, src->tokens[h].offset) &&
            source_starts_line(src, src->tokens[h].offset))
            hoist_member_pointers(&rw, h);
    if (rw.edits.count == 0 && rw.nerrors == 0 && rw.nrefusals == 0)
        return NULL;
    ElementInfo *ei = xcalloc(1, sizeof *ei);
    ei->refusals = rw.refusals;
    ei->nrefusals = rw.nrefusals;
    ei->old_text = src->text;
    ei->old_size = src->size;
    ei->nerrors = rw.nerrors;
    ei->errors = rw.errors;
    *info = ei;
    if (rw.edits.count == 0)
        return NULL; /* errors only: the text stays */
    sort_tags = rw.tags;
    sort_ntags = rw.ntags;
    qsort(rw.edits.items, rw.edits.count, sizeof(Edit), compare_edits_by_start);
    sort_tags = NULL;
    sort_ntags = 0;
    ei->accs = rw.accs;
    ei->naccs = rw.naccs;
    ei->nmoves = rw.edits.count;
    ei->moves = xcalloc(rw.edits.count ? rw.edits.count : 1, sizeof *ei->moves);
    StrBuf out = {0};
    unsigned at = 0;
    for (size_t k = 0; k < rw.edits.count; k++) {
        const Edit *e = &rw.edits.items[k];
        strbuf_putn(&out, src->text + at, e->start - at);
        ei->moves[k] = (TextMove){.new_start = (unsigned)out.len, .old_start = e->start,
                                  .old_end = e->end};
        strbuf_puts(&out, e->text);
        ei->moves[k].new_end = (unsigned)out.len;
        at = e->end;
    }
    strbuf_putn(&out, src->text + at, src->size - at);
    ei->redirects = xcalloc(rw.nredirs ? rw.nredirs : 1, sizeof *ei->redirects);
    for (size_t r = 0; r < rw.nredirs; r++)
        for (size_t k = 0; k < rw.edits.count; k++)
            if ((size_t)rw.edits.items[k].order == rw.redirs[r].edit) {
                unsigned s = ei->moves[k].new_start + rw.redirs[r].off, use = s;
                for (size_t m = 0; m < ei->nmoves; m++)
                    if (ei->moves[m].old_start == rw.redirs[r].old && ei->moves[m].old_end > rw.redirs[r].old)
                        use = ei->moves[m].new_start;
                /* (old_end: the use's offset in the new text) */
                ei->redirects[ei->nredirects++] =
                    (TextMove){.new_start = s, .new_end = s + rw.redirs[r].len, .old_start = rw.redirs[r].old,
                               .old_end = use};
            }
    /* the errors' offsets, in the new text */
    for (size_t k = 0; k < ei->nerrors; k++) {
        long delta = 0;
        for (size_t m = 0; m < ei->nmoves; m++)
            if (ei->moves[m].old_end <= ei->errors[k].offset)
                delta = (long)ei->moves[m].new_end - (long)ei->moves[m].old_end;
        ei->errors[k].offset = (unsigned)((long)ei->errors[k].offset + delta);
    }
    for (size_t k = 0; k < ei->nrefusals; k++) {
        unsigned *offs[3] = {&ei->refusals[k].offset, &ei->refusals[k].at, &ei->refusals[k].loop};
        for (int o = 0; o < 3; o++) {
            if (*offs[o] == UINT32_MAX)
                continue;
            long delta = 0;
            for (size_t m = 0; m < ei->nmoves; m++)
                if (ei->moves[m].old_end <= *offs[o])
                    delta = (long)ei->moves[m].new_end - (long)ei->moves[m].old_end;
            *offs[o] = (unsigned)((long)*offs[o] + delta);
        }
    }
    *size = out.len;
    return strbuf_steal(&out);
}

unsigned element_redirect(const ElementInfo *ei, unsigned offset)
{
    for (size_t r = 0; ei && r < ei->nredirects; r++)
        if (offset >= ei->redirects[r].new_start && offset < ei->redirects[r].new_end)
            return ei->redirects[r].old_end;
    return offset;
}

unsigned element_old_offset(const ElementInfo *ei, unsigned offset)
{
    long delta = 0;
    for (size_t m = 0; m < ei->nmoves; m++) {
        const TextMove *mv = &ei->moves[m];
        if (offset < mv->new_start)
            break;
        if (offset < mv->new_end || (mv->new_start == mv->new_end && offset == mv->new_start))
            return mv->old_start;
        delta = (long)mv->old_end - (long)mv->new_end;
    }
    return (unsigned)((long)offset + delta);
}

const ElementAcc *element_as_written(const Source *src, const char *name)
{
    const ElementInfo *ei = src->elements;
    for (size_t k = 0; ei && k < ei->naccs; k++)
        if (strcmp(ei->accs[k].name, name) == 0)
            return &ei->accs[k];
    return NULL;
}

const ElementAcc *element_named(const Source *src, const char *name)
{
    const ElementAcc *acc = element_as_written(src, name);
    return acc && !acc->row && !acc->member ? acc : NULL;
}

const char *element_error_at(const Source *src, unsigned offset)
{
    const ElementInfo *ei = src->elements;
    for (size_t k = 0; ei && k < ei->nerrors; k++)
        if (ei->errors[k].offset == offset)
            return ei->errors[k].message;
    return NULL;
}
