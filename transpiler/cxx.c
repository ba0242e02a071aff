/*
 * cxx.c - edits that let the C input compile as CUDA C++.
 *
 * nvcc compiles .cu files as C++, which has no implicit conversion from
 * `void *` to other object pointers: `double *a = malloc(n * sizeof *a);`
 * is valid C but not C++. libclang shows each such implicit conversion as
 * an unexposed expression of the target pointer type over an operand of
 * type `void *`; the operand gets an explicit cast.
 */
#include "pragreduce.h"

#include <string.h>

typedef struct {
    const Source *src;
    EditList *edits;
} Ctx;

static bool is_void_pointer(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_Pointer &&
           clang_getCanonicalType(clang_getPointeeType(c)).kind == CXType_Void;
}

static bool is_object_pointer(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind != CXType_Pointer)
        return false;
    enum CXTypeKind pk = clang_getCanonicalType(clang_getPointeeType(c)).kind;
    return pk != CXType_Void && pk != CXType_FunctionProto && pk != CXType_FunctionNoProto;
}

static enum CXChildVisitResult first_child(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    CXCursor *out = data;
    *out = c;
    return CXChildVisit_Break;
}

static bool range_offsets(const Source *src, CXCursor c, unsigned *s, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    return source_offset(src, clang_getRangeStart(r), s) &&
           source_offset(src, clang_getRangeEnd(r), e) && *e > *s;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    Ctx *ctx = data;
    if (!source_cursor_in_main(ctx->src, c))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && is_object_pointer(clang_getCursorType(c))) {
        CXCursor child = clang_getNullCursor();
        clang_visitChildren(c, first_child, &child);
        unsigned s, e;
        if (!clang_Cursor_isNull(child) && clang_isExpression(clang_getCursorKind(child)) &&
            is_void_pointer(clang_getCursorType(child)) && range_offsets(ctx->src, child, &s, &e) &&
            !source_in_macro(ctx->src, s, e)) {
            char *type = type_cxx_name(clang_getCursorType(c));
            if (type) {
                edits_add(ctx->edits, s, s, xformat("(%s)(", type));
                edits_add(ctx->edits, e, e, xstrdup(")"));
            }
        }
    }
    return CXChildVisit_Recurse;
}

void cxx_rewrite(const Source *src, EditList *edits)
{
    Ctx ctx = {src, edits};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit, &ctx);
}
