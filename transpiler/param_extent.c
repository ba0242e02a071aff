/*
 * param_extent.c - how many elements a pointer parameter can reach, from
 * the calls of its function.
 *
 * A loop that reads `p[colidx[k]]` needs a copy of every element of `p`
 * it may read. When `p` is an array of constant size the whole array is
 * that copy; when it is a parameter (NPB's `static void conj_grad(...,
 * double p[], ...)`, called with the global `double p[NA+3]`), C says
 * nothing about its size. But when the function has internal linkage, is
 * only ever called (its address never taken) and never changes the
 * parameter, every value `p` can have is an argument of one of its calls
 * in this file. If each of them is a whole array of one constant size N
 * (or a parameter of the same kind in turn), `p` reaches p[0] to p[N - 1]
 * and no further in a valid C program. Arrays of two sizes, or a pointer
 * into one (`&a[2]`: the function may read before it), leave the copy to
 * in(): a range that fits one call would miss what another may read.
 */
#include "pragreduce.h"

#include <string.h>

enum { MOST_CALLERS_DEEP = 4 };

typedef struct {
    CXCursor fn;       /* canonical */
    int calls, refs;   /* calls of fn, and every reference to it */
    bool unknown;      /* an argument of unknown extent, or two extents */
    long long extent;  /* the arguments' extent */
    unsigned arg;      /* the parameter's position */
    CXType elem;       /* the parameter's element type (canonical) */
    const Source *src;
    int depth;
} CallsCtx;

static long long extent_of_param(const Source *src, CXCursor parm, int depth);

/* The element type a parameter declared `T *p`, `T p[]` or `T p[8]`
 * points to (all three are pointers in C). */
static bool param_elem(CXCursor parm, CXType *elem)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(parm));
    if (t.kind == CXType_Pointer)
        *elem = clang_getPointeeType(t);
    else if (t.kind == CXType_IncompleteArray || t.kind == CXType_ConstantArray ||
             t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray)
        *elem = clang_getArrayElementType(t);
    else
        return false;
    return true;
}

static bool same_elem(CXType a, CXType b)
{
    return clang_equalTypes(clang_getUnqualifiedType(clang_getCanonicalType(a)),
                            clang_getUnqualifiedType(clang_getCanonicalType(b)));
}

/* Elements of `elem` that array variable `decl` holds, or 0. */
static long long array_elements(CXCursor decl, CXType elem)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    if (t.kind != CXType_ConstantArray || !same_elem(clang_getArrayElementType(t), elem))
        return 0;
    long long n = clang_getArraySize(t);
    return n > 0 ? n : 0;
}

/* The elements of the array argument `n` is (`a`, or a parameter that is
 * itself known so); 0 when unknown. A pointer into an array (`&a[2]`,
 * `a + 1`) is not taken: the function may read before it as well. */
static long long extent_of_arg(const Source *src, Node *n, CXType elem, int depth)
{
    n = ast_strip(n);
    if (n->kind != N_DECLREF)
        return 0;
    CXCursor decl = clang_getCursorReferenced(n->cursor);
    CXType pe;
    if (clang_getCursorKind(decl) == CXCursor_ParmDecl)
        return param_elem(decl, &pe) && same_elem(pe, elem) ? extent_of_param(src, decl, depth + 1) : 0;
    if (clang_getCursorKind(decl) == CXCursor_VarDecl)
        return array_elements(decl, elem);
    return 0;
}

static enum CXChildVisitResult visit_uses(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    CallsCtx *x = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), x->fn))
        x->refs++;
    if (k == CXCursor_CallExpr &&
        clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), x->fn)) {
        x->calls++;
        if ((unsigned)clang_Cursor_getNumArguments(c) <= x->arg) {
            x->unknown = true;
        } else {
            long long e = extent_of_arg(x->src, ast_build(x->src, clang_Cursor_getArgument(c, x->arg)),
                                        x->elem, x->depth);
            /* each call may read all of its own array: one extent for all */
            if (e <= 0 || (x->extent != 0 && e != x->extent))
                x->unknown = true;
            else
                x->extent = e;
        }
    }
    return CXChildVisit_Recurse;
}

/* Does the body change `param` or take its address? */
static bool changes(const Node *n, const Var *param)
{
    if (!n)
        return false;
    if ((n->kind == N_ASSIGN ||
         (n->kind == N_UNARY && n->op &&
          (!strcmp(n->op, "++") || !strcmp(n->op, "--") || !strcmp(n->op, "&")))) &&
        n->nkids > 0) {
        const Node *target = ast_strip((Node *)n->kids[0]);
        if (target->kind == N_DECLREF && target->var == param)
            return true;
    }
    for (int i = 0; i < n->nkids; i++)
        if (changes(n->kids[i], param))
            return true;
    return changes(ast_for_init(n), param) || changes(ast_for_cond(n), param) || changes(ast_for_inc(n), param);
}

static long long extent_of_param(const Source *src, CXCursor parm, int depth)
{
    if (depth > MOST_CALLERS_DEEP)
        return 0;
    CXCursor fn = clang_getCursorSemanticParent(parm);
    if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || clang_getCursorLinkage(fn) != CXLinkage_Internal)
        return 0;
    CXCursor def = clang_getCursorDefinition(fn);
    if (clang_Cursor_isNull(def))
        return 0;
    int nargs = clang_Cursor_getNumArguments(def);
    int at = -1;
    for (int i = 0; i < nargs; i++)
        if (clang_equalCursors(clang_Cursor_getArgument(def, (unsigned)i), parm))
            at = i;
    CXType elem;
    if (at < 0 || !param_elem(parm, &elem))
        return 0;
    Node *body = ast_build(src, def);
    if (changes(body, ast_var_for(parm)))
        return 0;
    CallsCtx x = {clang_getCanonicalCursor(fn), 0, 0, false, 0, (unsigned)at, elem, src, depth};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_uses, &x);
    /* every reference a call's callee: the address is never taken */
    if (x.unknown || x.calls == 0 || x.refs != x.calls)
        return 0;
    return x.extent;
}

long long param_extent_from_calls(const Source *src, const Var *param)
{
    if (clang_getCursorKind(param->decl) != CXCursor_ParmDecl)
        return 0;
    return extent_of_param(src, param->decl, 0);
}
