/*
 * pin.c - --pin-host: the arrays that flow into marked loops are allocated
 * as pinned host memory at the program's own allocation sites.
 *
 * Copies from pinned memory run at the link's full speed, with no staging.
 * The arrays to pin are found by following each marked loop's arrays back
 * to where they are allocated, within the file:
 *   - a captured array that is a parameter of the enclosing function stands
 *     for the argument at that position in every call of the function
 *     (`dot(x, y, n)`, `sum(a + k, n)`, `f(&a[k])`), repeatedly;
 *   - a pointer initialized or assigned from another one stands for it too;
 *   - `v = malloc(...)`, `T *v = calloc(...)`, `realloc(...)` (casts and
 *     parentheses allowed) for such a variable `v` is an allocation site:
 *     the call becomes pragreduce::host_malloc / host_calloc / host_realloc.
 * Every `free` and `realloc` of the file then goes through the runtime,
 * which knows its pinned blocks. A `free` it cannot rewrite (spelled
 * through a macro) would hand pinned memory to the C library, so then no
 * allocation is pinned and a warning says why.
 */
#include "pragreduce.h"

#include <string.h>

typedef struct {
    const Source *src;
    CXCursor *flow; /* canonical declarations of the variables that reach loops */
    int nflow, capflow;
    bool grew;
    EditList *edits;
    bool blocked;
    unsigned blocked_at;
} Ctx;

static bool in_flow(const Ctx *c, CXCursor decl)
{
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (int i = 0; i < c->nflow; i++)
        if (clang_equalCursors(c->flow[i], canon))
            return true;
    return false;
}

static void add_flow(Ctx *c, CXCursor decl)
{
    enum CXCursorKind k = clang_getCursorKind(decl);
    if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || in_flow(c, decl))
        return;
    if (c->nflow == c->capflow) {
        c->capflow = c->capflow ? 2 * c->capflow : 16;
        c->flow = xrealloc(c->flow, (size_t)c->capflow * sizeof(CXCursor));
    }
    c->flow[c->nflow++] = clang_getCanonicalCursor(decl);
    c->grew = true;
}

/* Skips parentheses, casts and implicit conversions. */
static CXCursor strip(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr && k != CXCursor_UnexposedExpr)
            return c;
        CXCursor inner = cursor_first_child(c);
        if (clang_Cursor_isNull(inner))
            return c;
        c = inner;
    }
}

static bool is_pointer(CXCursor c)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    return t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
           t.kind == CXType_IncompleteArray;
}

typedef struct {
    CXCursor kids[2];
    int n;
} Kids;

static enum CXChildVisitResult collect_kids(CXCursor cur, CXCursor parent, void *data)
{
    (void)parent;
    Kids *k = data;
    if (k->n < 2)
        k->kids[k->n] = cur;
    k->n++;
    return CXChildVisit_Continue;
}

/* The variable a pointer expression points into: `a`, `a + k`, `&a[k]`. */
static CXCursor base_variable(CXCursor e)
{
    for (int depth = 0; depth < 16; depth++) {
        e = strip(e);
        switch (clang_getCursorKind(e)) {
        case CXCursor_DeclRefExpr:
            return clang_getCursorReferenced(e);
        case CXCursor_UnaryOperator:
        case CXCursor_ArraySubscriptExpr:
            e = cursor_first_child(e);
            break;
        case CXCursor_BinaryOperator: {
            Kids k = {{{0}}, 0};
            clang_visitChildren(e, collect_kids, &k);
            if (k.n != 2)
                return clang_getNullCursor();
            e = is_pointer(strip(k.kids[0])) ? k.kids[0] : k.kids[1];
            break;
        }
        default:
            return clang_getNullCursor();
        }
    }
    return clang_getNullCursor();
}

static char *callee_name(CXCursor call)
{
    CXCursor fn = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(fn))
        return NULL;
    return cursor_spelling(fn);
}

/* Argument k of every call of `fn` joins the flow (pass 1), and pointers
 * initialized or assigned from a flow variable's source join it too. */
typedef struct {
    Ctx *c;
    CXCursor fn;
    int arg;
} CallScan;

static enum CXChildVisitResult scan_calls(CXCursor cur, CXCursor parent, void *data)
{
    (void)parent;
    CallScan *s = data;
    if (clang_getCursorKind(cur) == CXCursor_CallExpr) {
        CXCursor fn = clang_getCursorReferenced(cur);
        if (!clang_Cursor_isNull(fn) &&
            clang_equalCursors(clang_getCanonicalCursor(fn), clang_getCanonicalCursor(s->fn)) &&
            s->arg < clang_Cursor_getNumArguments(cur)) {
            CXCursor v = base_variable(clang_Cursor_getArgument(cur, (unsigned)s->arg));
            if (!clang_Cursor_isNull(v))
                add_flow(s->c, v);
        }
    }
    return CXChildVisit_Recurse;
}

/* `T *v = w;` and `v = w;` with v in the flow: w is too. */
static enum CXChildVisitResult scan_copies(CXCursor cur, CXCursor parent, void *data)
{
    (void)parent;
    Ctx *c = data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_VarDecl && in_flow(c, cur) && is_pointer(cur)) {
        Kids kids = {{{0}}, 0};
        clang_visitChildren(cur, collect_kids, &kids);
        for (int i = 0; i < kids.n && i < 2; i++)
            if (clang_isExpression(clang_getCursorKind(kids.kids[i]))) {
                CXCursor v = base_variable(kids.kids[i]);
                if (!clang_Cursor_isNull(v))
                    add_flow(c, v);
            }
    } else if (k == CXCursor_BinaryOperator &&
               clang_getCursorBinaryOperatorKind(cur) == CXBinaryOperator_Assign) {
        Kids kids = {{{0}}, 0};
        clang_visitChildren(cur, collect_kids, &kids);
        if (kids.n == 2 && clang_getCursorKind(strip(kids.kids[0])) == CXCursor_DeclRefExpr &&
            in_flow(c, clang_getCursorReferenced(strip(kids.kids[0])))) {
            CXCursor v = base_variable(kids.kids[1]);
            if (!clang_Cursor_isNull(v))
                add_flow(c, v);
        }
    }
    return CXChildVisit_Recurse;
}

