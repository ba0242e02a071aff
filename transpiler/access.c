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
static Linear constant(char *text)
{
    return (Linear){.affine = true, .off = text, .coef_known = true, .off_known = false};
}

static Linear constant_node(const Source *src, const Node *n)
{
    Linear l = constant(ast_expr_text(src, n));
    CXEvalResult ev = clang_Cursor_Evaluate(n->cursor);
    if (ev) {
        if (clang_EvalResult_getKind(ev) == CXEval_Int) {
            l.off_known = true;
            l.off_value = clang_EvalResult_getAsLongLong(ev);
        }
        clang_EvalResult_dispose(ev);
    }
    return l;
}

/* a +/- b on the known values; an absent part is a known 0 */
static void combine_values(Linear *r, const Linear *a, const Linear *b, int sign)
{
    r->coef_known = a->coef_known && b->coef_known;
    r->coef_value = a->coef_value + sign * b->coef_value;
    r->off_known = (a->off_known || !a->off) && (b->off_known || !b->off);
    r->off_value = (a->off ? a->off_value : 0) + sign * (b->off ? b->off_value : 0);
}

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
        return (Linear){.affine = true, .coef = xstrdup("1"), .coef_known = true, .coef_value = 1,
                        .off_known = true};
    if (!ast_mentions(n, c->iv)) {
        if (is_invariant(n, c->iv, c->loop_start, c->loop_end))
            return constant_node(c->src, n);
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
            Linear r = {true, sum_text(NULL, a.coef, '-'), sum_text(NULL, a.off, '-'),
                        a.coef_known, a.off_known || !a.off, -a.coef_value, -a.off_value};
            return r;
        }
        return not_affine();
    case N_BINARY: {
        if (!strcmp(n->op, "+") || !strcmp(n->op, "-")) {
            Linear a = linear(c, n->kids[0]), b = linear(c, n->kids[1]);
            if (!a.affine || !b.affine)
                return not_affine();
            char sign = n->op[0];
            Linear r = {.affine = true, .coef = sum_text(a.coef, b.coef, sign),
                        .off = sum_text(a.off, b.off, sign)};
            combine_values(&r, &a, &b, sign == '-' ? -1 : 1);
            return r;
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
            bool kk = b.off_known || !b.off;
            long long kv = b.off ? b.off_value : 0;
            Linear r = {.affine = true, .coef = product_text(a.coef, k),
                        .off = a.off ? product_text(a.off, k) : NULL};
            r.coef_known = a.coef_known && kk;
            r.coef_value = a.coef_value * kv;
            r.off_known = (a.off_known || !a.off) && kk;
            r.off_value = (a.off ? a.off_value : 0) * kv;
            return r;
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
            cap->ranges[cap->nranges++] = (Linear){.affine = true, .off = xstrdup("0"),
                                                   .coef_known = true, .off_known = true};
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
