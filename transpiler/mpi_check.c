/*
 * mpi_check.c - what comm(C) can complete over MPI ranks exactly: <mpi.h>
 * included, C of type MPI_Comm where its declaration can be found, and
 * reduction variables whose ranks' parts combine into the loop's result
 * (emit_mpi.c and runtime mpi.cuh do the combining).
 */
#include "pragreduce.h"

#include <ctype.h>
#include <string.h>

/* <mpi.h> was included when its MPI_Comm typedef is declared (libclang's
 * list of inclusions leaves out some system folders). */
static enum CXChildVisitResult find_mpi_comm(CXCursor c, CXCursor parent, CXClientData data)
{
    if (clang_getCursorKind(c) != CXCursor_TypedefDecl)
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    bool found = !strcmp(clang_getCString(name), "MPI_Comm");
    clang_disposeString(name);
    if (!found)
        return CXChildVisit_Continue;
    *(CXType *)data = clang_getCanonicalType(clang_getTypedefDeclUnderlyingType(c));
    return CXChildVisit_Break;
}

/* MPI_Comm's type, of kind CXType_Invalid when <mpi.h> is not included. */
static CXType mpi_comm_type(const Source *src)
{
    CXType t = {.kind = CXType_Invalid};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_mpi_comm, &t);
    return t;
}

typedef struct {
    const char *name;
    CXType type;
    bool found;
} Lookup;

static enum CXChildVisitResult find_global(CXCursor c, CXCursor parent, CXClientData data)
{
    Lookup *l = data;
    if (clang_getCursorKind(c) == CXCursor_VarDecl) {
        CXString name = clang_getCursorSpelling(c);
        if (!strcmp(clang_getCString(name), l->name)) {
            l->type = clang_getCursorType(c);
            l->found = true;
        }
        clang_disposeString(name);
    }
    return CXChildVisit_Continue;
}

/* Declaration statement d's variable `name`, or NULL. */
static const Var *declares(const Node *d, const char *name)
{
    const Var *found = NULL;
    for (int j = 0; d && d->kind == N_DECLSTMT && j < d->nkids; j++)
        if (d->kids[j]->kind == N_VARDECL && d->kids[j]->var && !strcmp(d->kids[j]->name, name))
            found = d->kids[j]->var;
    return found;
}

/* The last declaration of `name` among statements [0, upto) of block b. */
static const Var *declared_in(const Node *b, int upto, const char *name)
{
    const Var *found = NULL;
    for (int k = 0; k < upto; k++) {
        const Var *v = declares(b->kids[k], name);
        found = v ? v : found;
    }
    return found;
}

/* The type of identifier `name` as the loop sees it: the innermost block
 * around the loop that declares it before the loop, else a parameter of
 * the function, else a file-scope variable. False when it names none (a
 * macro such as MPI_COMM_WORLD: nvcc checks it). */
static bool visible_type(const Source *src, const Site *site, const char *name, CXType *type)
{
    Node *tree = ast_build(src, site->function);
    const Node *n = ast_find_for(tree, site->loop->start);
    for (; n && n->parent; n = n->parent) {
        const Node *p = n->parent;
        int at = 0;
        while (at < p->nkids && p->kids[at] != n)
            at++;
        const Var *v = p->kind == N_COMPOUND ? declared_in(p, at, name) : NULL;
        if (!v && p->kind == N_FOR && ast_for_init(p) != n)
            v = declares(ast_for_init(p), name); /* an enclosing loop's own variable */
        if (v) {
            *type = v->type;
            return true;
        }
    }
    for (int i = 0; i < clang_Cursor_getNumArguments(site->function); i++) {
        CXCursor arg = clang_Cursor_getArgument(site->function, (unsigned)i);
        char *spelled = cursor_spelling(arg);
        if (!strcmp(spelled, name)) {
            *type = clang_getCursorType(arg);
            return true;
        }
    }
    Lookup l = {.name = name};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_global, &l);
    *type = l.type;
    return l.found;
}

