/*
 * element_apart.c - proofs that a marked loop never reaches its element
 * accumulator through the array that holds it.
 *
 * `table[i][j] = max(table[i][j], table[i][k] + table[k + 1][j])` over
 * k in [i + 1, j) reads row i only below column j, and column j only below
 * row i + 1: never the element. Then the loop as written may keep the
 * running value in a register instead of the element (a store and a load
 * per iteration: nussinov ran 5x slower than its serial build), and the
 * wrapper need not check at run time that the array's copy misses it.
 *
 * The proof is per subscript: some level of every access differs from the
 * element's at every iteration, each side a variable plus a constant (or a
 * constant), the loop's variable bounded by its first value and its bound.
 */
#include "pragreduce.h"

#include <string.h>

/* `v + c`, `v - c`, `c + v`, `v` or `c`: *v (NULL for a constant) and *c. */
static bool var_plus_const(const Node *n, const Var **v, long long *c)
{
    n = ast_strip((Node *)n);
    if (!n)
        return false;
    if (ast_int_constant(n, c)) {
        *v = NULL;
        return true;
    }
    if (n->kind == N_DECLREF && n->var) {
        *v = n->var;
        *c = 0;
        return true;
    }
    if (n->kind != N_BINARY || n->nkids != 2 || !n->op || (strcmp(n->op, "+") && strcmp(n->op, "-")))
        return false;
    long long k;
    const Node *l = ast_strip(n->kids[0]), *r = ast_strip(n->kids[1]);
    if (ast_int_constant(r, &k) && l->kind == N_DECLREF && l->var) {
        *v = l->var;
        *c = strcmp(n->op, "+") == 0 ? k : -k;
        return true;
    }
    if (strcmp(n->op, "+") == 0 && ast_int_constant(l, &k) && r->kind == N_DECLREF && r->var) {
        *v = r->var;
        *c = k;
        return true;
    }
    return false;
}

/* The loop's variable moves by 1 from its first value toward its bound
 * without wrapping: a signed or unsigned int or wider, its bound no wider. */
static bool steps_without_wrap(const LoopInfo *li)
{
    long long one = 1; /* (no step node: ++ or --) */
    if ((li->step_node && (!ast_int_constant(li->step_node, &one) || one != 1)) ||
        !li->step || strcmp(li->step, "1") != 0 || !li->hi_node)
        return false;
    CXType t = clang_getCanonicalType(li->iv->type);
    switch (t.kind) {
    case CXType_Int: case CXType_UInt: case CXType_Long: case CXType_ULong:
    case CXType_LongLong: case CXType_ULongLong:
        break;
    default:
        return false;
    }
    long long iv_size = clang_Type_getSizeOf(t);
    long long hi_size = clang_Type_getSizeOf(clang_getCanonicalType(li->hi_node->type));
    return hi_size > 0 && hi_size <= iv_size;
}

/* Whether access subscript `a` differs from the element's `e` (loop
 * invariant) at every iteration of the site's loop. */
static bool differs(const Site *site, const Node *e, const Node *a)
{
    const Var *ve, *va;
    long long ce, ca;
    if (!var_plus_const(e, &ve, &ce) || !var_plus_const(a, &va, &ca))
        return false;
    const LoopInfo *li = &site->info;
    if (va != li->iv)
        return va == ve && ca != ce; /* the same invariant variable, another offset */
    if (!steps_without_wrap(li))
        return false;
    /* a = iv + ca, the iv between its first value and its bound */
    const Var *vb;
    long long cb;
    bool up = !li->step_down;
    if (li->lo_node && var_plus_const(li->lo_node, &vb, &cb) && vb == ve) {
        /* up: iv >= lo, so a - e >= cb + ca - ce; down: iv <= lo */
        if (up ? cb + ca > ce : cb + ca < ce)
            return true;
    }
    if (li->cmp != CMP_NE && li->hi_node && var_plus_const(li->hi_node, &vb, &cb) && vb == ve) {
        /* the iv's last value: below hi (<), hi (<= and >=), above hi (>) */
        long long edge = li->cmp == CMP_LT ? cb - 1 : li->cmp == CMP_GT ? cb + 1 : cb;
        if (up && (li->cmp == CMP_LT || li->cmp == CMP_LE) && edge + ca < ce)
            return true;
        if (!up && (li->cmp == CMP_GT || li->cmp == CMP_GE) && edge + ca > ce)
            return true;
    }
    return false;
}

