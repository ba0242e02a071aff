/*
 * cxx_const.c - pointer conversions C makes implicitly and C++ refuses.
 *
 * C converts `const int *` to `int *`, and `char *` to `unsigned char *`,
 * implicitly (with a warning); C++ refuses. `int *t = table;` with a const table, and the result of
 * `strchr` on a `const char *` (C's strchr returns `char *`; C++ has a
 * const overload returning `const char *`), get the cast C's conversion
 * makes implicitly, so the program means what it meant.
 */
#include "pragreduce.h"

#include <string.h>

/* <string.h>/<wchar.h> functions C++ overloads on the constness of their
 * first argument */
static const char *const const_overloaded[] = {"strchr",  "strrchr", "strstr", "strpbrk",
                                               "memchr",  "wcschr",  "wcsrchr", "wcsstr",
                                               "wcspbrk", "wmemchr"};

typedef struct {
    const Source *src;
    EditList *edits;
} ConstCtx;

static bool range_of(const Source *src, CXCursor c, unsigned *s, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    return source_offset(src, clang_getRangeStart(r), s) &&
           source_offset(src, clang_getRangeEnd(r), e) && *e > *s && !source_in_macro(src, *s, *e);
}

/* Pointee qualifiers lost from `from` to `to`, at any level of pointers. */
static bool drops_qualifiers(CXType from, CXType to)
{
    from = clang_getCanonicalType(from);
    to = clang_getCanonicalType(to);
    while (from.kind == CXType_Pointer && to.kind == CXType_Pointer) {
        CXType fp = clang_getPointeeType(from), tp = clang_getPointeeType(to);
        if ((clang_isConstQualifiedType(fp) && !clang_isConstQualifiedType(tp)) ||
            (clang_isVolatileQualifiedType(fp) && !clang_isVolatileQualifiedType(tp)))
            return true;
        from = clang_getCanonicalType(fp);
        to = clang_getCanonicalType(tp);
    }
    return false;
}

/* An implicit conversion between pointer types that C makes (at most with
 * a warning) and C++ refuses: one that drops a qualifier, one between
 * different pointee types (`char *` to `unsigned char *`, `char **` to
 * `const char **`), one from `void *` to a function pointer. Adding
 * qualifiers and converting to `void *` are C++ too; conversions from
 * `void *` to object pointers are cxx.c's. */
static bool needs_pointer_cast(CXType from, CXType to)
{
    from = clang_getCanonicalType(from);
    to = clang_getCanonicalType(to);
    if (from.kind != CXType_Pointer || to.kind != CXType_Pointer)
        return false;
    CXType fp = clang_getCanonicalType(clang_getPointeeType(from));
    CXType tp = clang_getCanonicalType(clang_getPointeeType(to));
    if (fp.kind == CXType_Void)
        return tp.kind == CXType_FunctionProto || tp.kind == CXType_FunctionNoProto;
    if (drops_qualifiers(from, to))
        return true;
    if (tp.kind == CXType_Void)
        return false;
    return !clang_equalTypes(clang_getUnqualifiedType(fp), clang_getUnqualifiedType(tp));
}

static void cast_to(ConstCtx *ctx, CXCursor expr, CXType type)
{
    unsigned s, e;
    char *name = type_cxx_name(type);
    if (!name || !range_of(ctx->src, expr, &s, &e))
        return; /* nvcc reports it; nothing silently changes */
    edits_add(ctx->edits, s, s, xformat("(%s)(", name));
    edits_add(ctx->edits, e, e, xstrdup(")"));
}

