/*
 * cxx_enum.c - enum constants declared inside a function, in copied code.
 *
 * `enum { N = 8, M };` inside a function is visible only there; the
 * wrapper, kernels and CPU copy of a marked loop are generated outside the
 * function, so each use of such a constant in text copied out of it is
 * replaced by its value (an `int` in C, written as one). These edits apply
 * to copied text only: in the function itself the names stay.
 */
#include "pragreduce.h"

#include <limits.h>

typedef struct {
    const Source *src;
    const Site *sites;
    int nsites;
    EditList *edits;
    bool ok;
} EnumCtx;

/* Inside a marked loop (or the outer loop of a segmented nest): text the
 * wrapper and kernels copy. */
static bool in_copied_loop(const EnumCtx *ctx, unsigned offset)
{
    for (int i = 0; i < ctx->nsites; i++) {
        const Site *s = &ctx->sites[i];
        if (s->rejected || !s->loop)
            continue;
        unsigned start = s->pragma.start < s->loop->start ? s->pragma.start : s->loop->start;
        if (offset >= start && offset < s->loop_end)
            return true;
    }
    return false;
}

static bool declared_in_function(CXCursor constant)
{
    CXCursor enum_decl = clang_getCursorSemanticParent(constant);
    for (CXCursor p = clang_getCursorSemanticParent(enum_decl); !clang_Cursor_isNull(p) &&
                                                                !clang_isInvalid(clang_getCursorKind(p));
         p = clang_getCursorSemanticParent(p)) {
        enum CXCursorKind k = clang_getCursorKind(p);
        if (k == CXCursor_FunctionDecl)
            return true;
        if (k == CXCursor_TranslationUnit)
            return false;
    }
    return false;
}

/* The constant's value as C++ text of the reference's type. */
static char *constant_text(CXCursor constant, CXType type)
{
    CXType canon = clang_getCanonicalType(type);
    if (canon.kind == CXType_Int) {
        long long v = clang_getEnumConstantDeclValue(constant);
        if (v == INT_MIN)
            return xstrdup("(-2147483647 - 1)");
        return v < 0 ? xformat("(%lld)", v) : xformat("%lld", v);
    }
    char *name = type_cxx_name(type);
    if (!name || !type_is_integer(canon))
        return NULL;
    if (canon.kind == CXType_UInt || canon.kind == CXType_ULong || canon.kind == CXType_ULongLong)
        return xformat("((%s)%lluULL)", name, clang_getEnumConstantDeclUnsignedValue(constant));
    return xformat("((%s)%lldLL)", name, clang_getEnumConstantDeclValue(constant));
}

char *cxx_local_enum_text(CXCursor ref)
{
    CXCursor constant = clang_getCursorReferenced(ref);
    if (clang_getCursorKind(constant) != CXCursor_EnumConstantDecl || !declared_in_function(constant))
        return NULL;
    return constant_text(constant, clang_getCursorType(ref));
}

static enum CXChildVisitResult visit_refs(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    EnumCtx *ctx = data;
    if (!source_cursor_in_main(ctx->src, c))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
        return CXChildVisit_Recurse;
    CXCursor constant = clang_getCursorReferenced(c);
    if (clang_getCursorKind(constant) != CXCursor_EnumConstantDecl || !declared_in_function(constant))
        return CXChildVisit_Continue;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned s, e;
    if (!source_offset(ctx->src, clang_getRangeStart(r), &s) ||
        !source_offset(ctx->src, clang_getRangeEnd(r), &e) || e <= s)
        return CXChildVisit_Continue;
    char *text = constant_text(constant, clang_getCursorType(c));
    if (text && !source_in_macro(ctx->src, s, e)) {
        edits_add(ctx->edits, s, e, text);
    } else if (in_copied_loop(ctx, s)) {
        char *name = cursor_spelling(constant);
        diag_at(ctx->src, s, DIAG_ERROR,
                "the enum constant '%s' is declared inside the function and used %s in a marked "
                "loop, whose code is generated outside the function: declare the enum at file "
                "scope",
                name, text ? "through a macro" : "with a type C++ cannot name");
        ctx->ok = false;
    }
    return CXChildVisit_Continue;
}

bool cxx_local_enum_values(const Source *src, const Site *sites, int nsites, EditList *copied)
{
    EnumCtx ctx = {src, sites, nsites, copied, true};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_refs, &ctx);
    return ctx.ok;
}