/* The subscripts of the access whose first subscript is `sub`, outermost
 * first, up to max; 0 when the chain is not a plain `a[s0][s1]...`. */
static int access_chain(const Node *sub, const Node **out, int max)
{
    int n = 0;
    const Node *s = sub;
    while (s && n < max) {
        out[n++] = s;
        const Node *ref = s->parent;
        if (!ref || ref->kind != N_SUBSCRIPT || ref->kids[1] != s)
            return 0;
        const Node *up = ref->parent;
        while (up && (up->kind == N_PAREN || up->kind == N_IMPLICIT))
            up = up->parent;
        if (!up || up->kind != N_SUBSCRIPT || ast_strip(up->kids[0]) != ast_strip((Node *)ref))
            return n;
        s = up->kids[1];
    }
    return 0;
}

/* The element's subscripts, outermost first, from `B[e0][e1]...`. */
static int element_chain(const Node *init, const Var *base, const Node **out, int max)
{
    const Node *rev[8];
    int n = 0;
    const Node *x = ast_strip((Node *)init);
    while (x && x->kind == N_SUBSCRIPT && n < 8) {
        rev[n++] = x->kids[1];
        x = ast_strip(x->kids[0]);
    }
    if (!x || x->kind != N_DECLREF || x->var != base || n == 0 || n > max)
        return 0;
    for (int k = 0; k < n; k++)
        out[k] = rev[n - 1 - k];
    return n;
}

bool element_apart(const Source *src, const Site *site, const ReduceVar *rv, const Capture *cap)
{
    if (!element_named(src, rv->name) || !rv->var || cap->kind != CAP_ARRAY || cap->other_use ||
        cap->deref0 || cap->section || cap->written || cap->nsubs == 0 || site->ninner ||
        site->segment)
        return false;
    Node *decl = ast_build(src, rv->var->decl);
    const Node *init = decl && decl->kind == N_VARDECL && decl->nkids ? decl->kids[0] : NULL;
    const Node *elem[8];
    int levels = init ? element_chain(init, cap->var, elem, 8) : 0;
    if (levels == 0)
        return false;
    for (int k = 0; k < cap->nsubs; k++) {
        const Node *acc[8];
        if (access_chain(cap->subs[k], acc, 8) != levels)
            return false;
        bool apart = false;
        for (int l = 0; l < levels && !apart; l++)
            apart = differs(site, elem[l], acc[l]);
        if (!apart)
            return false;
    }
    return true;
}

bool element_homes_needed(const Source *src, const Site *site)
{
    const ReduceVar *element = NULL;
    bool sections = false;
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        sections |= is_section(rv);
        if (!element_named(src, rv->name))
            continue;
        if (element)
            return true; /* two elements may be one */
        element = rv;
    }
    if (!element)
        return false;
    if (sections)
        return true; /* a section may hold the element */
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_SCALAR && !element_apart(src, site, element, cap))
            return true;
    }
    return false;
}

/* The variable an element accumulator's address starts from: B of
 * `B[i][j]`, `B[i].f`, `B->f`; NULL when not a variable. */
static const Var *element_base(const Source *src, const ReduceVar *rv)
{
    Node *decl = ast_build(src, rv->var->decl);
    const Node *x = decl && decl->kind == N_VARDECL && decl->nkids ? ast_strip(decl->kids[0]) : NULL;
    while (x && (x->kind == N_SUBSCRIPT || x->kind == N_MEMBER) && x->nkids > 0)
        x = ast_strip(x->kids[0]);
    return x && x->kind == N_DECLREF ? x->var : NULL;
}

bool element_base_apart(const Source *src, const Site *site)
{
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!rv->var || !element_named(src, rv->name))
            continue;
        const Var *base = element_base(src, rv);
        for (int i = 0; i < site->ncaptures; i++) {
            const Capture *cap = &site->captures[i];
            if ((!base || cap->var == base) && cap->kind != CAP_SCALAR &&
                !element_apart(src, site, rv, cap))
                return false;
        }
    }
    return true;
}