/* Replaces the callee name of `call` (an identifier token of the file, not
 * a macro) with `to`; false when it cannot. */
static bool rename_callee(Ctx *c, CXCursor call, const char *from, const char *to)
{
    CXSourceRange r = clang_getCursorExtent(call);
    unsigned s, e;
    if (!source_offset(c->src, clang_getRangeStart(r), &s) ||
        !source_offset(c->src, clang_getRangeEnd(r), &e) || source_in_macro(c->src, s, e))
        return false;
    size_t i = source_token_at(c->src, s);
    if (i >= c->src->ntokens || c->src->tokens[i].offset != s || strcmp(c->src->tokens[i].text, from))
        return false;
    for (size_t k = 0; k < c->edits->count; k++)
        if (c->edits->items[k].start == s && c->edits->items[k].end == c->src->tokens[i].end)
            return true; /* already renamed */
    edits_add(c->edits, s, c->src->tokens[i].end, xformat("pragreduce::%s", to));
    return true;
}

static bool is_alloc(const char *name)
{
    return name && (!strcmp(name, "malloc") || !strcmp(name, "calloc") || !strcmp(name, "realloc"));
}

/* An allocation whose result goes to a flow variable. */
static void pin_allocation(Ctx *c, CXCursor value)
{
    CXCursor call = strip(value);
    if (clang_getCursorKind(call) != CXCursor_CallExpr)
        return;
    char *name = callee_name(call);
    if (is_alloc(name) && strcmp(name, "realloc") != 0)
        rename_callee(c, call, name, xformat("host_%s", name));
}

static enum CXChildVisitResult scan_sites(CXCursor cur, CXCursor parent, void *data)
{
    (void)parent;
    Ctx *c = data;
    if (!source_cursor_in_main(c->src, cur))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_VarDecl && in_flow(c, cur)) {
        Kids kids = {{{0}}, 0};
        clang_visitChildren(cur, collect_kids, &kids);
        for (int i = 0; i < kids.n && i < 2; i++)
            if (clang_isExpression(clang_getCursorKind(kids.kids[i])))
                pin_allocation(c, kids.kids[i]);
    } else if (k == CXCursor_BinaryOperator &&
               clang_getCursorBinaryOperatorKind(cur) == CXBinaryOperator_Assign) {
        Kids kids = {{{0}}, 0};
        clang_visitChildren(cur, collect_kids, &kids);
        if (kids.n == 2 && clang_getCursorKind(strip(kids.kids[0])) == CXCursor_DeclRefExpr &&
            in_flow(c, clang_getCursorReferenced(strip(kids.kids[0]))))
            pin_allocation(c, kids.kids[1]);
    } else if (k == CXCursor_CallExpr) {
        char *name = callee_name(cur);
        if (name && (!strcmp(name, "free") || !strcmp(name, "realloc")) &&
            !rename_callee(c, cur, name, xformat("host_%s", name)) && !c->blocked) {
            CXSourceLocation loc = clang_getCursorLocation(cur);
            unsigned at = 0;
            source_offset(c->src, loc, &at);
            c->blocked = true;
            c->blocked_at = at;
        }
    }
    return CXChildVisit_Recurse;
}

/* The flow's parameters: the position of `decl` among its function's. */
static int param_index(CXCursor decl, CXCursor *fn)
{
    if (clang_getCursorKind(decl) != CXCursor_ParmDecl)
        return -1;
    *fn = clang_getCursorSemanticParent(decl);
    int n = clang_Cursor_getNumArguments(*fn);
    for (int i = 0; i < n; i++)
        if (clang_equalCursors(clang_getCanonicalCursor(clang_Cursor_getArgument(*fn, (unsigned)i)),
                               clang_getCanonicalCursor(decl)))
            return i;
    return -1;
}

bool pin_rewrite(const Source *src, const Site *sites, int nsites, EditList *edits)
{
    Ctx c = {src, NULL, 0, 0, false, NULL, false, 0};
    EditList own = {0};
    c.edits = &own;
    for (int i = 0; i < nsites; i++) {
        if (sites[i].rejected)
            continue;
        for (int k = 0; k < sites[i].ncaptures; k++)
            if (sites[i].captures[k].kind == CAP_ARRAY)
                add_flow(&c, sites[i].captures[k].var->decl);
    }
    CXCursor root = clang_getTranslationUnitCursor(src->tu);
    for (int round = 0; c.grew && round < 32; round++) {
        c.grew = false;
        for (int i = 0; i < c.nflow; i++) {
            CXCursor fn;
            int arg = param_index(c.flow[i], &fn);
            if (arg >= 0) {
                CallScan s = {&c, fn, arg};
                clang_visitChildren(root, scan_calls, &s);
            }
        }
        clang_visitChildren(root, scan_copies, &c);
    }
    clang_visitChildren(root, scan_sites, &c);
    if (c.blocked) {
        diag_at(src, c.blocked_at, DIAG_WARNING,
                "--pin-host: this call cannot be rewritten (it is spelled through a macro), and "
                "pinned memory must not reach the C library's free or realloc: no allocation is "
                "pinned");
        return false;
    }
    for (size_t k = 0; k < own.count; k++)
        edits_add(edits, own.items[k].start, own.items[k].end, own.items[k].text);
    return true;
}