static bool is_plain_name(const char *s)
{
    if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}

/* The types MPI and the runtime carry: C's integers, _Bool, float, double. */
static bool mpi_type_ok(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Bool: case CXType_Char_S: case CXType_Char_U: case CXType_SChar:
    case CXType_UChar: case CXType_Short: case CXType_UShort: case CXType_Int:
    case CXType_UInt: case CXType_Long: case CXType_ULong: case CXType_LongLong:
    case CXType_ULongLong: case CXType_Float: case CXType_Double:
        return true;
    default:
        return false;
    }
}

/* Why variable v of the site cannot be reduced over ranks, or NULL. */
static const char *why_not_variable(const Site *site, const ReduceVar *rv)
{
    if (is_section(rv))
        return "an array section";
    if (!is_plain_name(rv->name) || !rv->var)
        return "an element or member (copy it to a local variable around the loop)";
    if (!mpi_type_ok(rv->var->type))
        return "of a type other than C's integers, _Bool, float and double";
    if (rv->op == OP_BXOR && clang_getCanonicalType(rv->var->type).kind == CXType_Bool)
        return "a _Bool under ^ (an update `b ^= x` is not a parity when x is not 0 or 1)";
    if ((rv->op == OP_MIN || rv->op == OP_MAX) && rv->form == MM_TAKE &&
        type_is_floating(rv->var->type))
        return "updated as `m = m > x ? m : x` (MAX(m, x)), which takes a NaN: no order of the "
               "ranks' parts reproduces it (write `if (x > m) m = x;` or fmax)";
    if ((rv->op == OP_MIN || rv->op == OP_MAX) && (rv->form == MM_FMAX || rv->form == MM_FMAXF) &&
        !type_is_floating(rv->var->type))
        return "an integer updated through fmax/fmin (rounded through floating point)";
    if ((rv->op == OP_MAXLOC || rv->op == OP_MINLOC) && rv->loc_role == 0 && rv->loc_last != 0)
        return "a maxloc/minloc whose ties keep the last index (`>=`): only the first index (`>`) "
               "is kept exactly over ranks";
    for (int k = 0; k < site->nminmax_pairs; k++) {
        int v = (int)(rv - site->pragma.vars);
        if (site->minmax_pairs[k][0] == v || site->minmax_pairs[k][1] == v)
            return "a min and a max updated in one else-chain (write two ifs)";
    }
    return NULL;
}

bool mpi_check_site(const Source *src, const Site *site)
{
    const Pragma *p = &site->pragma;
    CXType comm = mpi_comm_type(src);
    if (comm.kind == CXType_Invalid) {
        diag_at(src, p->comm_offset, DIAG_ERROR,
                "comm(...) needs <mpi.h> included before the loop");
        return false;
    }
    CXType named;
    if (is_plain_name(p->comm) && visible_type(src, site, p->comm, &named) &&
        !clang_equalTypes(clang_getCanonicalType(named), comm)) {
        char *spelled = type_spelling(named);
        diag_at(src, p->comm_offset, DIAG_ERROR,
                "comm(%s) needs an MPI communicator, but '%s' is of type '%s', not MPI_Comm",
                p->comm, p->comm, spelled);
        return false;
    }
    bool ok = true;
    for (int v = 0; v < p->nvars; v++) {
        const char *why = why_not_variable(site, &p->vars[v]);
        if (why) {
            diag_at(src, p->vars[v].offset, DIAG_ERROR,
                    "comm(...) cannot complete the reduction of '%s' over MPI ranks: it is %s",
                    p->vars[v].name, why);
            ok = false;
        }
    }
    return ok;
}

bool mpi_any_site(const Site *sites, int n)
{
    for (int i = 0; i < n; i++)
        if (sites[i].pragma.comm && !sites[i].rejected && !sites[i].absorbed)
            return true;
    return false;
}