static void check_call(ConstCtx *ctx, CXCursor call, CXCursor parent)
{
    /* a result thrown away needs no cast (and the statement's start is
     * where other passes insert code) */
    enum CXCursorKind pk = clang_getCursorKind(parent);
    if (!clang_isExpression(pk) && pk != CXCursor_VarDecl && pk != CXCursor_ReturnStmt)
        return;
    CXCursor fn = clang_getCursorReferenced(call);
    if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
        clang_Cursor_getNumArguments(call) < 1)
        return;
    char *name = cursor_spelling(fn);
    bool listed = false;
    for (size_t i = 0; i < sizeof const_overloaded / sizeof const_overloaded[0] && !listed; i++)
        listed = !strcmp(name, const_overloaded[i]);
    if (!listed)
        return;
    CXCursor arg = clang_Cursor_getArgument(call, 0);
    CXCursor inner = clang_getCursorKind(arg) == CXCursor_UnexposedExpr ? cursor_first_child(arg) : arg;
    CXType t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_isNull(inner) ? arg : inner));
    if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        t = clang_getArrayElementType(t);
    else if (t.kind == CXType_Pointer)
        t = clang_getPointeeType(t);
    else
        return;
    if (clang_isConstQualifiedType(t))
        cast_to(ctx, call, clang_getCursorType(call)); /* C's `char *` result */
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, void *data)
{
    ConstCtx *ctx = data;
    if (!source_cursor_in_main(ctx->src, c))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_CallExpr)
        check_call(ctx, c, parent);
    if (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
        CXCursor child = cursor_first_child(c);
        if (!clang_Cursor_isNull(child) && clang_isExpression(clang_getCursorKind(child)) &&
            needs_pointer_cast(clang_getCursorType(child), clang_getCursorType(c)))
            cast_to(ctx, child, clang_getCursorType(c));
    }
    return CXChildVisit_Recurse;
}

void cxx_const_casts(const Source *src, EditList *edits)
{
    ConstCtx ctx = {src, edits};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit, &ctx);
}

/* ------------------------------------------------ read-only arrays to helpers */

/* Whether expression `n` names a variable the loop passes to its kernel
 * (and to the loop run as written) as a `const T *`: an array it only reads. */
static bool mentions_read_only_array(const Site *site, const Node *n)
{
    if (!n)
        return false;
    if (n->kind == N_DECLREF && n->var)
        for (int i = 0; i < site->ncaptures; i++)
            if (site->captures[i].var == n->var && site->captures[i].kind == CAP_ARRAY &&
                !site->captures[i].written)
                return true;
    for (int i = 0; i < n->nkids; i++)
        if (mentions_read_only_array(site, n->kids[i]))
            return true;
    return false;
}

/* A pointer to objects the callee may write through, as C++ sees it. */
static bool to_mutable_objects(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind != CXType_Pointer)
        return false;
    CXType p = clang_getPointeeType(t);
    CXType pc = clang_getCanonicalType(p);
    return !clang_isConstQualifiedType(p) && pc.kind != CXType_FunctionProto &&
           pc.kind != CXType_FunctionNoProto && pc.kind != CXType_Void;
}

static bool has_edit(const EditList *l, unsigned at, const char *text)
{
    for (size_t k = 0; k < l->count; k++)
        if (l->items[k].start == at && l->items[k].end == at && !strcmp(l->items[k].text, text))
            return true;
    return false;
}

/* The arguments of one call to a file function in a marked loop. */
static bool cast_call_args(const Source *src, const Site *site, const Node *call, EditList *copied)
{
    CXCursor fn = clang_getCursorReferenced(call->cursor);
    int nparams = clang_Cursor_getNumArguments(fn);
    bool ok = true;
    for (int i = 1; i < call->nkids && i - 1 < nparams; i++) {
        const Node *arg = call->kids[i];
        CXType to = clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)(i - 1)));
        if (!to_mutable_objects(to) || !mentions_read_only_array(site, arg))
            continue;
        char *name = type_cxx_name(to);
        if (arg->from_macro || arg->end <= arg->start || !name) {
            char *callee = cursor_spelling(fn);
            diag_at(src, arg->start, DIAG_ERROR,
                    "'%s' takes a pointer to data it may write, and the loop passes an array it only "
                    "reads (const on the GPU) through a macro; declare the parameter const, or pass "
                    "the array outside the macro",
                    callee);
            ok = false;
            continue;
        }
        char *open = xformat("(%s)(", name);
        if (has_edit(copied, arg->start, open))
            continue; /* the same call in another site's loop */
        edits_add(copied, arg->start, arg->start, open);
        edits_add(copied, arg->end, arg->end, xstrdup(")"));
    }
    return ok;
}

bool cxx_read_only_args(const Source *src, const Site *sites, int nsites, EditList *copied)
{
    bool ok = true;
    for (int s = 0; s < nsites; s++) {
        const Site *site = &sites[s];
        if (site->rejected)
            continue;
        for (int k = 0; k < site->nfn_calls; k++) {
            const Node *call = site->fn_calls[k]->parent;
            while (call && call->kind != N_CALL)
                call = call->parent;
            if (call && call->nkids > 0 && ast_strip(call->kids[0]) == site->fn_calls[k])
                ok &= cast_call_args(src, site, call, copied);
        }
    }
    return ok;
}
