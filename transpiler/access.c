/*
 * access.c - which elements of each captured array a loop reads.
 *
 * A subscript that is an affine function of the induction variable,
 * coef * i + off with coef and off loop-invariant, touches its extreme
 * elements at the first and last iteration; the host wrapper evaluates both
 * and copies the range between them. A subscript may also move with
 * range variables (collapsed loops, and inner loops whose bounds the marked
 * loop cannot change): each term coef_k * r_k adds its extremes at r_k's
 * first and last values. Anything else needs the user's
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

/* Named in private(), or one of a segment's private scalars. */
static bool site_private(const Site *site, const Var *v)
{
    for (int k = 0; k < site->nprivates; k++)
        if (site->privates[k] == v)
            return true;
    for (int k = 0; k < site->pragma.nprivates; k++)
        if (site->pragma.privates[k].var == v)
            return true;
    return false;
}

static bool is_invariant(const Source *src, const Site *site, const Node *n, const Var *iv,
                         unsigned loop_start, unsigned loop_end);
static bool writes_var(const Node *n, const Var *v);

/* Whether `n`, a reference to v somewhere in a member chain, is where the
 * chain's lvalue is written (assigned, ++/--), has its address taken, or
 * decays to a pointer: what could change a member of v. */
static bool touches_root(const Node *ref)
{
    const Node *child = ref, *p = ref->parent;
    for (;;) {
        while (p && (p->kind == N_PAREN || (p->kind == N_IMPLICIT && p->nkids == 1 &&
                                            clang_getCanonicalType(p->type).kind != CXType_Pointer))) {
            child = p;
            p = p->parent;
        }
        if (!p)
            return false;
        bool base = p->nkids && p->kids[0] == child;
        if (base && p->kind == N_MEMBER && p->op && !strcmp(p->op, ".")) {
        } else if (base && p->kind == N_SUBSCRIPT &&
                   clang_getCanonicalType(child->type).kind == CXType_ConstantArray) {
        } else {
            break;
        }
        child = p;
        p = p->parent;
    }
    if (p->kind == N_ASSIGN && p->nkids && p->kids[0] == child)
        return true;
    if (p->kind == N_UNARY && (!strcmp(p->op, "++") || !strcmp(p->op, "--") || !strcmp(p->op, "&")))
        return true;
    /* an array (of the struct, or a member) decaying to a pointer */
    return p->kind == N_IMPLICIT && clang_getCanonicalType(p->type).kind == CXType_Pointer &&
           clang_getCanonicalType(child->type).kind != CXType_Pointer;
}

static const Node *root_touch(const Node *n, const Var *v)
{
    if (!n)
        return NULL;
    if (n->kind == N_DECLREF && n->var == v && touches_root(n))
        return n;
    for (int i = 0; i < n->nkids; i++) {
        const Node *at = root_touch(n->kids[i], v);
        if (at)
            return at;
    }
    return NULL;
}

static bool root_touched_in(const Node *n, const Var *v) { return root_touch(n, v) != NULL; }

/* A pointer type whose target may hold a struct's member without being of
 * the member's type: a struct or union, a character type, void. */
static bool may_alias_aggregate(CXType pointer)
{
    CXType t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(pointer)));
    switch (t.kind) {
    case CXType_Record:
    case CXType_Void:
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_SChar:
    case CXType_UChar:
    case CXType_Pointer: /* (a table of rows, which may hold anything) */
        return true;
    default:
        return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray;
    }
}

/* Whether the loop may store through a pointer into a struct of any
 * type (with `any`: through any pointer at all): through a pointer to a
 * struct, union, character type or void, a '->' member, or a call given
 * such a pointer or an address. Stores through pointers to other types
 * (`out[i]` of a double *) reach an integer member of a struct only
 * where its address was taken, which the callers check, or hit arrays
 * checked at run time against those the loop reads (emit_alias_check:
 * the struct behind p of `p->f` is one). */
