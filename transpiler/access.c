/*
 * access.c - which elements of each captured array a loop reads.
 *
 * A subscript that is an affine function of the induction variable,
 * coef * i + off with coef and off loop-invariant, touches its extreme
 * elements at the first and last iteration; the host wrapper evaluates both
 * and copies the range between them. Anything else needs the user's
 * in(a[first:count]) clause.
 */
#include "pragreduce.h"

#include <string.h>

static Linear not_affine(void) { return (Linear){.affine = false}; }
static Linear constant(char *text) { return (Linear){.affine = true, .off = text}; }

static char *sum_text(const char *a, const char *b, char sign)
{
    if (!a && !b)
        return NULL;
    if (!b)
        return xstrdup(a);
    if (!a)
        return sign == '-' ? xformat("-(%s)", b) : xstrdup(b);
    return xformat("(%s) %c (%s)", a, sign, b);
}

static char *product_text(const char *a, const char *b)
{
    if (!a || !b)
        return NULL;
    return xformat("(%s) * (%s)", a, b);
}

/* Integer expression the body cannot change: literals, enumerators, sizeof,
 * and outer integer variables (the body writes none of them). */
static bool is_invariant(const Node *n, const Var *iv, unsigned loop_start, unsigned loop_end)
{
    switch (n->kind) {
    case N_INTLIT:
    case N_CHARLIT:
    case N_SIZEOF:
        return true;
    case N_DECLREF:
        if (!n->var) /* enumerator */
            return clang_getCursorKind(clang_getCursorReferenced(n->cursor)) ==
                   CXCursor_EnumConstantDecl;
        if (n->var == iv || !type_is_integer(n->var->type))
            return false;
        return n->var->decl_offset == UINT32_MAX || n->var->decl_offset < loop_start ||
               n->var->decl_offset >= loop_end;
    case N_PAREN:
    case N_IMPLICIT:
    case N_CAST:
    case N_BINARY:
    case N_UNARY:
    case N_COND:
        if (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--") ||
                                   !strcmp(n->op, "*") || !strcmp(n->op, "&")))
            return false;
        for (int i = 0; i < n->nkids; i++)
            if (!is_invariant(n->kids[i], iv, loop_start, loop_end))
                return false;
        return true;
    default:
        return false;
    }
}

typedef struct {
    const Source *src;
    const Var *iv;
    unsigned loop_start, loop_end;
} Ctx;

static Linear linear(const Ctx *c, const Node *expr)
{
    const Node *n = ast_strip((Node *)expr);
    if (!n)
        return not_affine();
    if (n->kind == N_DECLREF && n->var == c->iv)
        return (Linear){.affine = true, .coef = xstrdup("1")};
    if (!ast_mentions(n, c->iv)) {
        if (is_invariant(n, c->iv, c->loop_start, c->loop_end))
            return constant(ast_expr_text(c->src, n));
        return not_affine();
    }
    switch (n->kind) {
    case N_CAST:
        if (!type_is_integer(n->type))
            return not_affine();
        return linear(c, n->kids[n->nkids - 1]);
    case N_UNARY:
        if (!strcmp(n->op, "+"))
            return linear(c, n->kids[0]);
        if (!strcmp(n->op, "-")) {
            Linear a = linear(c, n->kids[0]);
            if (!a.affine)
                return a;
            return (Linear){true, sum_text(NULL, a.coef, '-'), sum_text(NULL, a.off, '-')};
        }
        return not_affine();
    case N_BINARY: {
        if (!strcmp(n->op, "+") || !strcmp(n->op, "-")) {
            Linear a = linear(c, n->kids[0]), b = linear(c, n->kids[1]);
            if (!a.affine || !b.affine)
                return not_affine();
            char sign = n->op[0];
            return (Linear){true, sum_text(a.coef, b.coef, sign), sum_text(a.off, b.off, sign)};
        }
        if (!strcmp(n->op, "*")) {
            Linear a = linear(c, n->kids[0]), b = linear(c, n->kids[1]);
            if (!a.affine || !b.affine || (a.coef && b.coef))
                return not_affine();
            if (b.coef) {
                Linear t = a;
                a = b;
                b = t;
            }
            /* a has the induction variable, b is invariant */
            const char *k = b.off ? b.off : "0";
            return (Linear){true, product_text(a.coef, k), a.off ? product_text(a.off, k) : NULL};
        }
        return not_affine();
    }
    default:
        return not_affine();
    }
}

Linear access_linear(const Source *src, const Node *expr, const Var *iv)
{
    Ctx c = {src, iv, 0, 0};
    return linear(&c, expr);
}

bool access_analyze(const Source *src, Site *site)
{
    bool ok = true;
    Ctx c = {src, site->info.iv, site->loop->start, site->loop_end};
    for (int i = 0; i < site->ncaptures; i++) {
        Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY || cap->section)
            continue;
        const char *name = cap->var->name;
        if (cap->other_use) {
            diag_at(src, cap->other_use_offset, DIAG_ERROR,
                    "cannot tell which elements of '%s' the loop reads: it is used here other "
                    "than as '%s[index]'; add 'in(%s[FIRST:COUNT])' to the pragma",
                    name, name, name);
            diag_at(src, site->pragma.hash_offset, DIAG_NOTE, "in the loop marked by '#pragma %s'",
                    site->pragma.summary);
            ok = false;
            continue;
        }
        cap->vec_ok = cap->nsubs > 0 && !cap->deref0;
        for (int k = 0; k < cap->nsubs; k++) {
            const Node *sub = ast_strip(cap->subs[k]);
            const Node *ref = cap->subs[k]->parent;
            cap->vec_ok &= sub->kind == N_DECLREF && sub->var == site->info.iv && ref &&
                           ref->kind == N_SUBSCRIPT && !ref->from_macro && ref->end > ref->start;
        }
        cap->ranges = xcalloc((size_t)cap->nsubs + 1, sizeof(Linear));
        cap->nranges = 0;
        if (cap->deref0)
            cap->ranges[cap->nranges++] = constant(xstrdup("0"));
        for (int k = 0; k < cap->nsubs; k++) {
            Linear l = linear(&c, cap->subs[k]);
            if (!l.affine) {
                diag_at(src, cap->subs[k]->start, DIAG_ERROR,
                        "cannot tell which elements of '%s' the loop reads: the subscript '%s' is "
                        "not an affine function of '%s'; add 'in(%s[FIRST:COUNT])' to the pragma",
                        name, ast_expr_text(src, cap->subs[k]), site->info.iv->name, name);
                diag_at(src, site->pragma.hash_offset, DIAG_NOTE,
                        "in the loop marked by '#pragma %s'", site->pragma.summary);
                ok = false;
                break;
            }
            cap->ranges[cap->nranges++] = l;
        }
    }
    return ok;
}
