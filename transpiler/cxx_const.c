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