static const Node *store_into_structs(const Node *n, bool any)
{
    if (!n)
        return NULL;
    const Node *target = NULL;
    if (n->kind == N_ASSIGN && n->nkids)
        target = n->kids[0];
    else if (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")))
        target = n->kids[0];
    for (const Node *t = target ? ast_strip((Node *)target) : NULL; t;) {
        if (t->kind == N_MEMBER && t->nkids == 1) {
            if (t->op && !strcmp(t->op, "->"))
                return n;
            t = ast_strip(t->kids[0]);
        } else if (t->kind == N_SUBSCRIPT && t->nkids == 2) {
            const Node *b = ast_strip(t->kids[0]);
            if (clang_getCanonicalType(b->type).kind == CXType_Pointer) {
                if (any || may_alias_aggregate(b->type))
                    return n;
                break; /* into what the pointer points to (the pointer, p->out of
                          p->out[i], is only read) */
            }
            t = b; /* an array: the store is in the object holding it */
        } else if (t->kind == N_UNARY && !strcmp(t->op, "*")) {
            const Node *b = ast_strip(t->kids[0]);
            if (any || may_alias_aggregate(b->type))
                return n;
            break; /* (as above) */
        } else if (t->kind == N_DECLREF || t->kind == N_CAST) {
            break;
        } else {
            return n; /* a store through something else */
        }
    }
    if (n->kind == N_CALL)
        for (int i = 1; i < n->nkids; i++) {
            const Node *a = ast_strip(n->kids[i]);
            enum CXTypeKind k = clang_getCanonicalType(a->type).kind;
            if ((k == CXType_Pointer && (any || may_alias_aggregate(a->type))) ||
                (a->kind == N_UNARY && !strcmp(a->op, "&")))
                return n;
        }
    for (int i = 0; i < n->nkids; i++) {
        const Node *at = store_into_structs(n->kids[i], any);
        if (at)
            return at;
    }
    return NULL;
}

static bool stores_into_structs(const Node *n, bool any) { return store_into_structs(n, any) != NULL; }

/* `s.f`, `s.a.b`, `g.f` or `p->f` (`p->a.b`) of integer type, which the
 * loop cannot change: the struct variable s (a local, a parameter passed
 * by value, a global) is declared outside the loop, which neither writes
 * any part of it nor takes its address, and no pointer may point to it
 * where the loop stores through a pointer (its address never escapes: a
 * global with internal linkage whose address the file never takes, or
 * any such local); or the pointer p is an outer variable the loop never
 * changes, and the loop stores nothing through pointers that may reach
 * into a struct (stores_into_structs; other arrays the loop writes are
 * checked against *p, an array the loop reads, at run time). Like an
 * outer scalar, the value is the same in every iteration, so the host's
 * copy and the kernel's agree. Returns NULL for such a member, else why
 * it may change ("": nothing a message could add). */
static const char *member_unproven(const Source *src, const Site *site, const Node *n, unsigned loop_start,
                                   unsigned loop_end)
{
    if (!site || !src || !type_is_integer(n->type))
        return ""; /* (not an integer member of a variable from outside) */
    const Node *b = n;
    bool arrow = false;
    while (b && b->kind == N_MEMBER && b->nkids == 1 && !arrow) {
        arrow = b->op && !strcmp(b->op, "->");
        b = ast_strip(b->kids[0]);
    }
    if (!b || b->kind != N_DECLREF || !b->var)
        return ""; /* (reached through memory: nothing to say about a copy before the loop) */
    const Var *v = b->var;
    if (v->is_volatile)
        return xformat("'%s' is volatile", v->name);
    for (const Node *m = n; m != b; m = ast_strip(m->kids[0]))
        if (clang_isVolatileQualifiedType(m->type))
            return xformat("'%s' is volatile", ast_expr_text(src, m));
    if (site_is_iv(site, v) || site_private(site, v) ||
        !(v->decl_offset == UINT32_MAX || v->decl_offset < loop_start || v->decl_offset >= loop_end) ||
        !(v->decl_offset == UINT32_MAX || v->decl_offset < site->loop->start ||
          v->decl_offset >= site->loop_end))
        return ""; /* (the iteration's own) */
    /* a union's members share their bytes */
    for (const Node *m = n; m != b; m = ast_strip(m->kids[0])) {
        CXType t = clang_getCanonicalType(ast_strip(m->kids[0])->type);
        if (t.kind == CXType_Pointer)
            t = clang_getCanonicalType(clang_getPointeeType(t));
        if (t.kind != CXType_Record || clang_getCursorKind(clang_getTypeDeclaration(t)) != CXCursor_StructDecl)
            return "it is a member of a union, whose members share their bytes";
    }
    CXType vt = clang_getCanonicalType(v->type);
    if (arrow) {
        if (vt.kind != CXType_Pointer)
            return "";
        if (writes_var(site->loop, v))
            return xformat("the loop changes the pointer '%s'", v->name);
        if (stores_into_structs(site->loop, false))
            return xformat("the loop stores through a pointer that may point into '*%s' (a '->' member, or "
                           "a pointer to a struct, union, character type or void, or one passed to a call)",
                           v->name);
        return NULL;
    }
    if (vt.kind != CXType_Record)
        return "";
    if (root_touched_in(site->loop, v))
        return xformat("the loop writes '%s' or takes its address", v->name);
    bool global;
    if (stores_into_structs(site->loop, true) && reduction_address_escapes(src, site, v, &global))
        return xformat("a pointer may point to '%s' (%s), and the loop may store through it", v->name,
                       global ? "a global with external linkage, which any file may point to"
                              : "its address is taken");
    return NULL;
}

/* `D.v`, `p->v`, `a.b.v`, `p->q->v`: a pointer held in a struct, which
 * element.c copied to a variable before the loop (its uses in the loop
 * read that variable). The copy is the value every iteration would read
 * when the loop cannot change it: the path reads no variable the loop
 * sets, the loop neither writes nor takes the address of the struct
 * variable at its root (nor changes the pointer at its root), and, where
 * the pointer lies behind a '->' or in a struct whose address escapes,
 * the loop stores nothing through a pointer that may reach it (a '->'
 * member, a pointer to a struct, union, pointer, character type or void,
 * or one given to a call: stores_into_structs; a store of a double
 * through a double * cannot change a pointer). NULL when proven, else why
 * not. */
/* A call in n that may write memory other than the caller's locals and
 * what its arguments point to: of a function the file does not define
 * (other than a library function that writes nothing of ours:
 * fx_pure_call), through a pointer, or of a function of the file that
 * writes other memory than its locals and its pointer parameters
 * (fx_summary); NULL when none. */
static const Node *call_writing_memory(Effects *fx, const Node *n)
{
    if (!n)
        return NULL;
    if (n->kind == N_CALL && !fx_pure_call(fx, n)) {
        CXCursor callee = fx_callee(n);
        CXCursor def = clang_Cursor_isNull(callee) ? callee : clang_getCursorDefinition(callee);
        if (clang_Cursor_isNull(def) || !source_cursor_in_main(fx->src, def) || fx_summary(fx, def)->state != 2)
            return n;
    }
    for (int i = 0; i < n->nkids; i++) {
        const Node *c = call_writing_memory(fx, n->kids[i]);
        if (c)
            return c;
    }
    return NULL;
}

const char *access_member_pointer_unproven(const Source *src, const Site *site, const Node *path, unsigned *at)
{
    *at = UINT32_MAX;
    const Node *b = ast_strip((Node *)path);
    bool arrow = false;
    while (b && b->kind == N_MEMBER && b->nkids == 1) {
        if (clang_isVolatileQualifiedType(b->type))
            return xformat("'%s' is volatile", ast_expr_text(src, b));
        const Node *base = ast_strip(b->kids[0]);
        CXType t = clang_getCanonicalType(base->type);
        if (b->op && !strcmp(b->op, "->")) {
            arrow = true;
            t = clang_getCanonicalType(clang_getPointeeType(t));
        }
        if (t.kind != CXType_Record || clang_getCursorKind(clang_getTypeDeclaration(t)) != CXCursor_StructDecl)
            return xformat("'%s' is a member of a union, whose members share their bytes", ast_expr_text(src, b));
        b = base;
    }
    if (!b || b->kind != N_DECLREF || !b->var)
        return xstrdup("it is not read from a variable through '.' and '->'");
    const Var *v = b->var;
    if (v->is_volatile)
        return xformat("'%s' is volatile", v->name);
    if (site_is_iv(site, v) || site_private(site, v))
        return xformat("'%s' is %s", v->name, site_is_iv(site, v) ? "the loop's induction variable" : "private");
    if (v->decl_offset != UINT32_MAX && v->decl_offset >= site->loop->start && v->decl_offset < site->loop_end)
        return xformat("'%s' is declared in the loop", v->name);
    CXType vt = clang_getCanonicalType(v->type);
    bool global;
    const Node *touch;
    if (vt.kind == CXType_Pointer) {
        if (writes_var(site->loop, v))
            return xformat("the loop changes the pointer '%s'", v->name);
    } else if ((touch = root_touch(site->loop, v))) {
        *at = touch->start;
        return xformat("the loop writes '%s' or takes its address", v->name);
    }
    bool reachable = arrow || v->storage != VAR_LOCAL || reduction_address_escapes(src, site, v, &global);
    Effects fx = {.src = src};
    const Node *call = reachable ? call_writing_memory(&fx, site->loop) : NULL;
    if (call) {
        *at = call->start;
        return xformat("the loop calls %s%s%s, which may change it", call->name ? "'" : "a function through a pointer",
                       call->name ? call->name : "", call->name ? "'" : "");
    }
    const Node *store = store_into_structs(site->loop, false);
    if (store && reachable) {
        *at = store->start;
        return xformat("the loop stores through a pointer that may point to where it is held (a '->' member, "
                       "a pointer to a struct, union, pointer, character type or void, or one passed to a "
                       "call)%s",
                       arrow ? "" : xformat(", and the address of '%s' is taken", v->name));
    }
    return NULL;
}

static bool member_invariant(const Source *src, const Site *site, const Node *n, unsigned loop_start,
                             unsigned loop_end)
{
    return !member_unproven(src, site, n, loop_start, loop_end);
}

/* The first integer struct member in `n` that the loop may change, and
 * why (member_unproven), for the messages about a subscript; NULL: none. */
static const Node *unproven_member(const Source *src, const Site *site, const Node *n, const char **why)
{
    if (!n)
        return NULL;
    if (n->kind == N_MEMBER && type_is_integer(n->type)) {
        const char *r = member_unproven(src, site, n, site->loop->start, site->loop_end);
        if (r && *r) {
            *why = r;
            return n;
        }
        if (!r)
            return NULL;
    }
    for (int i = 0; i < n->nkids; i++) {
        const Node *m = unproven_member(src, site, n->kids[i], why);
        if (m)
            return m;
    }
    return NULL;
}

/* Integer expression the body cannot change: literals, enumerators, sizeof,
 * outer integer variables (the body writes none of them) and members of
 * structs it cannot change (member_invariant). */
static bool is_invariant(const Source *src, const Site *site, const Node *n, const Var *iv,
                         unsigned loop_start, unsigned loop_end)
{
    switch (n->kind) {
    case N_MEMBER:
        return member_invariant(src, site, n, loop_start, loop_end);
    case N_INTLIT:
    case N_CHARLIT:
    case N_SIZEOF:
        return true;
    case N_DECLREF:
        if (!n->var) /* enumerator */
            return clang_getCursorKind(clang_getCursorReferenced(n->cursor)) ==
                   CXCursor_EnumConstantDecl;
        if (n->var == iv || !type_is_integer(n->var->type) || (site && site_is_iv(site, n->var)))
            return false;
        /* private scalars are declared outside but assigned in each iteration */
        if (site && site_private(site, n->var))
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
            if (!is_invariant(src, site, n->kids[i], iv, loop_start, loop_end))
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
    const Site *site; /* for range variables; NULL: none */
    unsigned at;      /* where the subscript is */
} Ctx;

/* The range variable `v` is at `at`, or -1. */
static int range_var(const Ctx *c, const Var *v)
{
    if (!c->site || !v)
        return -1;
    for (int k = 0; k < c->site->nranges; k++) {
        const RangeVar *r = &c->site->ranges[k];
        if (r->info.iv == v && c->at >= r->start && c->at < r->end)
            return k;
    }
    return -1;
}

static bool add_term(Linear *l, int var, char *coef)
{
    for (int k = 0; k < l->nterms; k++) {
        if (l->terms[k].var == var) {
            l->terms[k].coef = sum_text(l->terms[k].coef, coef, '+');
            return true;
        }
    }
    if (l->nterms == PR_MAX_TERMS)
        return false;
    l->terms[l->nterms++] = (LinearTerm){var, coef};
    return true;
}

static bool mentions_range_var(const Ctx *c, const Node *n)
{
    if (!n)
        return false;
    if (n->kind == N_DECLREF && range_var(c, n->var) >= 0)
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (mentions_range_var(c, n->kids[i]))
            return true;
    return false;
}

static bool writes_var(const Node *n, const Var *v);

static const Node *find_decl(const Node *n, const Var *v)
{
    if (!n)
        return NULL;
    if (n->kind == N_VARDECL && n->var == v)
        return n;
    for (int i = 0; i < n->nkids; i++) {
        const Node *d = find_decl(n->kids[i], v);
        if (d)
            return d;
    }
    return NULL;
}

/* The initializer of an integer variable declared in the loop with one and
 * never written again (nor its address taken), or NULL. */
static const Node *single_assignment(const Ctx *c, const Var *v)
{
    if (v->decl_offset == UINT32_MAX || v->decl_offset < c->loop_start || v->decl_offset >= c->loop_end ||
        !type_is_integer(v->type) || v->is_volatile || v->storage != VAR_LOCAL)
        return NULL;
    const Node *d = find_decl(c->site->loop, v);
    if (!d || d->nkids != 1 || d->kids[0]->kind == N_INITLIST || writes_var(c->site->loop, v) ||
        ast_mentions(d->kids[0], v))
        return NULL;
    /* the initializer is read where it was written: only variables the
     * loop cannot change between there and the use, or the loop's own */
    return d->kids[0];
}

/* The writes of v in n (assignments of any kind, ++/--, &v), up to 2. */
static int count_writes(const Node *n, const Var *v)
{
    if (!n)
        return 0;
    int count = 0;
    if ((n->kind == N_ASSIGN && n->nkids > 0) ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--") || !strcmp(n->op, "&")))) {
        const Node *t = ast_strip(n->kids[0]);
        if (t && t->kind == N_DECLREF && t->var == v)
            count++;
    }
    for (int i = 0; i < n->nkids && count < 2; i++)
        count += count_writes(n->kids[i], v);
    return count;
}

static const Node *assignment_of(const Node *n, const Var *v)
{
    if (!n)
        return NULL;
    if (n->kind == N_ASSIGN && !strcmp(n->op, "=") && ast_strip(n->kids[0])->kind == N_DECLREF &&
        ast_strip(n->kids[0])->var == v)
        return n;
    for (int i = 0; i < n->nkids; i++) {
        const Node *a = assignment_of(n->kids[i], v);
        if (a)
            return a;
    }
    return NULL;
}

/* Every mention of v in n lies in [from, to), but the one at `skip`. */
static bool mentions_only_within(const Node *n, const Var *v, unsigned from, unsigned to, const Node *skip)
{
    if (!n || n == skip)
        return true;
    if (n->kind == N_DECLREF && n->var == v)
        return n->start >= from && n->end <= to;
    for (int i = 0; i < n->nkids; i++)
        if (!mentions_only_within(n->kids[i], v, from, to, skip))
            return false;
    return true;
}

/* Whether every variable e reads keeps its value from `def` (inside the
 * site's loop) to the end of the block holding it: not written in the
 * loop, or the variable of a `for` of the loop around def whose body does
 * not write it (its increment runs after the block), or the site's own. */
static const Node *private_single_assignment_at(const Site *site, const Var *v, int depth);

static bool stable_from(const Site *site, const Node *e, const Node *def, int depth)
{
    if (!e)
        return true;
    if (e->kind == N_CALL || e->kind == N_SUBSCRIPT || e->kind == N_MEMBER || e->kind == N_ASSIGN ||
        (e->kind == N_UNARY && (!strcmp(e->op, "*") || !strcmp(e->op, "++") || !strcmp(e->op, "--") ||
                                !strcmp(e->op, "&"))))
        return false; /* memory, or an effect */
    /* another such private: every mention of it, this one too, follows
     * its one assignment in its block, so it holds that value here */
    if (e->kind == N_DECLREF && e->var && e->var != site->info.iv && writes_var(site->loop, e->var) &&
        !private_single_assignment_at(site, e->var, depth + 1)) {
        const Node *f = def->parent;
        for (; f && f != site->loop; f = f->parent)
            if (f->kind == N_FOR && ast_for_init(f) && ast_for_inc(f) && f->nkids &&
                (assignment_of(ast_for_init(f), e->var) || find_decl(ast_for_init(f), e->var)) &&
                !writes_var(f->kids[f->nkids - 1], e->var) &&
                !writes_var(ast_for_cond(f), e->var))
                break;
        if (!f || f == site->loop)
            return false;
    }
    for (int i = 0; i < e->nkids; i++)
        if (!stable_from(site, e->kids[i], def, depth))
            return false;
    return true;
}

/* The value of an integer private scalar (C89 scratch declared outside the
 * loop, or private()) that the loop writes once, by a statement `v = e;`
 * of a block whose later statements hold every other mention of v, e
 * reading only variables that keep their value to the block's end (no
 * memory): at each use v stands for e, as an initializer would. NULL
 * otherwise. */
static const Node *private_single_assignment(const Site *site, const Var *v)
{
    return private_single_assignment_at(site, v, 0);
}

/* Declared inside the site's loop: each iteration has its own. */
static bool declared_in_site(const Site *site, const Var *v)
{
    return v->decl_offset != UINT32_MAX && v->decl_offset >= site->loop->start &&
           v->decl_offset < site->loop->end && find_decl(site->loop, v);
}

static const Node *private_single_assignment_at(const Site *site, const Var *v, int depth)
{
    if (!site || depth > 8 || !type_is_integer(v->type) || v->is_volatile || v->storage != VAR_LOCAL)
        return NULL;
    /* a local of the loop body (C99 `int c = x + y * nx;`, or C89 style
     * `int c;` at the top of the body assigned once below) is private to
     * the iteration that declares it, as private() scalars are */
    const bool local = declared_in_site(site, v);
    if (!local && !site_private(site, v))
        return NULL;
    const int writes = count_writes(site->loop, v);
    const Node *def = NULL, *value = NULL, *stmt = NULL;
    if (writes == 1) {
        def = assignment_of(site->loop, v);
        if (!def)
            return NULL;
        value = def->kids[1];
        stmt = def;
        /* an initializer as well as the assignment: the value before it is
         * read nowhere (every mention follows the assignment) */
    } else if (writes == 0 && local) {
        def = find_decl(site->loop, v);
        if (!def || def->nkids != 1 || def->kids[0]->kind == N_INITLIST)
            return NULL;
        value = def->kids[0];
        stmt = def->parent; /* the declaration statement */
        if (!stmt || stmt->kind != N_DECLSTMT)
            return NULL;
    } else {
        return NULL;
    }
    if (ast_mentions(value, v))
        return NULL;
    while (stmt->parent && (stmt->parent->kind == N_PAREN || stmt->parent->kind == N_IMPLICIT))
        stmt = stmt->parent;
    const Node *block = stmt->parent;
    if (!block || block->kind != N_COMPOUND || block->start < site->loop->start)
        return NULL;
    const Node *skip = def->kind == N_ASSIGN ? ast_strip(def->kids[0]) : NULL;
    return mentions_only_within(site->loop, v, stmt->end, block->end, skip) && stable_from(site, value, def, depth)
               ? value
               : NULL;
}

const Node *access_value_of(const Site *site, const Node *n)
{
    const Node *s = ast_strip((Node *)n);
    for (int depth = 0; depth < 8 && s && s->kind == N_DECLREF && s->var; depth++) {
        const Node *e = private_single_assignment(site, s->var);
        if (!e)
            break;
        s = ast_strip((Node *)e);
    }
    return s;
}

static bool value_mentions_at(const Site *site, const Node *n, const Var *v, int depth)
{
    if (!n || depth > 8)
        return false;
    if (n->kind == N_DECLREF && n->var == v)
        return true;
    if (n->kind == N_DECLREF && n->var) {
        const Node *e = private_single_assignment(site, n->var);
        return e && value_mentions_at(site, e, v, depth + 1);
    }
    for (int i = 0; i < n->nkids; i++)
        if (value_mentions_at(site, n->kids[i], v, depth))
            return true;
    return false;
}

bool access_value_mentions(const Site *site, const Node *n, const Var *v)
{
    return value_mentions_at(site, n, v, 0);
}

/* Whether `n` reads a local that stands for its initializer. */
static bool mentions_single_assignment(const Ctx *c, const Node *n)
{
    if (!n || !c->site)
        return false;
    if (n->kind == N_DECLREF && n->var &&
        (single_assignment(c, n->var) || private_single_assignment(c->site, n->var)))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (mentions_single_assignment(c, n->kids[i]))
            return true;
    return false;
}

static Linear linear(const Ctx *c, const Node *expr)
{
    const Node *n = ast_strip((Node *)expr);
    if (!n)
        return not_affine();
    if (n->kind == N_DECLREF && n->var == c->iv)
        return (Linear){.affine = true, .coef = xstrdup("1"), .coef_known = true, .coef_value = 1,
                        .off_known = true};
    if (n->kind == N_DECLREF && range_var(c, n->var) >= 0) {
        Linear l = {.affine = true, .coef_known = true, .off_known = true};
        add_term(&l, range_var(c, n->var), xstrdup("1"));
        return l;
    }
    if (n->kind == N_DECLREF && n->var && c->site) {
        /* a local of the loop set once from the induction variable
         * (`long base = i * cols;`) stands for its initializer */
        const Node *init = single_assignment(c, n->var);
        if (!init)
            init = private_single_assignment(c->site, n->var);
        if (init)
            return linear(c, init);
    }
    if (!ast_mentions(n, c->iv) && !mentions_range_var(c, n) && !mentions_single_assignment(c, n)) {
        if (is_invariant(c->src, c->site, n, c->iv, c->loop_start, c->loop_end))
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
            Linear r = {.affine = true, .coef = sum_text(NULL, a.coef, '-'),
                        .off = sum_text(NULL, a.off, '-'), .coef_known = a.coef_known,
                        .off_known = a.off_known || !a.off, .coef_value = -a.coef_value,
                        .off_value = -a.off_value};
            r.nterms = a.nterms;
            for (int t = 0; t < a.nterms; t++)
                r.terms[t] = (LinearTerm){a.terms[t].var, sum_text(NULL, a.terms[t].coef, '-')};
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
            r.nterms = a.nterms;
            memcpy(r.terms, a.terms, sizeof a.terms);
            for (int k = 0; k < b.nterms; k++)
                if (!add_term(&r, b.terms[k].var, sign == '-' ? sum_text(NULL, b.terms[k].coef, '-')
                                                             : b.terms[k].coef))
                    return not_affine();
            return r;
        }
        if (!strcmp(n->op, "*")) {
            Linear a = linear(c, n->kids[0]), b = linear(c, n->kids[1]);
            if (!a.affine || !b.affine)
                return not_affine();
            bool a_varies = a.coef || a.nterms, b_varies = b.coef || b.nterms;
            if (a_varies && b_varies)
                return not_affine();
            if (b_varies) {
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
            r.nterms = a.nterms;
            for (int t = 0; t < a.nterms; t++)
                r.terms[t] = (LinearTerm){a.terms[t].var, product_text(a.terms[t].coef, k)};
            return r;
        }
        return not_affine();
    }
    default:
        return not_affine();
    }
}

/* A subscript whose value differs in every iteration of the site's loop:
 * c * i + b with c a nonzero constant and b invariant (`b[i]`, `y[2 * i]`,
 * `out[c * h + r]`). */
bool access_distinct_per_iteration(const Source *src, const Site *site, const Node *sub)
{
    Ctx c = {src, site->info.iv, site->loop->start, site->loop_end, site, 0};
    Linear l = linear(&c, sub);
    return l.affine && l.coef_known && l.coef_value != 0 && l.nterms == 0;
}

bool access_invariant(const Source *src, const Site *site, const Node *n)
{
    return is_invariant(src, site, ast_strip((Node *)n), site->info.iv, site->loop->start, site->loop_end);
}

Linear access_linear(const Source *src, const Node *expr, const Var *iv)
{
    Ctx c = {src, iv, 0, 0, NULL, 0};
    return linear(&c, expr);
}

/* ------------------------------------------------------------ vector loads in segments */

static bool writes_var(const Node *n, const Var *v);

/* An unsigned integer type narrower than 64 bits: arithmetic in it wraps. */
static bool wraps_early(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    bool is_unsigned = c.kind == CXType_UInt || c.kind == CXType_UShort || c.kind == CXType_UChar ||
                       c.kind == CXType_Char_U || c.kind == CXType_Bool;
    return is_unsigned || (c.kind == CXType_ULong && clang_Type_getSizeOf(c) < 8);
}

/* No variable of `n` but `iv` is written inside `loop`, and nothing that
 * moves with `iv` can wrap between consecutive elements: no explicit cast
 * of it (a narrowing one), no arithmetic on it in a narrow unsigned type. */
static bool steady_in(const Node *n, const Node *loop, const Var *iv)
{
    if (!n)
        return true;
    if (n->kind == N_CAST && ast_mentions(n, iv))
        return false;
    if ((n->kind == N_BINARY || n->kind == N_UNARY) && ast_mentions(n, iv) && wraps_early(n->type))
        return false;
    if (n->kind == N_DECLREF && n->var && n->var != iv && writes_var(loop, n->var))
        return false;
    for (int i = 0; i < n->nkids; i++)
        if (!steady_in(n->kids[i], loop, iv))
            return false;
    return true;
}

/* An array of integers or floating point the segment only reads, every
 * use of it a subscript: its element size, or 0. */
static long long vector_element(const Capture *cap)
{
    if (cap->kind != CAP_ARRAY || cap->written || cap->other_use || cap->deref0 || cap->section ||
        cap->dims || cap->nsubs == 0)
        return 0;
    CXType canon = clang_getCanonicalType(cap->var->type);
    CXType elem = canon.kind == CXType_Pointer ? clang_getPointeeType(canon) : clang_getArrayElementType(canon);
    if (!type_is_arithmetic(elem) || clang_isVolatileQualifiedType(elem))
        return 0;
    long long size = cap->elem_size;
    return size == 1 || size == 2 || size == 4 || size == 8 ? size : 0;
}

/* `a[sub]` reads a[e + j] for consecutive j: sub is j + e, e steady. */
static bool unit_stride_ref(const Source *src, const Site *m, const Node *sub)
{
    const Node *ref = sub->parent;
    if (!ref || ref->kind != N_SUBSCRIPT || ref->from_macro || ref->end <= ref->start)
        return false;
    const Node *up = ref->parent;
    while (up && (up->kind == N_PAREN || up->kind == N_IMPLICIT))
        up = up->parent;
    if (up && up->kind == N_UNARY && !strcmp(up->op, "&"))
        return false; /* an address, not a value */
    Ctx c = {src, m->info.iv, m->loop->start, m->loop_end, NULL, 0};
    Linear l = linear(&c, sub);
    return l.affine && l.coef_known && l.coef_value == 1 && l.nterms == 0 &&
           steady_in(sub, m->loop, m->info.iv);
}

int access_unit_stride_refs(const Source *src, const Site *outer, const Site *m, const Node ***refs,
                            const Capture ***caps, int *nrefs)
{
    const LoopInfo *li = &m->info;
    *refs = NULL;
    *caps = NULL;
    *nrefs = 0;
    if (li->step_down || li->step_runtime_check || !li->step || strcmp(li->step, "1") != 0)
        return 0;
    /* `j != end` in a narrow unsigned type may pass its wrap: not consecutive */
    if (li->cmp == CMP_NE && wraps_early(li->iv->type))
        return 0;
    long long widest = 0;
    for (int i = 0; i < outer->ncaptures; i++) {
        const Capture *cap = &outer->captures[i];
        long long size = vector_element(cap);
        bool all = size > 0, any = false;
        for (int k = 0; all && k < cap->nsubs; k++) {
            const Node *sub = cap->subs[k];
            if (sub->start < m->loop->start || sub->end > m->loop_end)
                continue;
            any = true;
            /* (one in the loop's header is not in the body the kernel copies) */
            all = sub->start >= m->info.body->start && unit_stride_ref(src, m, sub);
        }
        if (!all || !any)
            continue;
        for (int k = 0; k < cap->nsubs; k++) {
            const Node *sub = cap->subs[k];
            if (sub->start < m->loop->start || sub->end > m->loop_end)
                continue;
            *refs = xrealloc(*refs, (size_t)(*nrefs + 1) * sizeof **refs);
            *caps = xrealloc(*caps, (size_t)(*nrefs + 1) * sizeof **caps);
            (*refs)[*nrefs] = sub->parent;
            (*caps)[*nrefs] = cap;
            (*nrefs)++;
        }
        if (size > widest)
            widest = size;
    }
    return widest ? (int)(16 / widest) : 0;
}

/* ------------------------------------------------------------ range variables */

/* Whether `n` writes `v` (assignment, ++/--) or takes its address. */
static bool writes_var(const Node *n, const Var *v)
{
    if (!n)
        return false;
    if ((n->kind == N_ASSIGN && n->nkids > 0) ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--") || !strcmp(n->op, "&")))) {
        const Node *t = ast_strip(n->kids[0]);
        if (t && t->kind == N_DECLREF && t->var == v)
            return true;
    }
    for (int i = 0; i < n->nkids; i++)
        if (writes_var(n->kids[i], v))
            return true;
    return false;
}

/* `a / b` or `a % b` with a divisor that is not a literal (0 read from
 * memory would trap where the loop itself never divides). */
static bool divides_by_variable(const Node *s)
{
    if (s->kind != N_BINARY || (strcmp(s->op, "/") && strcmp(s->op, "%")))
        return false;
    const Node *d = ast_strip(s->kids[1]);
    return d->kind != N_INTLIT && d->kind != N_CHARLIT;
}

/* A bound the wrapper may evaluate before the loop runs, even when the
 * inner loop never would: no calls, loads, or division by a variable. */
static bool safe_bound(const Source *src, const Site *site, const Node *n, unsigned start, unsigned end)
{
    if (!n)
        return true;
    if (!is_invariant(src, site, n, site->info.iv, start, end))
        return false;
    const Node *s = ast_strip((Node *)n);
    if (divides_by_variable(s))
        return false;
    if (s->kind == N_MEMBER)
        return true; /* (its struct is no integer: member_invariant took the whole) */
    for (int i = 0; i < s->nkids; i++)
        if (!safe_bound(src, site, s->kids[i], start, end))
            return false;
    return true;
}

/* A safe bound that may also read the marked loop's variable (the
 * triangle of `j <= i`, `k = i + 1`, `n - i`, `i / 2`): the wrapper
 * evaluates it at each iteration a copy covers, which is all it needs. */
static bool safe_bound_of_iv(const Source *src, const Site *site, const Node *n, unsigned start, unsigned end)
{
    if (!n)
        return true;
    const Node *s = ast_strip((Node *)n);
    if (s->kind == N_DECLREF && s->var == site->info.iv && !site->ninner)
        return true;
    if (!ast_mentions(s, site->info.iv))
        return safe_bound(src, site, s, start, end);
    /* (assignments are N_ASSIGN, never N_BINARY) */
    bool operation = s->kind == N_CAST || s->kind == N_PAREN || s->kind == N_IMPLICIT ||
                     s->kind == N_COND ||
                     (s->kind == N_UNARY && (!strcmp(s->op, "-") || !strcmp(s->op, "+")) && !s->postfix) ||
                     (s->kind == N_BINARY && strcmp(s->op, ","));
    if (!operation || divides_by_variable(s))
        return false;
    for (int i = 0; i < s->nkids; i++)
        if (!safe_bound_of_iv(src, site, s->kids[i], start, end))
            return false;
    return true;
}

/* Inner `for` loops of the body with canonical headers, invariant bounds
 * (or bounds of the marked loop's variable) and a variable their body
 * does not write become range variables. */
static void find_inner_loops(const Source *src, Site *site, Node *n)
{
    if (!n)
        return;
    if (n->kind == N_FOR && site->nranges < 16) {
        LoopInfo li;
        diag_probe(true);
        bool canonical = loop_analyze_one(src, n, &li);
        diag_probe(false);
        unsigned start = site->loop->start, end = site->loop_end;
        if (canonical && !li.step_runtime_check && !site_is_iv(site, li.iv) && !writes_var(li.body, li.iv)) {
            bool fixed = safe_bound(src, site, li.lo_node, start, end) && safe_bound(src, site, li.hi_node, start, end);
            if (fixed || (safe_bound_of_iv(src, site, li.lo_node, start, end) &&
                          safe_bound_of_iv(src, site, li.hi_node, start, end))) {
                site->ranges = xrealloc(site->ranges, (size_t)(site->nranges + 1) * sizeof(RangeVar));
                site->ranges[site->nranges++] = (RangeVar){li, li.body->start, n->end, 0, !fixed};
            }
        }
    }
    for (int i = 0; i < n->nkids; i++)
        find_inner_loops(src, site, n->kids[i]);
}

/* The loop around `at`, inside the site's body, whose variable is v, when
 * find_inner_loops would make v a range variable there (reduction.c asks
 * before the ranges are found). */
bool access_enclosing_range(const Source *src, const Site *site, const Node *at, const Var *v, LoopInfo *out)
{
    for (const Node *n = at->parent; n && n != site->loop; n = n->parent) {
        if (n->kind != N_FOR)
            continue;
        LoopInfo li;
        diag_probe(true);
        bool canonical = loop_analyze_one(src, (Node *)n, &li);
        diag_probe(false);
        if (!canonical || li.iv != v)
            continue;
        const unsigned start = site->loop->start, end = site->loop_end;
        if (li.step_runtime_check || site_is_iv(site, li.iv) || !safe_bound(src, site, li.lo_node, start, end) ||
            !safe_bound(src, site, li.hi_node, start, end) || writes_var(li.body, li.iv) || at->start < li.body->start)
            return false;
        *out = li;
        return true;
    }
    return false;
}

static void find_range_vars(const Source *src, Site *site)
{
    site->nranges = 0;
    for (int k = 0; k < site->ninner; k++) {
        site->ranges = xrealloc(site->ranges, (size_t)(site->nranges + 1) * sizeof(RangeVar));
        site->ranges[site->nranges++] =
            (RangeVar){site->inner[k], site->loop->start, site->loop_end, k + 1, false};
    }
    find_inner_loops(src, site, site->info.body);
}

/* The subscripts of an access `a[s0][s1]...` (s0 is `sub`) down to the
 * first that mentions the loop's variable; 0 when none does. */
int access_element_chain(const Site *site, const Node *sub, const Node **out, int max)
{
    int n = 0;
    const Node *s = sub;
    while (s && n < max) {
        out[n++] = s;
        if (access_value_mentions(site, s, site->info.iv))
            return n;
        /* the next subscript: the N_SUBSCRIPT holding this one is the base of another */
        const Node *ref = s->parent;
        while (ref && ref->kind != N_SUBSCRIPT)
            ref = ref->parent;
        const Node *up = ref ? ref->parent : NULL;
        while (up && (up->kind == N_PAREN || up->kind == N_IMPLICIT))
            up = up->parent;
        if (!up || up->kind != N_SUBSCRIPT)
            return 0;
        s = up->kids[1];
    }
    return 0;
}

/* A fused output may be touched only at the iteration's own element,
 * b[i]: any other element could be another iteration's. */
static bool check_written(const Source *src, Site *site, Capture *cap)
{
    const char *name = cap->var->name;
    const char *iv = site->info.iv->name;
    unsigned at = 0;
    const char *why = NULL;
    if (site->ninner) {
        at = cap->write_offset;
        why = "with collapse(N), a loop may not write arrays";
    } else if (cap->section) {
        at = cap->section->offset;
        why = "it is named in in(), so the loop may read elements other iterations write; leave it "
              "out of in()";
    } else if (cap->helper_use) {
        at = cap->other_use_offset;
        why = xformat("'%s', which the loop calls, reads it here (at any element)", cap->helper_use);
    } else if (cap->other_use || cap->deref0) {
        at = cap->other_use ? cap->other_use_offset : cap->first_use;
        why = "it is also used here other than as an element of an iteration";
    } else {
        /* every access names the written element: the same subscripts down
         * to the one that moves with the loop as a write (which reduction.c
         * checked), or one that no other iteration writes (disjoint.c) */
        int ref = 0;
        while (ref < cap->nsubs && !access_is_write(cap->subs[ref]))
            ref++;
        if (ref == cap->nsubs)
            ref = 0;
        const Node *first[8];
        int nfirst = access_element_chain(site, cap->subs[ref], first, 8);
        /* accesses in the iteration's block (`p[3 * i + 1]` beside the
         * write `p[3 * i]`): their offsets from the write must lie within
         * one stride, so no two iterations' blocks meet */
        long long block_lo = 0, block_hi = 0, stride = 0;
        for (int k = 0; k < cap->nsubs && !why; k++) {
            const Node *chain[8];
            int n = access_element_chain(site, cap->subs[k], chain, 8);
            bool same = n > 0 && n == nfirst;
            for (int q = 0; same && q < n - 1; q++)
                same = ast_same_expr(src, chain[q], first[q]);
            long long delta = 0, s = 0;
            bool block = same && access_same_block(src, site, first[n - 1], chain[n - 1], &delta, &s) &&
                         s > 1 && (stride == 0 || s == stride);
            const Node *wa, *wb;
            const bool row = same && access_row_block(src, site, first[n - 1], &wa) &&
                             access_row_block(src, site, chain[n - 1], &wb) && ast_same_expr(src, wa, wb);
            same = same && (row || ast_same_expr(src, chain[n - 1], first[n - 1]));
            if (!same && block) {
                stride = s;
                block_lo = delta < block_lo ? delta : block_lo;
                block_hi = delta > block_hi ? delta : block_hi;
                if (block_hi - block_lo < stride)
                    continue;
                at = cap->subs[k]->start;
                why = "it is also accessed here at an element of another iteration's block of that "
                      "stride";
                continue;
            }
            if (!same && !disjoint_from_writes(src, site, cap->subs, cap->nsubs, ref, k)) {
                at = cap->subs[k]->start;
                why = "it is also accessed here at another element";
            }
        }
    }
    if (!why)
        return true;
    diag_at(src, at, DIAG_ERROR,
            "the loop writes its own element of '%s' (like '%s[%s]'), so it may use '%s' only at "
            "that element: %s",
            name, name, iv, name, why);
    diag_at(src, cap->write_offset, DIAG_NOTE, "'%s' is written here", name);
    diag_at(src, site->pragma.hash_offset, DIAG_NOTE, "in the loop marked by '#pragma %s'",
            site->pragma.summary);
    return false;
}

/* Elements of an array declared with a constant size (`double t[16]`,
 * `int img[H][W]` counts rows) that the loop only reads, or that a pointer
 * parameter can reach by its function's calls (param_extent.c); 0
 * otherwise. */
static long long declared_extent(const Source *src, const Capture *cap)
{
    CXType t = clang_getCanonicalType(cap->var->type);
    if (cap->written)
        return 0;
    /* a parameter declared `double t[8]` is a pointer: its size is what
     * the calls pass */
    if (clang_getCursorKind(cap->var->decl) == CXCursor_ParmDecl)
        return param_extent_from_calls(src, cap->var);
    if (t.kind != CXType_ConstantArray)
        return 0;
    long long n = clang_getArraySize(t);
    return n > 0 ? n : 0;
}

/* cap->ranges cut down to what it holds (and one zeroed after): room for
 * two a subscript was made, and most subscripts repeat a few ranges (a
 * 90-term body kept 22 KB a loop). */
static void shrink_ranges(Capture *cap)
{
    size_t room = 2 * (size_t)cap->nsubs + 1;
    size_t keep = (size_t)cap->nranges < room ? (size_t)cap->nranges + 1 : room;
    cap->ranges = xrealloc(cap->ranges, keep * sizeof(Linear));
}

/* Ranges [0, whole - 1] (two more in cap->ranges, which has room): every
 * element of a fixed-size array, read at elements no subscript tells. */
static void add_whole_array(Capture *cap, long long whole)
{
    cap->ranges[cap->nranges++] = (Linear){.affine = true, .off = xstrdup("0"), .coef_known = true,
                                           .off_known = true};
    cap->ranges[cap->nranges++] = (Linear){.affine = true, .off = xformat("%lld", whole - 1),
                                           .coef_known = true, .off_known = true,
                                           .off_value = whole - 1};
    cap->vec_ok = false;
}

static bool is_ref(const Node *n, const Var *v)
{
    n = ast_strip((Node *)n);
    return n->kind == N_DECLREF && n->var == v;
}

static bool zero_based_unit(const LoopInfo *li)
{
    return li->lo && strcmp(li->lo, "0") == 0 && li->step && strcmp(li->step, "1") == 0 &&
           !li->step_down && li->cmp == CMP_LT && !li->step_runtime_check;
}

/* collapse(2) over [0, R) x [0, C) with a subscript `r * C + c` (or
 * `C * r + c`, `c + r * C`, C spelled as the inner bound): the element at
 * the flat index itself, so consecutive flat iterations read consecutive
 * elements and 16-byte vector loads apply (site->flat). */
static bool flat_subscript(const Source *src, const Site *site, const Node *sub)
{
    if (site->ninner != 1 || !zero_based_unit(&site->info) || !zero_based_unit(&site->inner[0]))
        return false;
    const Var *r = site->info.iv, *c = site->inner[0].iv;
    sub = ast_strip((Node *)sub);
    if (sub->kind != N_BINARY || strcmp(sub->op, "+") != 0)
        return false;
    const Node *prod = is_ref(sub->kids[1], c) ? sub->kids[0] : is_ref(sub->kids[0], c) ? sub->kids[1] : NULL;
    prod = prod ? ast_strip((Node *)prod) : NULL;
    if (!prod || prod->kind != N_BINARY || strcmp(prod->op, "*") != 0)
        return false;
    const Node *width = is_ref(prod->kids[0], r) ? prod->kids[1] : is_ref(prod->kids[1], r) ? prod->kids[0] : NULL;
    return width && !width->from_macro && strcmp(ast_expr_text(src, width), site->inner[0].hi) == 0 &&
           access_invariant(src, site, width);
}

/* Whether `n` holds a jump that could skip a statement of the loop body. */
static bool has_jump(const Node *n)
{
    if (!n)
        return false;
    if (n->kind == N_BREAK || n->kind == N_CONTINUE || n->kind == N_RETURN || n->kind == N_GOTO ||
        n->kind == N_ASM || n->kind == N_STMTEXPR)
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (has_jump(n->kids[i]))
            return true;
    return false;
}

/* The plain assignment `var[s] = e` whose subscript is sub, as a statement
 * every iteration runs: only blocks between it and the loop, or the one
 * inner loop `row_loop` (its body). NULL otherwise. */
static const Node *unconditional_store(const Site *site, const Node *sub, const Node *row_loop)
{
    const Node *ref = sub->parent;
    while (ref && (ref->kind == N_PAREN || ref->kind == N_IMPLICIT))
        ref = ref->parent;
    if (!ref || ref->kind != N_SUBSCRIPT || ref->nkids != 2 || ref->kids[1] != sub)
        return NULL;
    const Node *child = ref, *up = ref->parent;
    while (up && up->kind == N_PAREN) {
        child = up;
        up = up->parent;
    }
    if (!up || up->kind != N_ASSIGN || strcmp(up->op, "=") != 0 || up->kids[0] != child ||
        !type_is_arithmetic(ref->type))
        return NULL;
    const Node *store = up;
    for (child = up, up = up->parent; up && up != site->loop; child = up, up = up->parent) {
        if (up->kind == N_COMPOUND || up->kind == N_LABEL)
            continue;
        if (up == row_loop && up->nkids > 0 && up->kids[up->nkids - 1] == child)
            continue;
        return NULL;
    }
    return up == site->loop && site->loop->kids[site->loop->nkids - 1] == child ? store : NULL;
}

/* A written array the kernel overwrites: every access a plain store that
 * each iteration runs, together covering the iteration's whole block
 * (`y[i]`; `xyz[3 * i]`, `xyz[3 * i + 1]`, `xyz[3 * i + 2]`; a row
 * `g[i * w + j]` over j in [0, w)), the loop over consecutive values of its
 * variable: the extents are then exactly the elements written, so the
 * kept copy needs no copy from the host first. */
/* Loops inside a segment that its kernel runs as plain stores: parallel
 * loops with nothing to accumulate or keep (a nest's innermost loop,
 * shared by a group), not marked loops that write through their own
 * wrappers. */
static bool plain_parallel(const Site *m)
{
    return m->pragma.parallel && !m->pragma.nvars && !m->pragma.nsections && !m->nprivates && m->segment &&
           !m->segment->nmarked && !m->segment->nchildren;
}

static bool only_plain_loops_inside(const Segment *seg)
{
    for (int k = 0; k < seg->nmarked; k++)
        if (!plain_parallel(seg->marked[k]))
            return false;
    for (int k = 0; k < seg->nchildren; k++)
        if (!plain_parallel(seg->children[k]))
            return false;
    return true;
}

static void find_overwrite(const Source *src, Site *site, Capture *cap)
{
    const LoopInfo *li = &site->info;
    cap->overwrite_when = NULL;
    /* a parallel loop is a segment; one with marked loops inside is left out */
    if (!cap->written || cap->section || cap->other_use || cap->deref0 || cap->nsubs == 0 || site->ninner ||
        (site->segment && !only_plain_loops_inside(site->segment)) || site->nprivates ||
        li->step_runtime_check || !li->step || strcmp(li->step, "1") != 0 || has_jump(li->body))
        return;
    for (int v = 0; v < site->pragma.nvars; v++)
        if (site->pragma.vars[v].op == OP_MIN || site->pragma.vars[v].op == OP_MAX ||
            site->pragma.vars[v].op == OP_MINLOC || site->pragma.vars[v].op == OP_MAXLOC)
            return; /* a floating-point min/max may run again on the CPU */
    const Node *base = NULL, *row_width_node = NULL;
    long long stride = 0, lowest = 0;
    unsigned long long offsets = 0; /* bit d - lowest set for each constant offset */
    bool first = true;
    for (int k = 0; k < cap->nsubs; k++) {
        const Node *sub = cap->subs[k], *w;
        if (access_whole_row(src, site, sub, &w)) {
            /* the j loop: the innermost `for` around the store (any other
             * loop between them makes the store conditional) */
            const Node *loop = sub->parent;
            while (loop && !(loop->kind == N_FOR && loop != site->loop))
                loop = loop->parent;
            if (!unconditional_store(site, sub, loop))
                return;
            if (row_width_node && !ast_same_expr(src, row_width_node, w))
                return;
            row_width_node = w;
            continue;
        }
        if (!unconditional_store(site, sub, NULL))
            return;
        long long d;
        const Node *b = access_offset_form(sub, &d);
        Linear l = b ? access_linear(src, b, li->iv) : (Linear){0};
        /* strides up to 63: the offsets' bits fit one word */
        if (!b || !l.affine || !l.coef_known || l.coef_value == 0 || l.nterms || l.coef_value > 63 ||
            l.coef_value < -63 || !access_distinct_per_iteration(src, site, b) ||
            (base && !ast_same_expr(src, base, b)))
            return;
        if (first) {
            base = b;
            stride = l.coef_value < 0 ? -l.coef_value : l.coef_value;
            lowest = d;
            first = false;
        }
        /* check_written kept the offsets within one stride of each other */
        long long at = d - lowest;
        if (at < 0) {
            if (-at >= stride)
                return;
            offsets <<= -at;
            lowest = d;
            at = 0;
        }
        if (at >= stride)
            return;
        offsets |= 1ULL << at;
    }
    if (row_width_node) {
        if (base)
            return; /* rows beside constant offsets: not worth the proof */
        long long wv;
        cap->overwrite_when = ast_int_constant(row_width_node, &wv)
                                  ? (wv > 0 ? xstrdup("true") : NULL)
                                  : xformat("(%s) > 0", ast_expr_text(src, row_width_node));
        return;
    }
    if (base && offsets == (1ULL << stride) - 1)
        cap->overwrite_when = xstrdup("true");
}

/* The bound of an inner loop around `sub` whose variable the subscript
 * uses, and that is no range variable because the bound is not a value
 * the wrapper can compute before the loop (it reads memory, divides by a
 * variable, or changes in the loop); NULL when there is none. */
static const Node *unfollowed_bound(const Source *src, const Site *site, const Node *n, const Node *sub)
{
    if (!n)
        return NULL;
    if (n->kind == N_DECLREF && n->var && n->var != site->info.iv) {
        for (const Node *f = sub->parent; f && f != site->loop; f = f->parent) {
            if (f->kind != N_FOR)
                continue;
            LoopInfo li;
            diag_probe(true);
            bool canonical = loop_analyze_one(src, (Node *)f, &li);
            diag_probe(false);
            if (!canonical || li.iv != n->var)
                continue;
            const unsigned start = site->loop->start, end = site->loop_end;
            if (!safe_bound_of_iv(src, site, li.lo_node, start, end))
                return li.lo_node;
            if (!safe_bound_of_iv(src, site, li.hi_node, start, end))
                return li.hi_node;
            return NULL;
        }
    }
    for (int i = 0; i < n->nkids; i++) {
        const Node *b = unfollowed_bound(src, site, n->kids[i], sub);
        if (b)
            return b;
    }
    return NULL;
}

/* What a subscript's message adds for a struct member the loop may
 * change (`nuc * d.width + i` with &d taken): why, and the way out. */
static const char *member_note(const Source *src, const Site *site, const Node *sub)
{
    const char *why = NULL;
    const Node *m = unproven_member(src, site, sub, &why);
    if (!m)
        return "";
    const char *t = ast_expr_text(src, m);
    CXString ty = clang_getTypeSpelling(m->type);
    char *type = xstrdup(clang_getCString(ty));
    clang_disposeString(ty);
    /* the copy's own type: the member's, unqualified */
    for (bool more = true; more;) {
        more = false;
        if (!strncmp(type, "const ", 6))
            type += 6, more = true;
        if (!strncmp(type, "volatile ", 9))
            type += 9, more = true;
    }
    return xformat(" ('%s' is not known to keep its value during the loop: %s; if it does, copy it "
                   "into a local before the loop, `%s w = %s;`, and use that)",
                   t, why, type, t);
}

/* A subscript whose elements the analysis cannot follow. The advice must
 * lead somewhere: in() only for an array the loop reads (a written one
 * may not be named there), and an inner loop's bound that reads memory
 * named, since a local copy of it makes the subscript followable. */
static void report_unfollowed(const Source *src, const Site *site, const Capture *cap, const Node *sub)
{
    const char *name = cap->var->name;
    const char *text = ast_expr_text(src, sub);
    const char *what = cap->written ? "writes" : "reads";
    const Node *bound = unfollowed_bound(src, site, sub, sub);
    if (bound && ast_mentions(bound, site->info.iv)) {
        /* a local copy before the loop would not have the iteration's value */
        unsigned line, col;
        source_line_col(src, bound->start, &line, &col);
        diag_at(src, sub->start, DIAG_ERROR,
                "cannot tell which elements of '%s' the loop %s: the subscript '%s' uses the "
                "variable of an inner loop whose bound '%s' (line %u) changes with '%s' and reads "
                "memory, calls a function or divides by a variable%s%s%s",
                name, what, text, ast_expr_text(src, bound), line, site->info.iv->name,
                cap->written ? "" : "; add 'in(", cap->written ? "" : name,
                cap->written ? "" : "[FIRST:COUNT])' to the pragma");
    } else if (bound) {
        unsigned line, col;
        source_line_col(src, bound->start, &line, &col);
        const char *b = ast_expr_text(src, bound);
        diag_at(src, sub->start, DIAG_ERROR,
                "cannot tell which elements of '%s' the loop %s: the subscript '%s' uses the "
                "variable of an inner loop whose bound '%s' (line %u) is not a value the wrapper "
                "can compute before the loop (it reads memory, divides, or changes in the loop): "
                "copy it into a local before the loop (`int n = %s;`) and use that%s%s%s",
                name, what, text, b, line, b, cap->written ? "" : ", or add 'in(",
                cap->written ? "" : name, cap->written ? "" : "[FIRST:COUNT])' to the pragma");
    } else if (cap->written) {
        diag_at(src, sub->start, DIAG_ERROR,
                "cannot tell which elements of '%s' the loop writes: the subscript '%s' is not an "
                "affine function of '%s' and of inner loops' variables%s",
                name, text, site->info.iv->name, member_note(src, site, sub));
    } else {
        diag_at(src, sub->start, DIAG_ERROR,
                "cannot tell which elements of '%s' the loop reads: the subscript '%s' is not an "
                "affine function of '%s'%s; add 'in(%s[FIRST:COUNT])' to the pragma",
                name, text, site->info.iv->name, member_note(src, site, sub), name);
    }
    diag_at(src, site->pragma.hash_offset, DIAG_NOTE, "in the loop marked by '#pragma %s'",
            site->pragma.summary);
}

/* A Linear's coefficient or offset as text: NULL is 0. */
static bool same_text(const char *a, const char *b) { return !strcmp(a ? a : "0", b ? b : "0"); }

/* A subscript spelled again (`a[i]` in each of 45 terms) adds nothing to the
 * array's extent: one range for it, not 45 in the generated code. */
static bool range_listed(const Capture *cap, const Linear *l)
{
    for (int k = 0; k < cap->nranges; k++) {
        const Linear *o = &cap->ranges[k];
        bool same = o->affine == l->affine && o->nterms == l->nterms && same_text(o->coef, l->coef) &&
                    same_text(o->off, l->off);
        for (int t = 0; same && t < l->nterms; t++)
            same = o->terms[t].var == l->terms[t].var && same_text(o->terms[t].coef, l->terms[t].coef);
        if (same)
            return true;
    }
    return false;
}

bool access_analyze(const Source *src, Site *site)
{
    bool ok = true;
    find_range_vars(src, site);
    Ctx c = {src, site->info.iv, site->loop->start, site->loop_end, site, 0};
    for (int i = 0; i < site->ncaptures; i++) {
        Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY)
            continue;
        const char *name = cap->var->name;
        /* a written array in in() would be read at elements other
         * iterations write: check_written refuses it */
        if (cap->written && !check_written(src, site, cap)) {
            ok = false;
            continue;
        }
        find_overwrite(src, site, cap);
        if (cap->section)
            continue;
        if (cap->helper_use && declared_extent(src, cap) > 0) {
            /* a global table a called function reads: all of it */
            cap->ranges = xcalloc(2, sizeof(Linear));
            cap->nranges = 0;
            add_whole_array(cap, declared_extent(src, cap));
            continue;
        }
        if (cap->helper_use) {
            diag_at(src, cap->other_use_offset, DIAG_ERROR,
                    "cannot tell which elements of '%s' the loop reads: '%s', which it calls, "
                    "reads them here; add 'in(%s[FIRST:COUNT])' to the pragma",
                    name, cap->helper_use, name);
            diag_at(src, site->pragma.hash_offset, DIAG_NOTE, "in the loop marked by '#pragma %s'",
                    site->pragma.summary);
            ok = false;
            continue;
        }
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
        /* rows of an array of arrays (`A[j][i]`) are not vector elements */
        cap->vec_ok = cap->nsubs > 0 && !cap->deref0 && !cap->written;
        if (cap->vec_ok) {
            CXType canon = clang_getCanonicalType(cap->var->type);
            CXType elem = canon.kind == CXType_Pointer ? clang_getPointeeType(canon)
                                                       : clang_getArrayElementType(canon);
            cap->vec_ok = clang_getCanonicalType(elem).kind != CXType_ConstantArray;
        }
        for (int k = 0; k < cap->nsubs; k++) {
            const Node *sub = ast_strip(cap->subs[k]);
            const Node *ref = cap->subs[k]->parent;
            bool at_iv = site->ninner == 0 && sub->kind == N_DECLREF && sub->var == site->info.iv;
            cap->vec_ok &= (at_iv || flat_subscript(src, site, sub)) && ref &&
                           ref->kind == N_SUBSCRIPT && !ref->from_macro && ref->end > ref->start;
        }
        /* a range per subscript, two for one that spans the whole array */
        cap->ranges = xcalloc(2 * (size_t)cap->nsubs + 1, sizeof(Linear));
        cap->nranges = 0;
        if (cap->deref0)
            cap->ranges[cap->nranges++] = (Linear){.affine = true, .off = xstrdup("0"),
                                                   .coef_known = true, .off_known = true};
        for (int k = 0; k < cap->nsubs; k++) {
            c.at = cap->subs[k]->start;
            Linear l = linear(&c, cap->subs[k]);
            long long whole = l.affine ? 0 : declared_extent(src, cap);
            if (!l.affine && whole > 0) {
                /* an array of known size read at elements the analysis cannot
                 * follow (a[idx[i]]): all of it */
                add_whole_array(cap, whole);
                continue;
            }
            if (!l.affine) {
                report_unfollowed(src, site, cap, cap->subs[k]);
                ok = false;
                break;
            }
            if (!range_listed(cap, &l))
                cap->ranges[cap->nranges++] = l;
        }
        shrink_ranges(cap);
    }
    return ok;
}
