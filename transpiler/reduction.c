/*
 * reduction.c - decides whether a canonical loop really is a reduction.
 *
 * Each reduction variable may appear only in updates that are whole
 * statements and use the pragma's operator:
 *   +      v += e   v -= e   v = v + e   v = e + v   v = v - e   v++ ++v v-- --v
 *   *      v *= e   v = v * e   v = e * v
 *   & | ^  v op= e  v = v op e  v = e op v
 *   && ||  v = v op e  v = e op v
 *   min/max  v = e > v ? e : v (every orientation), if (e > v) v = e;
 *            v = fmax(v, e) and friends; MAX/MIN macros expand to ternaries
 * Everything else the body does must stay inside one iteration: it may read
 * anything, write only variables declared in the body, and call only
 * <math.h> functions. Outer variables the loop reads become captures.
 */
#include <limits.h>

#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

/* The chain of helper calls being checked, innermost first: a callee
 * already on it is recursion. */
typedef struct CallFrame {
    SiteFunction *function;
    const struct CallFrame *caller;
} CallFrame;

typedef struct {
    const Source *src;
    Site *site;
    bool ok;
    int loop_depth;   /* loops nested in the body */
    int switch_depth; /* switches nested in the body */
    const Var *skip_var; /* the variable of the update being walked */
    SiteFunction *function; /* walking this function's body, not the loop */
    const CallFrame *frames; /* helpers being checked, innermost first */
    bool host_side;          /* walking the loop's bounds, which the host evaluates */
    bool long_double_reported; /* one long double error per loop or helper */
    MinMaxForm form;         /* of the last min/max update matched */
    Node *update_sub;        /* of the last section update matched: k of h[k] */
} Walk;

static const char *math_functions[] = {
    "sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos",
    "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
    "fabs", "floor", "ceil", "round", "trunc", "rint", "nearbyint", "lround", "llround", "lrint",
    "llrint", "fmod", "remainder", "fmin", "fmax", "fdim", "fma", "hypot", "copysign", "erf",
    "erfc", "tgamma", "ldexp", "scalbn", "ilogb", "logb", "nextafter", "abs", "labs", "llabs",
    "isnan", "isinf", "isfinite", "isnormal", "signbit", "fpclassify",
    /* what HUGE_VAL, INFINITY and NAN expand to (__builtin_huge_val(), ...) */
    "huge_val", "inf", "nan", "isinf_sign", "islessequal", "isgreaterequal", "islessgreater",
    "isunordered", NULL,
};

static bool is_math_function(const char *name)
{
    if (strncmp(name, "__builtin_", 10) == 0)
        name += 10;
    size_t len = strlen(name);
    for (int i = 0; math_functions[i]; i++) {
        const char *m = math_functions[i];
        size_t ml = strlen(m);
        if (strcmp(name, m) == 0)
            return true;
        /* the float variants: sqrtf, fabsf, ...; the long double ones (sqrtl)
         * too, which the check of long double types then reports */
        if (len == ml + 1 && strncmp(name, m, ml) == 0 && (name[ml] == 'f' || name[ml] == 'l'))
            return true;
    }
    return strcmp(name, "__isnan") == 0 || strcmp(name, "__isinf") == 0 ||
           strcmp(name, "__finite") == 0 || strcmp(name, "__isnanf") == 0 ||
           strcmp(name, "__isinff") == 0 || strcmp(name, "__finitef") == 0 ||
           strcmp(name, "__signbit") == 0 || strcmp(name, "__signbitf") == 0 ||
           strcmp(name, "__fpclassify") == 0 || strcmp(name, "__fpclassifyf") == 0 ||
           strcmp(name, "isless") == 0 || strcmp(name, "isgreater") == 0;
}

static bool declared_in_loop(const Site *site, const Var *v)
{
    /* a segment's private scalars are the iteration's own, like its locals */
    for (int k = 0; k < site->nprivates; k++)
        if (site->privates[k] == v)
            return true;
    return v->decl_offset != UINT32_MAX && v->decl_offset >= site->loop->start &&
           v->decl_offset < site->loop_end;
}

/* Declared in the function being walked (its parameters included). */
static bool declared_in_function(const SiteFunction *f, const Var *v)
{
    return v->decl_offset != UINT32_MAX && v->decl_offset >= f->tree->start &&
           v->decl_offset < f->tree->end;
}

static ReduceVar *reduction_var(Site *site, const Var *v)
{
    if (!v)
        return NULL;
    for (int i = 0; i < site->pragma.nvars; i++)
        if (site->pragma.vars[i].var == v)
            return &site->pragma.vars[i];
    return NULL;
}

/* A scalar accumulator's name (not a section's). */
static ReduceVar *as_reduction_ref(Site *site, Node *n)
{
    n = ast_strip(n);
    ReduceVar *rv = n && n->kind == N_DECLREF ? reduction_var(site, n->var) : NULL;
    return rv && !is_section(rv) ? rv : NULL;
}

static bool binary_update(const char *bop, ReduceOp *op, bool *commutative);

CXType reduce_accum_type(const ReduceVar *rv)
{
    if (!is_section(rv))
        return rv->var->type;
    CXType canon = clang_getCanonicalType(rv->var->type);
    return canon.kind == CXType_Pointer ? clang_getPointeeType(canon) : clang_getArrayElementType(canon);
}

/* `h[k]` for a section accumulator h (parentheses around either). */
static ReduceVar *as_section_ref(Site *site, Node *n, Node **sub)
{
    n = ast_strip(n);
    if (!n || n->kind != N_SUBSCRIPT)
        return NULL;
    Node *base = ast_strip(n->kids[0]);
    ReduceVar *rv = base && base->kind == N_DECLREF ? reduction_var(site, base->var) : NULL;
    if (!rv || !is_section(rv))
        return NULL;
    *sub = n->kids[1];
    return rv;
}

/* `h[k] op= x`, `h[k]++` (or --), `h[k] = h[k] op x`, `h[k] = x op h[k]` for
 * a section h: its operator and x (none for ++), and k in w->update_sub. A
 * statement of its own, so the value of the update is never used. */
static ReduceVar *match_section_update(Walk *w, Node *s, ReduceOp *op, Node **operand)
{
    Node *sub;
    if (s->kind == N_UNARY && (!strcmp(s->op, "++") || !strcmp(s->op, "--"))) {
        ReduceVar *rv = as_section_ref(w->site, s->kids[0], &sub);
        if (rv) {
            *op = OP_ADD;
            w->update_sub = sub;
        }
        return rv;
    }
    if (s->kind != N_ASSIGN)
        return NULL;
    ReduceVar *rv = as_section_ref(w->site, s->kids[0], &sub);
    if (!rv)
        return NULL;
    Node *rhs = s->kids[1];
    static const struct { const char *s; ReduceOp op; } t[] = {
        {"+=", OP_ADD}, {"-=", OP_ADD}, {"*=", OP_MUL}, {"&=", OP_BAND},
        {"|=", OP_BOR}, {"^=", OP_BXOR},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (!strcmp(s->op, t[i].s) && !ast_mentions(rhs, rv->var)) {
            *op = t[i].op;
            *operand = rhs;
            w->update_sub = sub;
            return rv;
        }
    }
    Node *r = ast_strip(rhs);
    bool comm;
    Node *sub2;
    if (strcmp(s->op, "=") != 0 || r->kind != N_BINARY || !binary_update(r->op, op, &comm))
        return NULL;
    for (int side = 0; side < 2; side++) {
        if (side == 1 && !comm)
            break;
        if (as_section_ref(w->site, r->kids[side], &sub2) == rv &&
            ast_same_expr(w->src, sub, sub2) && !ast_mentions(r->kids[1 - side], rv->var)) {
            *operand = r->kids[1 - side];
            w->update_sub = sub;
            return rv;
        }
    }
    return NULL;
}

/* private() without being named: C89 scratch that reduction.c found. */
static bool is_implicit_private(const Site *site, const Var *v)
{
    for (int i = 0; v && i < site->pragma.nprivates; i++)
        if (site->pragma.privates[i].var == v)
            return site->pragma.privates[i].implicit;
    return false;
}

static bool is_private(const Site *site, const Var *v)
{
    for (int i = 0; v && i < site->pragma.nprivates; i++)
        if (site->pragma.privates[i].var == v)
            return true;
    return false;
}

/* ------------------------------------------------------------ captures */

/* How many pointer levels `t` has before data: 1 for `double *`, 2 for
 * `float **` and `float *const *`, 0 for a non-pointer. Arrays of pointers
 * are not counted: pragreduce copies tables it is given as pointers. */
static int pointer_levels(CXType t)
{
    int n = 0;
    CXType c = clang_getCanonicalType(t);
    while (c.kind == CXType_Pointer) {
        CXType to = clang_getCanonicalType(clang_getPointeeType(c));
        if (to.kind == CXType_FunctionProto || to.kind == CXType_FunctionNoProto)
            return 0;
        n++;
        c = to;
    }
    return n;
}

/* The in(rows[first:count][first:count]...) clause naming `v` as a table of
 * pointers, when `v` is a pointer to pointers. */
static const ArraySection *table_clause(const Site *site, const Var *v)
{
    if (!v || pointer_levels(v->type) < 2)
        return NULL;
    for (int k = 0; k < site->pragma.nsections; k++)
        if (site->pragma.sections[k].nmore + 1 == pointer_levels(v->type) &&
            !strcmp(site->pragma.sections[k].name, v->name))
            return &site->pragma.sections[k];
    return NULL;
}

/* "rows[0:n][0:d]": a clause's array and brackets, as written. */
static char *section_text(const ArraySection *sec)
{
    StrBuf sb = {0};
    strbuf_printf(&sb, "%s[%s:%s]", sec->name, sec->lo, sec->len);
    for (int k = 0; k < sec->nmore; k++)
        strbuf_printf(&sb, "[%s:%s]", sec->more_lo[k], sec->more_len[k]);
    return strbuf_steal(&sb);
}

/* `in(rows[0:COUNT][0:COUNT])` with a bracket per level of `v`. */
static char *table_clause_hint(const Var *v)
{
    StrBuf sb = {0};
    strbuf_printf(&sb, "in(%s", v->name);
    for (int k = pointer_levels(v->type); k > 0; k--)
        strbuf_puts(&sb, "[first:count]");
    strbuf_puts(&sb, ")");
    return strbuf_steal(&sb);
}

static Capture *capture_for(Site *site, Var *v, unsigned offset)
{
    for (int i = 0; i < site->ncaptures; i++)
        if (site->captures[i].var == v)
            return &site->captures[i];
    site->captures = xrealloc(site->captures, (size_t)(site->ncaptures + 1) * sizeof(Capture));
    Capture *c = &site->captures[site->ncaptures++];
    memset(c, 0, sizeof *c);
    c->var = v;
    c->first_use = offset;
    CXType canon = clang_getCanonicalType(v->type);
    c->kind = (canon.kind == CXType_Pointer || canon.kind == CXType_ConstantArray ||
               canon.kind == CXType_IncompleteArray || canon.kind == CXType_VariableArray)
                  ? CAP_ARRAY
                  : CAP_SCALAR;
    if (c->kind == CAP_ARRAY && table_clause(site, v))
        c->kind = CAP_TABLE;
    return c;
}

static void note_pragma(Walk *w)
{
    diag_at(w->src, w->site->pragma.hash_offset, DIAG_NOTE, "in the loop marked by '#pragma %s'",
            w->site->pragma.summary);
}

static void fail(Walk *w) { w->ok = false; }

#define REPORT(w, offset, ...)                                                                     \
    do {                                                                                           \
        diag_at((w)->src, (offset), DIAG_ERROR, __VA_ARGS__);                                      \
        note_pragma(w);                                                                            \
        fail(w);                                                                                   \
    } while (0)

/* ------------------------------------------------------------ updates */

static bool is_relational(const char *op)
{
    return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=");
}

/* `cond ? t : f` where cond compares v with x. Sets *op and *operand when it
 * is a min or max update of v. */
static bool match_minmax(Walk *w, ReduceVar *rv, Node *cond, Node *t, Node *f, ReduceOp *op,
                         Node **operand)
{
    Node *c = ast_strip(cond);
    if (c->kind != N_BINARY || !is_relational(c->op))
        return false;
    Node *a = c->kids[0], *b = c->kids[1];
    Node *x;
    bool v_is_a;
    if (as_reduction_ref(w->site, a) == rv && !ast_mentions(b, rv->var)) {
        x = b;
        v_is_a = true;
    } else if (as_reduction_ref(w->site, b) == rv && !ast_mentions(a, rv->var)) {
        x = a;
        v_is_a = false;
    } else {
        return false;
    }
    /* which operand does the condition call larger when it holds? */
    bool a_larger = c->op[0] == '>';
    bool larger_is_v = a_larger == v_is_a;
    bool t_is_v = as_reduction_ref(w->site, t) == rv;
    bool f_is_v = as_reduction_ref(w->site, f) == rv;
    if (t_is_v == f_is_v)
        return false;
    Node *other = t_is_v ? f : t;
    if (!ast_same_expr(w->src, other, x))
        return false;
    /* when the condition holds the result is t */
    bool picks_larger = t_is_v ? larger_is_v : !larger_is_v;
    *op = picks_larger ? OP_MAX : OP_MIN;
    /* a false test (a NaN) gives f: the variable itself, or x */
    w->form = f_is_v ? MM_KEEP : MM_TAKE;
    *operand = x;
    return true;
}

static bool binary_update(const char *bop, ReduceOp *op, bool *commutative)
{
    static const struct { const char *s; ReduceOp op; bool comm; } t[] = {
        {"+", OP_ADD, true}, {"-", OP_ADD, false}, {"*", OP_MUL, true}, {"&", OP_BAND, true},
        {"|", OP_BOR, true}, {"^", OP_BXOR, true}, {"&&", OP_LAND, true}, {"||", OP_LOR, true},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (!strcmp(bop, t[i].s)) {
            *op = t[i].op;
            *commutative = t[i].comm;
            return true;
        }
    }
    return false;
}

/* `if (x > v) v = x;` (with or without braces) given its condition and its
 * statement; with `filters`, also `if (ok && x > v) v = x;`. */
static ReduceVar *match_if_update(Walk *w, Node *cond_node, Node *then, bool filters,
                                  ReduceOp *op, Node **operand)
{
    if (then->kind == N_COMPOUND && then->nkids == 1)
        then = then->kids[0];
    Node *a = ast_strip(then);
    if (a->kind != N_ASSIGN || strcmp(a->op, "=") != 0)
        return NULL;
    ReduceVar *rv = as_reduction_ref(w->site, a->kids[0]);
    if (!rv || ast_mentions(a->kids[1], rv->var))
        return NULL;
    /* if (filter && x > v) v = x;  is if (filter) { if (x > v) v = x; } */
    Node *cond = ast_strip(cond_node);
    while (filters && cond->kind == N_BINARY && !strcmp(cond->op, "&&")) {
        bool left = ast_mentions(cond->kids[0], rv->var);
        bool right = ast_mentions(cond->kids[1], rv->var);
        if (left == right)
            return NULL;
        cond = ast_strip(left ? cond->kids[0] : cond->kids[1]);
    }
    if (match_minmax(w, rv, cond, a->kids[1], a->kids[0], op, operand))
        return rv;
    return NULL;
}


/* Recognizes a whole statement that updates a reduction variable. */
static ReduceVar *match_update(Walk *w, Node *stmt, ReduceOp *op, Node **operand,
                               const char **bad_form)
{
    Node *s = ast_strip(stmt);
    *operand = NULL;
    *bad_form = NULL;
    w->update_sub = NULL;
    ReduceVar *section = match_section_update(w, s, op, operand);
    if (section)
        return section;
    if (s->kind == N_UNARY && (!strcmp(s->op, "++") || !strcmp(s->op, "--"))) {
        ReduceVar *rv = as_reduction_ref(w->site, s->kids[0]);
        if (rv)
            *op = OP_ADD;
        return rv;
    }
    if (s->kind == N_ASSIGN) {
        ReduceVar *rv = as_reduction_ref(w->site, s->kids[0]);
        if (!rv)
            return NULL;
        Node *rhs = s->kids[1];
        if (strcmp(s->op, "=") != 0) {
            static const struct { const char *s; ReduceOp op; } t[] = {
                {"+=", OP_ADD}, {"-=", OP_ADD}, {"*=", OP_MUL}, {"&=", OP_BAND},
                {"|=", OP_BOR}, {"^=", OP_BXOR},
            };
            for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
                if (!strcmp(s->op, t[i].s)) {
                    if (ast_mentions(rhs, rv->var))
                        return NULL; /* v += v: reads v outside the update */
                    *op = t[i].op;
                    *operand = rhs;
                    return rv;
                }
            }
            *bad_form = s->op;
            return NULL;
        }
        Node *r = ast_strip(rhs);
        bool comm;
        if (r->kind == N_BINARY && binary_update(r->op, op, &comm)) {
            if (as_reduction_ref(w->site, r->kids[0]) == rv && !ast_mentions(r->kids[1], rv->var)) {
                *operand = r->kids[1];
                return rv;
            }
            if (comm && as_reduction_ref(w->site, r->kids[1]) == rv &&
                !ast_mentions(r->kids[0], rv->var)) {
                *operand = r->kids[0];
                return rv;
            }
        }
        if (r->kind == N_COND && r->nkids == 3 &&
            match_minmax(w, rv, r->kids[0], r->kids[1], r->kids[2], op, operand))
            return rv;
        if (r->kind == N_CALL && r->nkids == 3 && r->name) {
            const char *f = r->name;
            if (strncmp(f, "__builtin_", 10) == 0)
                f += 10;
            bool is_max = !strcmp(f, "fmax") || !strcmp(f, "fmaxf");
            bool is_min = !strcmp(f, "fmin") || !strcmp(f, "fminf");
            if (is_max || is_min) {
                Node *a = r->kids[1], *b = r->kids[2];
                w->form = f[strlen(f) - 1] == 'f' ? MM_FMAXF : MM_FMAX;
                if (as_reduction_ref(w->site, a) == rv && !ast_mentions(b, rv->var)) {
                    *op = is_max ? OP_MAX : OP_MIN;
                    *operand = b;
                    return rv;
                }
                if (as_reduction_ref(w->site, b) == rv && !ast_mentions(a, rv->var)) {
                    *op = is_max ? OP_MAX : OP_MIN;
                    *operand = a;
                    return rv;
                }
            }
        }
        /* flags: `stop = 1` (or true) under ||, `ok = 0` (or false) under &&,
         * as OpenMP takes them: the value `stop = stop || 1` and `ok = ok && 0`
         * give, so the combine is the operator's (other constants are not:
         * `found = 5` leaves 5, which || would turn into 1) */
        long long k;
        if ((rv->op == OP_LOR || rv->op == OP_LAND) && ast_int_constant(rhs, &k) &&
            k == (rv->op == OP_LOR ? 1 : 0)) {
            *op = rv->op;
            *operand = rhs;
            return rv;
        }
        return NULL;
    }
    if (s->kind == N_IF && s->nkids == 2)
        return match_if_update(w, s->kids[0], s->kids[1], true, op, operand);
    return NULL;
}

/* ------------------------------------------------------------ the walk */

static void walk(Walk *w, Node *n);
static void walk_stmt(Walk *w, Node *n);
static void note_minmax_form(Walk *w, ReduceVar *rv, Node *stmt);
static bool match_loc_ternaries(Walk *w, Node *a, Node *b);
static bool check_call(Walk *w, Node *call);

static Var *lvalue_root(Node *n, bool *through_pointer)
{
    *through_pointer = false;
    for (;;) {
        n = ast_strip(n);
        if (!n)
            return NULL;
        if (n->kind == N_DECLREF)
            return n->var;
        if (n->kind == N_SUBSCRIPT) {
            enum CXTypeKind k = clang_getCanonicalType(ast_strip(n->kids[0])->type).kind;
            if (k == CXType_Pointer)
                *through_pointer = true;
            n = n->kids[0];
        } else if (n->kind == N_MEMBER && n->nkids == 1) {
            if (n->op && !strcmp(n->op, "->"))
                *through_pointer = true;
            n = n->kids[0];
        } else if (n->kind == N_UNARY && !strcmp(n->op, "*")) {
            *through_pointer = true;
            n = n->kids[0];
        } else if (n->kind == N_CAST) {
            n = n->kids[n->nkids - 1];
        } else {
            *through_pointer = true;
            return NULL;
        }
    }
}

/* A fused output: `b[i] = ...` (or `b[i].x`, `b[i][k]` within the element,
 * `out[c][i]`, `out[c * h + i]`) where b is an array from outside the loop:
 * the subscripts before the first that mentions the loop's variable are
 * invariant (or index rows of arrays of arrays), and that one takes a new
 * value each iteration (c * i + d, c a nonzero constant), or it is in the
 * iteration's own row (`b[i * w + j]`, j of a loop over [0, w): disjoint.c).
 * Each iteration writes only its own elements, so
 * the iterations stay independent; returns b, or NULL. */
/* Whether a subscript after subs[k] (toward subs[0]) mentions the loop's variable. */
static bool moving_below(const Site *site, Node **subs, int k)
{
    for (int q = k - 1; q >= 0; q--)
        if (access_value_mentions(site, subs[q], site->info.iv))
            return true;
    return false;
}

static Var *fused_output(const Source *src, const Site *site, Node *target)
{
    /* from the outside in: the chain of subscripts and '.' members */
    Node *subs[8];
    int n = 0;
    Node *e = ast_strip(target);
    while (e && n < 8) {
        if (e->kind == N_MEMBER && e->nkids == 1 && e->op && !strcmp(e->op, ".")) {
            e = ast_strip(e->kids[0]);
            continue;
        }
        if (e->kind != N_SUBSCRIPT || e->nkids != 2)
            return NULL;
        /* `b[c]` with c a private set once from the loop's variables */
        subs[n++] = (Node *)access_value_of(site, e->kids[1]);
        Node *base = ast_strip(e->kids[0]);
        if (base->kind == N_DECLREF) {
            if (!base->var)
                return NULL;
            /* subs[n - 1] is the first subscript, subs[0] the last; the
             * levels below the first index arrays (checked on the way
             * here), so with the moving subscript below the first, the
             * ones above it may change within an iteration (`t[0][r][c]`
             * in a loop over c with r an inner loop's): whatever their
             * values, the element is in the iteration's own column */
            for (int k = n - 1; k >= 0; k--) {
                if (!access_value_mentions(site, subs[k], site->info.iv)) {
                    if (!access_invariant(src, site, subs[k]) && !moving_below(site, subs, k))
                        return NULL;
                    continue;
                }
                const Node *width;
                return access_distinct_per_iteration(src, site, subs[k]) ||
                               access_row_block(src, site, subs[k], &width)
                           ? base->var
                           : NULL;
            }
            return NULL;
        }
        /* a[..] of a pointer inside an element (b[i].p[k]) is not the element */
        if (clang_getCanonicalType(base->type).kind != CXType_ConstantArray)
            return NULL;
        e = base;
    }
    return NULL;
}

static bool written_before_read(const Source *src, const Site *site, const Var *v, Node **bad);

/* For the message about a write to an outer variable: true when private(v)
 * would be accepted (a scalar or fixed-size array every iteration writes
 * before it reads it). */
static bool could_be_private(const Walk *w, const Var *v)
{
    CXType t = clang_getCanonicalType(v->type);
    bool scalar = type_is_arithmetic(v->type) || t.kind == CXType_Record;
    if (!scalar && t.kind != CXType_ConstantArray)
        return false;
    Node *bad;
    return written_before_read(w->src, w->site, v, &bad);
}

static bool reassigns(const Node *n, const Var *p);
static bool writes_var(const Node *n, const Var *v);
static Node *scope_tree(const Source *src, const Site *site, const Var *v);
static unsigned address_taken_in(const Node *tree, const Var *v, unsigned skip_start, unsigned skip_end);

/* `v = e` with e not reading v. */
static bool plain_store(const Node *n, const Var *v)
{
    n = ast_strip((Node *)n);
    if (!n || n->kind != N_ASSIGN || strcmp(n->op, "=") != 0)
        return false;
    const Node *lhs = ast_strip(n->kids[0]);
    return lhs && lhs->kind == N_DECLREF && lhs->var == v && !ast_mentions(n->kids[1], v);
}

static bool has_kind(const Node *n, NodeKind a, NodeKind b);

/* Whether `n`, outside [skip_start, skip_end), never reads v's value
 * before writing it: v appears only as the target of `v = e`, or inside a
 * for statement whose initialization is `v = e` (it writes v first). */
static bool dead_outside(const Node *n, const Var *v, unsigned skip_start, unsigned skip_end)
{
    if (!n || (n->start >= skip_start && n->end <= skip_end))
        return true;
    if (n->kind == N_FOR && ast_for_init(n) && plain_store(ast_for_init(n), v))
        return true;
    if (plain_store(n, v))
        return dead_outside(n->kids[1], v, skip_start, skip_end);
    if (n->kind == N_DECLREF && n->var == v)
        return false;
    /* a block's statements in order: after a statement `v = e;` its later
     * statements read that value (no case or goto label can enter past it) */
    if (n->kind == N_COMPOUND && !has_kind(n, N_CASE, N_DEFAULT) && !has_kind(n, N_LABEL, N_GOTO)) {
        for (int i = 0; i < n->nkids; i++) {
            if (!(n->kids[i]->start >= skip_start && n->kids[i]->end <= skip_end) &&
                plain_store(n->kids[i], v))
                return dead_outside(ast_strip(n->kids[i])->kids[1], v, skip_start, skip_end);
            if (!dead_outside(n->kids[i], v, skip_start, skip_end))
                return false;
        }
        return true;
    }
    for (int i = 0; i < n->nkids; i++)
        if (!dead_outside(n->kids[i], v, skip_start, skip_end))
            return false;
    return true;
}

static bool has_kind(const Node *n, NodeKind a, NodeKind b)
{
    if (!n)
        return false;
    if (n->kind == a || n->kind == b)
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (has_kind(n->kids[i], a, b))
            return true;
    return false;
}

/* Whether the statement decides v dead (it writes v before any read: 1),
 * live (it may read v, or jump past what follows: -1) or neither (0: it
 * leaves v alone, or only writes it before reading it where it writes it
 * at all, as a loop over rows whose inner loop sets v (kmeans' centre
 * update after its point loop): what follows decides). */
static int decides(const Node *s, const Var *v)
{
    if (plain_store(s, v) || (s->kind == N_FOR && ast_for_init(s) && plain_store(ast_for_init(s), v)))
        return 1;
    if (has_kind(s, N_BREAK, N_CONTINUE))
        return -1;
    return ast_mentions(s, v) && !dead_outside(s, v, UINT_MAX, UINT_MAX) ? -1 : 0;
}

/* Whether no path from the end of `loop` (a node of `scope`, the tree v is
 * declared in) reads v before writing it: the statements after it in its
 * block decide; an enclosing loop may come around again, so nothing in it
 * may read v first (dead_outside); at the end of v's scope it dies. */
static bool dead_after(const Node *scope, const Node *loop, const Var *v)
{
    if (has_kind(scope, N_GOTO, N_LABEL))
        return dead_outside(scope, v, loop->start, loop->end + 1);
    const Node *cur = loop;
    for (const Node *up = cur->parent; up && cur != scope; cur = up, up = up->parent) {
        if (up->kind == N_COMPOUND) {
            bool after = false;
            for (int i = 0; i < up->nkids; i++) {
                if (up->kids[i] == cur) {
                    after = true;
                    continue;
                }
                if (!after)
                    continue;
                int d = decides(up->kids[i], v);
                if (d)
                    return d > 0;
            }
        } else if (up->kind == N_FOR || up->kind == N_WHILE || up->kind == N_DO) {
            if (!dead_outside(up, v, loop->start, loop->end + 1))
                return false;
        }
    }
    return true;
}

static bool written_before_read(const Source *src, const Site *site, const Var *v, Node **bad);

/* A variable private() would take (see check_private_var), whose value
 * before the loop and after it nobody reads: the loop may privatize it
 * without the clause, since neither OpenMP's meaning (the caller's value
 * kept) nor C's (the last iteration's value) is ever seen. */
bool reduction_scratch_private(const Source *src, Site *site, Var *v)
{
    if (v->storage != VAR_LOCAL || v->is_volatile || site_is_iv(site, v) ||
        reduction_var(site, v) || strncmp(v->name, "pr_", 3) == 0 ||
        clang_getCursorKind(v->decl) == CXCursor_ParmDecl)
        return false;
    CXType canon = clang_getCanonicalType(v->type);
    CXType elem = v->type;
    while (clang_getCanonicalType(elem).kind == CXType_ConstantArray)
        elem = clang_getArrayElementType(clang_getCanonicalType(elem));
    CXType ec = clang_getCanonicalType(elem);
    bool scalar = type_is_arithmetic(elem) || ec.kind == CXType_Record;
    if (!scalar || ec.kind == CXType_LongDouble || !type_cxx_name(elem) ||
        (canon.kind != CXType_ConstantArray && !type_is_arithmetic(v->type) &&
         canon.kind != CXType_Record))
        return false;
    const LoopInfo *levels[PR_MAX_COLLAPSE] = {&site->info};
    for (int k = 0; k < site->ninner; k++)
        levels[k + 1] = &site->inner[k];
    for (int k = 0; k <= site->ninner; k++) {
        Node *parts[3] = {levels[k]->lo_node, levels[k]->hi_node, levels[k]->step_node};
        for (int j = 0; j < 3; j++)
            if (parts[j] && ast_mentions(parts[j], v))
                return false;
    }
    Node *scope = scope_tree(src, site, v);
    const Node *loop = scope ? ast_find_for(scope, site->loop->start) : NULL;
    if (!loop || !dead_after(scope, loop, v))
        return false;
    Node *bad;
    return written_before_read(src, site, v, &bad);
}

/* Whether nothing after the marked loop reads its induction variable (a
 * local whose address the function never takes): its value after the loop
 * need not come back from the wrapper (emit.c's copies). */
static bool iv_dead_after(const Source *src, const Site *site);

bool reduction_iv_dead_after(const Source *src, const Site *site)
{
    if (site->iv_dead && site->iv_dead_iv == site->info.iv && site->iv_dead_loop == site->loop->start)
        return site->iv_dead == 2;
    return iv_dead_after(src, site);
}

void reduction_note_iv_dead_after(const Source *src, Site *site)
{
    if (site->info.iv_declared_in_loop || !site->info.iv)
        return; /* (never asked) */
    site->iv_dead = iv_dead_after(src, site) ? 2 : 1;
    site->iv_dead_iv = site->info.iv;
    site->iv_dead_loop = site->loop->start;
}

static bool iv_dead_after(const Source *src, const Site *site)
{
    const Var *v = site->info.iv;
    if (site->info.iv_declared_in_loop || v->storage != VAR_LOCAL || v->is_volatile)
        return false;
    Node *scope = scope_tree(src, site, v);
    const Node *loop = scope ? ast_find_for(scope, site->loop->start) : NULL;
    return loop && address_taken_in(scope, v, 0, 0) == UINT32_MAX && dead_after(scope, loop, v);
}

/* The position of pointer parameter v of f that f never reassigns (nor
 * takes the address of), or -1. */
static int param_index(const SiteFunction *f, const Var *v)
{
    if (!v || clang_getCursorKind(v->decl) != CXCursor_ParmDecl ||
        clang_getCanonicalType(v->type).kind != CXType_Pointer)
        return -1;
    const Node *body = f->tree->nkids ? f->tree->kids[f->tree->nkids - 1] : NULL;
    for (int k = 0; k < f->nparams; k++)
        if (clang_equalCursors(clang_Cursor_getArgument(f->def, (unsigned)k), v->decl))
            return reassigns(body, v) ? -1 : k;
    return -1;
}

static bool is_loaded_pointer(const Node *n);
static bool varies_in_loop(const Walk *w, const Node *n);

/* The pointer the lvalue `target` is stored through, where that pointer
 * is itself read from memory the same way in every iteration
 * (`SD.index_grid` of `SD.index_grid[e * w + i] = v`), or NULL. */
static Node *stored_through_loaded(Walk *w, Node *target)
{
    for (Node *t = ast_strip(target); t;) {
        Node *b;
        if ((t->kind == N_SUBSCRIPT && t->nkids == 2) || (t->kind == N_UNARY && !strcmp(t->op, "*")) ||
            (t->kind == N_MEMBER && t->nkids == 1))
            b = ast_strip(t->kids[0]);
        else
            return NULL;
        /* *(p + k): the pointer operand */
        if (t->kind == N_UNARY && b->kind == N_BINARY && b->nkids == 2 &&
            (!strcmp(b->op, "+") || !strcmp(b->op, "-"))) {
            Node *l = ast_strip(b->kids[0]), *r = ast_strip(b->kids[1]);
            b = clang_getCanonicalType(l->type).kind == CXType_Pointer ? l : r;
        }
        bool via_pointer = t->kind != N_MEMBER || (t->op && !strcmp(t->op, "->"));
        if (via_pointer && is_loaded_pointer(b))
            return varies_in_loop(w, b) ? NULL : b;
        t = b;
    }
    return NULL;
}

static void check_write(Walk *w, Node *target, Node *whole)
{
    Site *site = w->site;
    bool through_pointer;
    Var *root = lvalue_root(target, &through_pointer);
    Node *t = ast_strip(target);
    char *text = ast_expr_text(w->src, t);
    /* the store goes through a pointer loaded from memory: the reason it
     * cannot run on the GPU is the pointer, which the walk of the target
     * reports (report_loaded_pointer), with what to do */
    if (!w->function && !w->host_side && stored_through_loaded(w, target))
        return;
    if (w->function) {
        if (root && declared_in_function(w->function, root) && !through_pointer)
            return;
        /* through a pointer parameter it never moves: each call passes the
         * address of the iteration's own storage (checked at the calls) */
        int k = param_index(w->function, root);
        if (through_pointer && k >= 0) {
            w->function->writes_param[k] = true;
            return;
        }
        REPORT(w, t->start,
               "'%s' is written here, in '%s', called from a marked loop: a function called "
               "from a marked loop may write only its own local variables and, through a "
               "pointer parameter it never changes, storage each iteration owns",
               text, w->function->name);
        return;
    }
    if (root && site_is_iv(site, root)) {
        REPORT(w, whole->start,
               "the induction variable '%s' is modified here; a marked loop must not change it",
               root->name);
        return;
    }
    if (root && is_private(site, root) && !through_pointer)
        return; /* each iteration's own */
    if (root && through_pointer && table_clause(site, root) && !declared_in_loop(site, root)) {
        REPORT(w, t->start,
               "'%s' writes through the table of pointers '%s': the GPU reads a copy of the "
               "rows an in() clause names and does not copy them back; a marked loop may only "
               "read a table",
               text, root->name);
        return;
    }
    ReduceVar *rv = reduction_var(site, root);
    if (rv && t->kind == N_DECLREF) {
        REPORT(w, whole->start,
               "'%s' is assigned here in a form that is not a reduction update; a reduction "
               "variable may only be updated with '%s'",
               rv->name, reduce_ops[rv->op].spelling);
        return;
    }
    if (root && declared_in_loop(site, root) && !through_pointer)
        return;
    if (root && declared_in_loop(site, root) && through_pointer) {
        REPORT(w, t->start,
               "'%s' writes through a pointer; in a marked loop only variables declared in the "
               "body may be written",
               text);
        return;
    }
    Var *out = fused_output(w->src, site, t);
    if (out && !declared_in_loop(site, out)) {
        Capture *c = capture_for(site, out, t->start);
        if (c->kind == CAP_ARRAY) {
            if (!c->written)
                c->write_offset = t->start;
            c->written = true;
            return;
        }
    }
    /* C89 scratch (an inner loop's variable, a temporary declared at the
     * top of the function) that each iteration writes first and nothing
     * outside the loop reads before writing it: private without the clause */
    if (root && !through_pointer && !site->segment && reduction_scratch_private(w->src, site, root)) {
        site->pragma.privates = xrealloc(site->pragma.privates,
                                         (size_t)(site->pragma.nprivates + 1) * sizeof(PrivateVar));
        site->pragma.privates[site->pragma.nprivates++] =
            (PrivateVar){.name = root->name, .offset = t->start, .var = root, .implicit = true};
        return;
    }
    /* scratch that every iteration writes before reading: private() says so */
    bool scratch = root && !through_pointer && !site->segment && could_be_private(w, root);
    /* (a global in private() is refused where the loop reads through a
     * pointer, which may point to it: a local of the body is the way) */
    char *hint = !scratch ? ""
                 : root->storage != VAR_LOCAL
                     ? xformat("; every iteration writes '%s' before reading it, so if the loop "
                               "uses it only as scratch, declare a variable of its own for it "
                               "inside the loop body",
                               root->name)
                     : xformat("; every iteration writes '%s' before reading it, so if the loop "
                               "uses it only as scratch, add private(%s) to the pragma (after the "
                               "loop it then keeps its value from before the loop)",
                               root->name, root->name);
    if (t->kind == N_DECLREF && root) {
        REPORT(w, t->start,
               "'%s' is declared outside the loop and written here; only the reduction "
               "variables may carry values between iterations%s",
               root->name, hint);
        return;
    }
    REPORT(w, t->start,
           "'%s' is written here: %s may not write memory that outlives an iteration "
           "(globals, data behind pointers, array elements) except its own element of an "
           "outer array (subscript '%s', or c * %s + d with c a nonzero constant) or its own row "
           "(%s * w + j with j of a loop over [0, w))%s",
           text, site->segment ? "an outer loop run as one launch" : "a marked loop",
           site->info.iv->name, site->info.iv->name, site->info.iv->name, hint);
}

static void walk_kids(Walk *w, Node *n)
{
    for (int i = 0; i < n->nkids; i++)
        walk(w, n->kids[i]);
}

/* `static const double c[4] = {...};`: a constant table, which no
 * iteration can change (CUDA allows it in device code too). */
static bool read_only_table(const Node *decl)
{
    CXType t = decl->var->type;
    bool is_const = clang_isConstQualifiedType(t);
    while (!is_const && clang_getCanonicalType(t).kind == CXType_ConstantArray) {
        t = clang_getArrayElementType(t);
        is_const = clang_isConstQualifiedType(t);
    }
    return is_const && decl->nkids > 0 && !decl->var->is_volatile;
}

/* Inside the operand of sizeof (or _Alignof), which C does not evaluate. */
static bool under_sizeof(const Node *n)
{
    for (const Node *p = n->parent; p; p = p->parent)
        if (p->kind == N_SIZEOF)
            return true;
    return false;
}

/* ------------------------------------------------------------ private() */

/* A private variable must be written before it is read in every iteration:
 * then no iteration can see another's value, and each GPU thread may keep
 * its own copy. The check follows one iteration of the body in order and
 * tracks which elements (a scalar has one) are written on every path so
 * far. It is conservative: an element counts as written after a plain
 * assignment `t = e;` / `buf[2] = e;` with constant subscripts that is a
 * statement of its own (not under a condition, ?:, && or ||), after both
 * branches of an if/else write it, or after a fill loop
 *   for (int k = 0; k < 8; k++) buf[k] = e;      (nested loops for rows)
 * whose bounds are constants and whose body writes `buf[k]` every time
 * (no continue or break). Any other read needs the element written
 * before; loops in the body are followed once, and leave the state as
 * it was before them (they may run zero times). */

#define PR_MAX_PRIVATE_ELEMS (1 << 16)
#define PR_MAX_PRIVATE_DIMS 8

typedef struct {
    unsigned char *bits; /* one per element */
    bool all;            /* every element (or unreachable: after `continue`) */
} Defined;

typedef struct {
    const Source *src;
    const Var *var;
    long long dims[PR_MAX_PRIVATE_DIMS];
    int ndims;       /* 0: a scalar */
    long long n;     /* elements (of a struct: its members, per array element) */
    bool ok;
    Node *bad;       /* the first read that may see another iteration's value */
    const char **fields; /* a struct's members (`d.x = ...` writes one), nfields 0 otherwise */
    int nfields;
} DefCheck;

static Defined def_copy(const DefCheck *dc, const Defined *d)
{
    Defined r = {xmalloc((size_t)dc->n), d->all};
    memcpy(r.bits, d->bits, (size_t)dc->n);
    return r;
}

/* what both paths wrote */
static void def_meet(const DefCheck *dc, Defined *a, const Defined *b)
{
    if (b->all)
        return;
    if (a->all) {
        memcpy(a->bits, b->bits, (size_t)dc->n);
        a->all = false;
        return;
    }
    for (long long k = 0; k < dc->n; k++)
        a->bits[k] &= b->bits[k];
}

static void def_settle(const DefCheck *dc, Defined *d)
{
    if (d->all)
        return;
    for (long long k = 0; k < dc->n; k++)
        if (!d->bits[k])
            return;
    d->all = true;
}


static Node *skip_up(Node *n, Node **child)
{
    *child = n;
    Node *p = n->parent;
    while (p && (p->kind == N_IMPLICIT || p->kind == N_PAREN)) {
        *child = p;
        p = p->parent;
    }
    return p;
}

/* An assignment evaluated whenever statement `stmt` is: the statement
 * itself, or a part of a comma expression that is. */
static bool unconditional_in(const Node *assign, const Node *stmt)
{
    for (const Node *n = assign; n; n = n->parent) {
        if (n == stmt)
            return true;
        const Node *p = n->parent;
        if (!p || !(p->kind == N_IMPLICIT || p->kind == N_PAREN ||
                    (p->kind == N_BINARY && !strcmp(p->op, ","))))
            return false;
    }
    return false;
}

/* Each mention of the variable in `n` (an expression, or a statement not
 * followed further): writes `v = e` / `v[c]... = e` statement-level in
 * `stmt` are marked in `marks` (when given), every other use must find
 * its element in `pre`. */
static void def_uses(DefCheck *dc, Node *n, Node *stmt, const Defined *pre, Defined *marks)
{
    if (!n || !dc->ok)
        return;
    if (n->kind == N_DECLREF && n->var == dc->var) {
        if (under_sizeof(n))
            return;
        Node *child, *p = skip_up(n, &child);
        Node *top = n;
        long long flat = 0;
        int nsubs = 0;
        bool known = true;
        while (p && p->kind == N_SUBSCRIPT && p->kids[0] == child) {
            long long v;
            if (nsubs < dc->ndims && ast_int_constant(p->kids[1], &v) && v >= 0 && v < dc->dims[nsubs])
                flat = flat * dc->dims[nsubs] + v;
            else
                known = false;
            nsubs++;
            top = p;
            p = skip_up(p, &child);
        }
        known = known && nsubs == dc->ndims;
        /* a struct's slots: all of its members, or the one `.m` names */
        long long lo = flat * (dc->nfields ? dc->nfields : 1);
        long long hi = lo + (dc->nfields ? dc->nfields : 1);
        if (known && dc->nfields && p && p->kind == N_MEMBER && p->kids[0] == child) {
            int f = 0;
            while (f < dc->nfields && strcmp(dc->fields[f], p->name) != 0)
                f++;
            known = f < dc->nfields;
            lo += f;
            hi = lo + 1;
            top = p;
            p = skip_up(p, &child);
        }
        bool write = p && p->kind == N_ASSIGN && !strcmp(p->op, "=") && p->kids[0] == child;
        if (write) {
            if (known && marks && unconditional_in(p, stmt))
                for (long long k = lo; k < hi; k++)
                    marks->bits[k] = 1;
            return; /* a write reads nothing of the variable */
        }
        bool all = pre->all;
        for (long long k = lo; known && !all && k < hi && pre->bits[k]; k++)
            all = k + 1 == hi;
        if (all)
            return;
        dc->ok = false;
        dc->bad = top;
        return;
    }
    for (int i = 0; i < n->nkids; i++)
        def_uses(dc, n->kids[i], stmt, pre, marks);
}

/* A statement whose writes count when it runs: reads checked against d,
 * then its statement-level writes added. */
static void def_simple(DefCheck *dc, Node *s, Defined *d, bool marks_count)
{
    Defined marks = def_copy(dc, d);
    def_uses(dc, s, ast_strip(s), d, marks_count ? &marks : NULL);
    if (marks_count && !d->all)
        memcpy(d->bits, marks.bits, (size_t)dc->n);
    def_settle(dc, d);
}

static bool has_jump(const Node *n)
{
    if (!n)
        return false;
    if (n->kind == N_CONTINUE || n->kind == N_BREAK || n->kind == N_GOTO || n->kind == N_RETURN)
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (has_jump(n->kids[i]))
            return true;
    return false;
}

static bool writes_var(const Node *n, const Var *v)
{
    if (!n)
        return false;
    if (n->kind == N_ASSIGN || (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")))) {
        bool through;
        if (lvalue_root(n->kids[0], &through) == v)
            return true;
    }
    if (n->kind == N_UNARY && !strcmp(n->op, "&") && ast_mentions(n->kids[0], v))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (writes_var(n->kids[i], v))
            return true;
    return false;
}

/* A write in `n` to data reached through pointer `v` (`v[k] = e`, `*v = e`). */
static bool writes_through_pointer(const Node *n, const Var *v)
{
    if (!n)
        return false;
    if (n->kind == N_ASSIGN || (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")))) {
        bool through;
        if (lvalue_root(n->kids[0], &through) == v && through)
            return true;
    }
    for (int i = 0; i < n->nkids; i++)
        if (writes_through_pointer(n->kids[i], v))
            return true;
    return false;
}

/* A mention of v in n other than in the operand of sizeof. */
static bool mentions_evaluated(const Node *n, const Var *v)
{
    if (!n || n->kind == N_SIZEOF)
        return false;
    if ((n->kind == N_DECLREF || n->kind == N_VARDECL) && n->var == v)
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (mentions_evaluated(n->kids[i], v))
            return true;
    return false;
}

/* `for (k = A; k < B; k++)` with constant A and B (also `int k = A`,
 * `k <= B`, `++k`, `k += 1`): k runs over [*lo, *hi). */
static bool constant_range(Node *f, Var **iv, long long *lo, long long *hi)
{
    Node *init = ast_for_init(f) ? ast_strip(ast_for_init(f)) : NULL;
    Node *cond = ast_for_cond(f) ? ast_strip(ast_for_cond(f)) : NULL;
    Node *inc = ast_for_inc(f) ? ast_strip(ast_for_inc(f)) : NULL;
    if (!init || !cond || !inc)
        return false;
    Var *k = NULL;
    if (init->kind == N_DECLSTMT && init->nkids == 1 && init->kids[0]->kind == N_VARDECL &&
        init->kids[0]->nkids == 1) {
        k = init->kids[0]->var;
        if (!ast_int_constant(init->kids[0]->kids[0], lo))
            return false;
    } else if (init->kind == N_ASSIGN && !strcmp(init->op, "=") &&
               ast_strip(init->kids[0])->kind == N_DECLREF) {
        k = ast_strip(init->kids[0])->var;
        if (!ast_int_constant(init->kids[1], lo))
            return false;
    }
    if (!k || !type_is_integer(k->type))
        return false;
    if (cond->kind != N_BINARY)
        return false;
    Node *a = ast_strip(cond->kids[0]), *b = ast_strip(cond->kids[1]);
    long long bound;
    if (a->kind == N_DECLREF && a->var == k && ast_int_constant(b, &bound) &&
        (!strcmp(cond->op, "<") || !strcmp(cond->op, "<=") || !strcmp(cond->op, "!=")))
        *hi = !strcmp(cond->op, "<=") ? bound + 1 : bound;
    else if (b->kind == N_DECLREF && b->var == k && ast_int_constant(a, &bound) &&
             (!strcmp(cond->op, ">") || !strcmp(cond->op, ">=")))
        *hi = !strcmp(cond->op, ">=") ? bound + 1 : bound;
    else
        return false;
    long long one;
    bool step_one =
        (inc->kind == N_UNARY && !strcmp(inc->op, "++")) ||
        (inc->kind == N_ASSIGN && !strcmp(inc->op, "+=") && ast_int_constant(inc->kids[1], &one) && one == 1);
    if (!step_one || ast_strip(inc->kids[0])->kind != N_DECLREF || ast_strip(inc->kids[0])->var != k)
        return false;
    if (!strcmp(cond->op, "!=") && *lo > *hi)
        return false;
    *iv = k;
    return true;
}

/* The body of loop `f` as a list of statements. */
static Node **stmt_list(Node *f, int *n)
{
    Node *body = f->kids[f->nkids - 1];
    if (body->kind == N_COMPOUND) {
        *n = body->nkids;
        return body->kids;
    }
    *n = 1;
    return &f->kids[f->nkids - 1];
}

/* A fill loop (see above) at nesting `depth`; on success the elements it
 * writes are set in d. */
static bool fill_loop(DefCheck *dc, Node *f, int depth, Var **ivs, long long *lo, long long *hi,
                      Defined *d)
{
    if (f->kind != N_FOR || depth >= dc->ndims || f->nkids < 1)
        return false;
    if (!constant_range(f, &ivs[depth], &lo[depth], &hi[depth]))
        return false;
    if (lo[depth] < 0 || hi[depth] > dc->dims[depth])
        return false;
    if (mentions_evaluated(ast_for_init(f), dc->var) || mentions_evaluated(ast_for_cond(f), dc->var) ||
        mentions_evaluated(ast_for_inc(f), dc->var))
        return false;
    Node *body = f->kids[f->nkids - 1];
    if (has_jump(body) || writes_var(body, ivs[depth]))
        return false;
    int n;
    Node **list = stmt_list(f, &n);
    int first = -1;
    for (int i = 0; i < n && first < 0; i++)
        if (ast_mentions(list[i], dc->var))
            first = i;
    if (first < 0)
        return false;
    for (int i = first + 1; i < n; i++)
        if (ast_mentions(list[i], dc->var))
            return false;
    Node *st = ast_strip(list[first]);
    if (st->kind == N_FOR)
        return fill_loop(dc, st, depth + 1, ivs, lo, hi, d);
    if (depth + 1 != dc->ndims || st->kind != N_ASSIGN || strcmp(st->op, "=") != 0 ||
        ast_mentions(st->kids[1], dc->var))
        return false;
    Node *lhs = ast_strip(st->kids[0]);
    for (int j = depth; j >= 0; j--) {
        if (lhs->kind != N_SUBSCRIPT)
            return false;
        Node *ix = ast_strip(lhs->kids[1]);
        if (ix->kind != N_DECLREF || ix->var != ivs[j])
            return false;
        lhs = ast_strip(lhs->kids[0]);
    }
    if (lhs->kind != N_DECLREF || lhs->var != dc->var)
        return false;
    /* every element of the box [lo, hi) */
    long long idx[PR_MAX_PRIVATE_DIMS];
    for (int j = 0; j < dc->ndims; j++) {
        if (lo[j] >= hi[j])
            return true; /* runs zero times: writes nothing */
        idx[j] = lo[j];
    }
    for (;;) {
        long long flat = 0;
        for (int j = 0; j < dc->ndims; j++)
            flat = flat * dc->dims[j] + idx[j];
        d->bits[flat] = 1;
        int j = dc->ndims - 1;
        while (j >= 0 && ++idx[j] == hi[j]) {
            idx[j] = lo[j];
            j--;
        }
        if (j < 0)
            break;
    }
    def_settle(dc, d);
    return true;
}

static void def_stmt(DefCheck *dc, Node *s, Defined *d)
{
    if (!s || !dc->ok || d->all)
        return;
    if (s->kind == N_CONTINUE || s->kind == N_BREAK) {
        d->all = true; /* nothing after it runs on this path */
        return;
    }
    if (!ast_mentions(s, dc->var))
        return;
    switch (s->kind) {
    case N_COMPOUND:
        for (int i = 0; i < s->nkids && dc->ok && !d->all; i++)
            def_stmt(dc, s->kids[i], d);
        return;
    case N_IF: {
        def_simple(dc, s->kids[0], d, false);
        Defined t = def_copy(dc, d), e = def_copy(dc, d);
        def_stmt(dc, s->kids[1], &t);
        if (s->nkids > 2)
            def_stmt(dc, s->kids[2], &e);
        def_meet(dc, &t, &e);
        *d = t;
        return;
    }
    case N_FOR: {
        Var *ivs[PR_MAX_PRIVATE_DIMS];
        long long lo[PR_MAX_PRIVATE_DIMS], hi[PR_MAX_PRIVATE_DIMS];
        Defined f = def_copy(dc, d);
        if (fill_loop(dc, s, 0, ivs, lo, hi, &f)) {
            *d = f;
            return;
        }
        if (ast_for_init(s))
            def_simple(dc, ast_for_init(s), d, true);
        def_simple(dc, ast_for_cond(s), d, false);
        Defined b = def_copy(dc, d);
        def_stmt(dc, s->kids[s->nkids - 1], &b);
        def_simple(dc, ast_for_inc(s), d, false);
        return;
    }
    case N_WHILE:
    case N_DO: {
        Node *body = s->kind == N_DO ? s->kids[0] : s->kids[s->nkids - 1];
        Node *cond = s->kind == N_DO ? s->kids[s->nkids - 1] : s->kids[0];
        def_simple(dc, cond, d, false);
        Defined b = def_copy(dc, d);
        def_stmt(dc, body, &b);
        return;
    }
    case N_SWITCH:
    case N_CASE:
    case N_DEFAULT:
    case N_LABEL:
        def_simple(dc, s, d, false);
        return;
    default:
        def_simple(dc, s, d, true);
        return;
    }
}

typedef struct {
    const char **names;
    int n;
} FieldNames;

static enum CXVisitorResult collect_field_name(CXCursor field, CXClientData data)
{
    FieldNames *fn = data;
    fn->names = xrealloc(fn->names, (size_t)(fn->n + 1) * sizeof *fn->names);
    fn->names[fn->n++] = cursor_spelling(field);
    return CXVisit_Continue;
}

/* True when every read of `v` in the loop body follows a write of that
 * element in the same iteration; else *bad is the first doubtful read. */
static bool written_before_read(const Source *src, const Site *site, const Var *v, Node **bad)
{
    DefCheck dc = {src, v, {0}, 0, 1, true, NULL, NULL, 0};
    CXType t = clang_getCanonicalType(v->type);
    while (t.kind == CXType_ConstantArray) {
        if (dc.ndims == PR_MAX_PRIVATE_DIMS)
            return false;
        long long size = clang_getArraySize(t);
        if (size <= 0 || dc.n > PR_MAX_PRIVATE_ELEMS / size)
            return false;
        dc.dims[dc.ndims++] = size;
        dc.n *= size;
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    }
    /* a struct (Rodinia's `THREE_VECTOR d;`, written member by member) */
    if (t.kind == CXType_Record &&
        clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_StructDecl) {
        FieldNames fn = {NULL, 0};
        clang_Type_visitFields(t, collect_field_name, &fn);
        if (fn.n == 0 || dc.n > PR_MAX_PRIVATE_ELEMS / fn.n)
            return false;
        dc.fields = fn.names;
        dc.nfields = fn.n;
        dc.n *= fn.n;
    }
    Defined d = {xcalloc((size_t)dc.n, 1), false};
    def_stmt(&dc, site->info.body, &d);
    *bad = dc.bad;
    return dc.ok;
}

/* An array object (not a pointer, nor a parameter declared as an array):
 * its elements are distinct from every scalar variable. */
static bool is_array_object(const Var *v)
{
    enum CXTypeKind k = clang_getCanonicalType(v->type).kind;
    return (k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray) &&
           clang_getCursorKind(v->decl) != CXCursor_ParmDecl;
}

/* Whether `n` is an argument of a call (under implicit conversions). */
static bool is_call_argument(const Node *n)
{
    const Node *child = n, *p = n->parent;
    while (p && (p->kind == N_IMPLICIT || p->kind == N_PAREN)) {
        child = p;
        p = p->parent;
    }
    return p && p->kind == N_CALL && p->nkids > 0 && p->kids[0] != child;
}

/* ------------------------------------------------------------ globals of helpers */

static void add_global(SiteFunction *f, Var *v, unsigned at)
{
    for (int k = 0; k < f->nglobals; k++)
        if (f->globals[k] == v)
            return;
    f->globals = xrealloc(f->globals, (size_t)(f->nglobals + 1) * sizeof *f->globals);
    f->global_at = xrealloc(f->global_at, (size_t)(f->nglobals + 1) * sizeof *f->global_at);
    f->globals[f->nglobals] = v;
    f->global_at[f->nglobals++] = at;
}

/* A global that a function called from the loop reads (a constant table,
 * a size): the GPU copy gets it as a parameter, so it must be one the loop
 * leaves unchanged; arrays the loop writes are refused by access.c. */
static void helper_reads_global(Walk *w, Node *n, Var *v)
{
    Site *site = w->site;
    const char *why = NULL;
    if (declared_in_function(w->function, v))
        why = "declared extern inside the function: declare it at file scope";
    else if (reduction_var(site, v))
        why = "the loop's accumulator, which it may update only with the pragma's operator";
    else if (site_is_iv(site, v))
        why = "the loop's induction variable: pass it as an argument";
    else if (is_private(site, v) || declared_in_loop(site, v))
        why = "which each iteration writes for itself: pass it as an argument";
    else if (v->is_volatile)
        why = "which is volatile: pass its value as an argument";
    if (why) {
        REPORT(w, n->start, "'%s' reads the global '%s', %s", w->function->name, v->name, why);
        return;
    }
    add_global(w->function, v, n->start);
}

typedef struct {
    const char *name;
    CXCursor global;
    bool found;
} HideSearch;

static enum CXChildVisitResult find_hiding_decl(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    HideSearch *h = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) {
        CXString s = clang_getCursorSpelling(c);
        if (strcmp(clang_getCString(s), h->name) == 0 &&
            !clang_equalCursors(clang_getCanonicalCursor(c), clang_getCanonicalCursor(h->global)))
            h->found = true;
        clang_disposeString(s);
    }
    return h->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether function `fn` declares a variable of its own named like global
 * `g` (the name passed on to a GPU copy would then be that one). */
static bool hides_global(CXCursor fn, const Var *g)
{
    HideSearch h = {g->name, g->decl, false};
    clang_visitChildren(fn, find_hiding_decl, &h);
    return h.found;
}

/* The globals callee `f` reads become the caller's: the calling
 * function's, or the loop's captures (read at elements the analysis does
 * not follow: all of a fixed-size array, else an in() clause's section). */
static bool take_globals(Walk *w, Node *call, const SiteFunction *f)
{
    for (int k = 0; k < f->nglobals; k++) {
        Var *g = f->globals[k];
        CXCursor scope = w->function ? w->function->def : w->site->function;
        if (hides_global(scope, g)) {
            REPORT(w, call->start,
                   "'%s' reads the global '%s', which '%s' hides with a variable of its own: "
                   "rename that variable",
                   f->name, g->name, w->function ? w->function->name : w->site->function_name);
            return false;
        }
        if (w->function) {
            add_global(w->function, g, f->global_at[k]);
            continue;
        }
        Capture *c = capture_for(w->site, g, f->global_at[k]);
        if (c->kind == CAP_TABLE) {
            REPORT(w, f->global_at[k],
                   "'%s' reads '%s', a table of pointers: pass the rows it reads as arguments",
                   f->name, g->name);
            return false;
        }
        if (c->kind == CAP_ARRAY && !c->other_use) {
            c->other_use = true;
            c->other_use_offset = f->global_at[k];
            c->helper_use = f->name;
        }
    }
    return true;
}

static void walk_declref(Walk *w, Node *n)
{
    Site *site = w->site;
    Var *v = n->var;
    if (!v || v == w->skip_var)
        return; /* functions, enumerators, the updated variable */
    if (w->function) {
        if (v->storage == VAR_GLOBAL || !declared_in_function(w->function, v))
            helper_reads_global(w, n, v);
        return;
    }
    if (is_private(site, v))
        return; /* the kernel declares it: not a capture */
    ReduceVar *rv = reduction_var(site, v);
    if (rv) {
        REPORT(w, n->start,
               "'%s' is read here outside its update; a reduction variable may only be updated "
               "with '%s'",
               v->name, reduce_ops[rv->op].spelling);
        return;
    }
    if (site_is_iv(site, v) || declared_in_loop(site, v))
        return;
    Capture *c = capture_for(site, v, n->start);
    if (under_sizeof(n))
        return; /* not evaluated: captured for its type alone, no element read */
    if (c->kind == CAP_ARRAY) {
        /* is this reference the base of a subscript? */
        Node *p = n->parent;
        Node *child = n;
        while (p && (p->kind == N_IMPLICIT || p->kind == N_PAREN)) {
            child = p;
            p = p->parent;
        }
        if (p && p->kind == N_SUBSCRIPT && p->kids[0] == child) {
            c->subs = xrealloc(c->subs, (size_t)(c->nsubs + 1) * sizeof(Node *));
            c->subs[c->nsubs++] = p->kids[1];
        } else if (p && ((p->kind == N_MEMBER && p->op && !strcmp(p->op, "->")) ||
                         (p->kind == N_UNARY && !strcmp(p->op, "*")))) {
            c->deref0 = true; /* p->x and *p read element 0 */
        } else if (!c->other_use || c->helper_use) {
            c->other_use = true;
            c->other_use_offset = n->start;
            c->helper_use = NULL;
        }
        /* `int *q = var;`, `q = var;`: C drops no const there, nor may the copies */
        const Node *to = p && p->kind == N_VARDECL && p->var ? NULL : p && p->kind == N_ASSIGN && p->nkids == 2 && p->kids[1] == child ? p->kids[0] : NULL;
        CXType tt = p && p->kind == N_VARDECL && p->var ? p->var->type : to ? to->type : (CXType){.kind = CXType_Invalid};
        tt = clang_getCanonicalType(tt);
        if (tt.kind == CXType_Pointer && !clang_isConstQualifiedType(clang_getPointeeType(tt)))
            c->mutable_pointee = true;
    }
    if (c->kind == CAP_TABLE && !is_call_argument(n)) {
        /* rows[i] comes through walk_table_row, arguments through
         * check_table_args: this is another use */
        REPORT(w, n->start,
               "'%s' is a table of pointers: the loop may read its rows and their elements "
               "(%s[i], %s[i][j]), whose device copies an in() clause names, but not use the "
               "table itself; pass a row, %s[i], instead",
               v->name, v->name, v->name, v->name);
    }
}

/* ------------------------------------------------------------ GPU-only hazards */

/* Long double, or an array of it: GPUs have no such type. */
static bool is_long_double(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    while (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
        c = clang_getCanonicalType(clang_getArrayElementType(c));
    if (c.kind == CXType_Complex)
        c = clang_getCanonicalType(clang_getElementType(c));
    return c.kind == CXType_LongDouble;
}

/* Any long double the GPU would compute (a variable, literal `1.0L`, cast,
 * conversion or call such as sqrtl): CUDA silently computes it as a double,
 * so the result would differ from the sequential program's. Reported once
 * per loop or helper, at the outermost such expression. */
static bool report_long_double(Walk *w, Node *n)
{
    if (w->host_side || w->long_double_reported)
        return false;
    bool ld = is_long_double(n->type) || (n->kind == N_VARDECL && n->var && is_long_double(n->var->type));
    if (!ld || under_sizeof(n))
        return false;
    w->long_double_reported = true;
    enum CXCursorKind k = clang_getCursorKind(n->cursor);
    const char *what = n->var                    ? n->var->name
                       : k == CXCursor_ParmDecl ? cursor_spelling(n->cursor)
                                                : ast_expr_text(w->src, n);
    char *where = w->function ? xformat(" in '%s', called from a marked loop", w->function->name)
                              : xstrdup("");
    REPORT(w, n->start,
           "'%s' is a long double%s, which GPUs do not have: CUDA computes it as a double, so the "
           "result would differ from the sequential program's; use double (a long double "
           "variable, a literal with the suffix L, a cast to long double and functions such as "
           "sqrtl all compute in long double)",
           what, where);
    return true;
}

/* A pointer value read from memory: `p->data`, `s.data`, `m->me[i]`,
 * `*pp`. The copies pragreduce makes hold host addresses there, which the
 * GPU must never follow (a pointer the kernel follows must be one it was
 * given: a captured variable, an address computed from one). Pointers to
 * functions are left to the check of calls through pointers. */
static bool is_loaded_pointer(const Node *n)
{
    if (n->kind != N_MEMBER && n->kind != N_SUBSCRIPT && !(n->kind == N_UNARY && !strcmp(n->op, "*")))
        return false;
    CXType t = clang_getCanonicalType(n->type);
    if (t.kind != CXType_Pointer)
        return false;
    enum CXTypeKind pointee = clang_getCanonicalType(clang_getPointeeType(t)).kind;
    if (pointee == CXType_FunctionProto || pointee == CXType_FunctionNoProto)
        return false;
    /* `&p->data` is an address, not a load; a load through it is a `*` */
    const Node *p = n->parent;
    while (p && p->kind == N_PAREN)
        p = p->parent;
    return !(p && p->kind == N_UNARY && !strcmp(p->op, "&")) && !under_sizeof(n);
}

/* A conversion between a pointer and an integer (other than a null
 * pointer constant, and a test of a pointer as a truth value): the GPU's
 * addresses are not the host's, so the integer (an alignment test, a hash)
 * would differ from the sequential program's, and a pointer made from one
 * would hold a host address. */
static bool is_zero_constant(const Node *n)
{
    bool zero = false;
    CXEvalResult ev = clang_Cursor_Evaluate(n->cursor);
    if (ev) {
        zero = clang_EvalResult_getKind(ev) == CXEval_Int && clang_EvalResult_getAsLongLong(ev) == 0;
        clang_EvalResult_dispose(ev);
    }
    return zero;
}

static bool pointer_integer_conversion(const Node *n)
{
    if ((n->kind != N_CAST && n->kind != N_IMPLICIT) || !n->nkids || under_sizeof(n))
        return false;
    const Node *from = n->kids[n->nkids - 1];
    enum CXTypeKind to = clang_getCanonicalType(n->type).kind;
    enum CXTypeKind fk = clang_getCanonicalType(from->type).kind;
    bool from_pointer = fk == CXType_Pointer || fk == CXType_ConstantArray ||
                        fk == CXType_IncompleteArray || fk == CXType_VariableArray;
    if (from_pointer && to != CXType_Bool && type_is_integer(n->type))
        return true;
    if (to == CXType_Pointer && type_is_integer(from->type))
        return !is_zero_constant(from);
    return false;
}

/* `0`, `NULL`, `(void *)0`: conversions of an integer zero to a pointer. */
static bool is_null_constant(const Node *n)
{
    while (n && (n->kind == N_PAREN || n->kind == N_IMPLICIT || n->kind == N_CAST) && n->nkids &&
           clang_getCanonicalType(n->type).kind == CXType_Pointer)
        n = n->kids[n->nkids - 1];
    return n && type_is_integer(n->type) && is_zero_constant(n);
}

static bool is_pointer_value(const Node *n)
{
    enum CXTypeKind k = clang_getCanonicalType(n->type).kind;
    return k == CXType_Pointer || k == CXType_ConstantArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray;
}

/* A comparison or difference of two pointers that do not derive from one
 * variable (`x == y`, `p - q`): each array the loop reads has its own copy
 * on the GPU, so pointers equal on the host may differ there. Within one
 * array (`x + i - x`) the offsets are the host's; a null pointer constant
 * is null everywhere. */
static bool relates_unrelated_pointers(const Node *n)
{
    static const char *const ops[] = {"==", "!=", "<", ">", "<=", ">=", "-", NULL};
    if (n->kind != N_BINARY || n->nkids != 2 || under_sizeof(n))
        return false;
    bool relational = false;
    for (int k = 0; ops[k]; k++)
        relational |= !strcmp(n->op, ops[k]);
    const Node *a = n->kids[0], *b = n->kids[1];
    if (!relational || !is_pointer_value(a) || !is_pointer_value(b) || is_null_constant(a) ||
        is_null_constant(b))
        return false;
    const Node *ra = fx_address_root(a), *rb = fx_address_root(b);
    return !ra || !rb || !ra->var || ra->var != rb->var;
}

/* Whether `n` may take another value in another iteration. */
static bool varies_in_loop(const Walk *w, const Node *n)
{
    if (n->kind == N_CALL)
        return true;
    if (n->kind == N_DECLREF && n->var &&
        (site_is_iv(w->site, n->var) || declared_in_loop(w->site, n->var) || is_private(w->site, n->var)))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (varies_in_loop(w, n->kids[i]))
            return true;
    return false;
}

/* What `rows[i]` (or `t[i][j]`, `*rows`, `m->rows[i]`) reads its pointer
 * from: the expression under the subscripts and dereferences, and how many
 * there are. */
static Node *table_base(Node *n, int *depth)
{
    *depth = 0;
    for (n = ast_strip(n); n && (n->kind == N_SUBSCRIPT || (n->kind == N_UNARY && !strcmp(n->op, "*")));
         n = ast_strip(n->kids[0]))
        (*depth)++;
    return n;
}

/* The table variable under them, or NULL. */
static Var *table_root(Node *n, int *depth)
{
    Node *base = table_base(n, depth);
    return base && base->kind == N_DECLREF ? base->var : NULL;
}

/* The subscripts of `rows[i][j]...` down to the table: reads. */
static void walk_table_subscripts(Walk *w, Node *n)
{
    for (Node *x = ast_strip(n); x && x->kind != N_DECLREF; x = ast_strip(x->kids[0]))
        if (x->kind == N_SUBSCRIPT)
            walk(w, x->kids[1]);
}

/* `rows[i]` loaded from a table of pointers that an in() clause names with
 * a bracket per level (the kernel reads the table of device addresses that
 * table.cuh builds): the subscripts are reads; the pointer read is the
 * table's, whatever the loop does with it (a local pointer to the row, an
 * argument), as long as nothing is written through it (check_write). */
static bool walk_table_row(Walk *w, Node *n)
{
    int depth;
    Var *v = table_root(n, &depth);
    if (w->function) {
        /* a helper's parameter read as a table: its calls must pass one */
        int k = param_index(w->function, v);
        if (k < 0 || depth >= pointer_levels(v->type))
            return false;
        w->function->table_param[k] = true;
        walk_table_subscripts(w, n);
        return true;
    }
    if (!v || site_is_iv(w->site, v) || declared_in_loop(w->site, v) ||
        is_private(w->site, v) || !table_clause(w->site, v))
        return false;
    Capture *c = capture_for(w->site, v, n->start);
    if (c->kind != CAP_TABLE)
        return false;
    walk_table_subscripts(w, n);
    return true;
}

/* `m->rows` under the subscripts of `m->rows[i]`: a member that is a table
 * of pointers, or NULL. */
static Node *table_member(Node *n)
{
    int depth;
    Node *base = table_base(n, &depth);
    return base && depth > 0 && base->kind == N_MEMBER && pointer_levels(base->type) >= 2 ? base : NULL;
}

/* Whether the loop stores through the pointer value `n`: it is the base
 * of the target of an assignment or ++/-- (`n[k] = v`, `*n = v`,
 * `*(n + k) = v`, `n->f = v`, `n[k].f += v`). */
static bool stored_through_here(const Node *n)
{
    const Node *child = n, *p = n->parent;
    bool through = false;
    while (p) {
        if (p->kind == N_PAREN || p->kind == N_IMPLICIT || p->kind == N_CAST) {
        } else if (p->kind == N_BINARY && (!strcmp(p->op, "+") || !strcmp(p->op, "-")) && !through &&
                   clang_getCanonicalType(p->type).kind == CXType_Pointer) {
            /* p + k, then dereferenced */
        } else if (p->nkids && p->kids[0] == child &&
                   ((p->kind == N_SUBSCRIPT && p->nkids == 2) || (p->kind == N_UNARY && !strcmp(p->op, "*")) ||
                    p->kind == N_MEMBER)) {
            through = through || p->kind != N_MEMBER || (p->op && !strcmp(p->op, "->"));
            if (!through)
                return false;
        } else {
            break;
        }
        child = p;
        p = p->parent;
    }
    if (!p || !through || !p->nkids || p->kids[0] != child)
        return false;
    return p->kind == N_ASSIGN ||
           (p->kind == N_UNARY && (!strcmp(p->op, "++") || !strcmp(p->op, "--")));
}

/* Why element.c did not copy the member path `n` itself (it copies the
 * ones the loop's own text reads directly). */
static const char *self_copy_note(const Node *n)
{
    CXType t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(n->type)));
    bool data = (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) || t.kind == CXType_Record ||
                t.kind == CXType_Enum;
    if (n->kind != N_MEMBER || !data)
        return "";
    return "; pragreduce makes that copy itself where the loop's own text reads the pointer "
           "through '.' and '->' from a variable, not where a macro's expansion or parentheses "
           "hold the path";
}

static void report_loaded_pointer(Walk *w, Node *n)
{
    char *text = ast_expr_text(w->src, n);
    if (w->function) {
        REPORT(w, n->start,
               "'%s' reads a pointer from memory in '%s', called from a marked loop: on the GPU "
               "it would hold a host address (pragreduce copies structs and tables, not what "
               "their pointers point to); pass the array to '%s' as a pointer parameter",
               text, w->function->name, w->function->name);
        return;
    }
    if (!varies_in_loop(w, n)) {
        char *type = type_spelling(clang_getCanonicalType(n->type));
        size_t len = strlen(type);
        const char *name = n->kind == N_MEMBER && n->name ? n->name : "row";
        if (stored_through_here(n)) {
            /* the same pointer in every iteration: once in a variable,
             * the store is one to an outer array, its own element or row */
            REPORT(w, n->start,
                   "'%s' is a pointer stored in memory, and the loop writes through it: on the GPU "
                   "it would hold a host address (pragreduce copies structs and tables, not what "
                   "their pointers point to); copy it to a variable before the loop, '%s%s%s = %s;', "
                   "and write through that variable in the loop (each iteration its own element "
                   "of it, or its own row)%s",
                   text, type, len && type[len - 1] == '*' ? "" : " ", name, text, self_copy_note(n));
            return;
        }
        REPORT(w, n->start,
               "'%s' is a pointer stored in memory: on the GPU it would hold a host address "
               "(pragreduce copies structs and tables, not what their pointers point to); copy "
               "it to a variable before the loop, '%s%s%s = %s;', and index that variable in the "
               "loop (with in(%s[first:count]) when its subscripts are not affine)%s",
               text, type, len && type[len - 1] == '*' ? "" : " ", name, text, name, self_copy_note(n));
        return;
    }
    int depth;
    Var *root = table_root(n, &depth);
    if (root && pointer_levels(root->type) >= 2 && !declared_in_loop(w->site, root) &&
        !is_private(w->site, root)) {
        const ArraySection *sec = NULL;
        for (int k = 0; k < w->site->pragma.nsections; k++)
            if (!strcmp(w->site->pragma.sections[k].name, root->name))
                sec = &w->site->pragma.sections[k];
        REPORT(w, n->start,
               "'%s' is a pointer read from the table '%s'%s: the GPU needs a copy of the rows "
               "behind it, and pragreduce does not infer their extents; name them with a bracket "
               "per level, %s (the rows the loop reads, then the elements of each), or store "
               "the data in one flat array that the loop indexes (a[i * n + j])",
               text, root->name,
               sec ? xformat(", and in(%s) gives %d bracket%s where '%s' has %d levels",
                             section_text(sec), sec->nmore + 1, sec->nmore ? "s" : "", root->name,
                             pointer_levels(root->type))
                   : "",
               table_clause_hint(root));
        return;
    }
    Node *member = table_member(n);
    if (member && !varies_in_loop(w, member)) {
        /* m->rows[i][j]: the table is a member; a local copy of it can be named */
        char *type = type_spelling(clang_getCanonicalType(member->type));
        size_t len = strlen(type);
        const char *name = member->name ? member->name : "rows";
        StrBuf hint = {0};
        strbuf_printf(&hint, "in(%s", name);
        for (int k = pointer_levels(member->type); k > 0; k--)
            strbuf_puts(&hint, "[first:count]");
        strbuf_puts(&hint, ")");
        REPORT(w, n->start,
               "'%s' is a pointer read from the table of pointers '%s': copy the table to a "
               "variable before the loop, '%s%s%s = %s;', read '%s[...]' in the loop and name "
               "the rows and elements it reads, %s, or store the data in one flat array that "
               "the loop indexes (a[i * n + j])",
               text, ast_expr_text(w->src, member), type, len && type[len - 1] == '*' ? "" : " ", name,
               ast_expr_text(w->src, member), name, hint.buf);
        strbuf_free(&hint);
        return;
    }
    REPORT(w, n->start,
           "'%s' is a pointer read from memory, and which one depends on the iteration (a table "
           "of pointers, pointers stored in array elements): on the GPU it would hold a host "
           "address, and pragreduce cannot copy the data behind such pointers; store the data "
           "in one flat array that the loop indexes (a[i * n + j])",
           text);
}

static void walk(Walk *w, Node *n);

/* `&a[e]` in the loop (`f(&a[e])`, `const double *q = &a[e];`): the
 * address of an element of a captured array. Functions of the file may not
 * write through their pointer parameters, nor the loop through a pointer it
 * declares. Like `a + e`, the loop then reads elements of `a` the
 * subscripts do not tell, so it counts as another use of `a` (an in()
 * clause names them). */
static bool element_address(Walk *w, Node *addr, Var *root)
{
    Node *operand = ast_strip(addr->kids[0]);
    if (!root || !operand || operand->kind != N_SUBSCRIPT)
        return false;
    Node *base = ast_strip(operand->kids[0]);
    if (!base || base->kind != N_DECLREF || base->var != root)
        return false;
    /* like `a + e` anywhere: a local pointer to it cannot be written
     * through, a function it is passed to cannot write through it */
    Capture *c = capture_for(w->site, root, base->start);
    if (c->kind != CAP_ARRAY)
        return false;
    if (!c->other_use) {
        c->other_use = true;
        c->other_use_offset = addr->start;
    }
    walk(w, operand->kids[1]); /* the subscript's own reads */
    return true;
}

static void walk(Walk *w, Node *n)
{
    if (!n)
        return;
    Site *site = w->site;
    report_long_double(w, n);
    if (!w->host_side && is_loaded_pointer(n)) {
        if (!walk_table_row(w, n))
            report_loaded_pointer(w, n);
        return;
    }
    if (!w->host_side && relates_unrelated_pointers(n)) {
        REPORT(w, n->start,
               "'%s' compares or subtracts pointers into different arrays: each array a marked "
               "loop reads has its own copy on the GPU, so pointers equal on the host may "
               "differ there; compare indices instead",
               ast_expr_text(w->src, n));
        return;
    }
    if (!w->host_side && pointer_integer_conversion(n)) {
        REPORT(w, n->start,
               "'%s' converts between a pointer and an integer: the GPU's copies are at other "
               "addresses than the host's data, so the value would differ from the sequential "
               "program's (and a pointer made from an integer would hold a host address); "
               "compute with indices instead",
               ast_expr_text(w->src, n));
        return;
    }
    switch (n->kind) {
    case N_DECLREF:
        walk_declref(w, n);
        return;
    case N_ASSIGN:
        check_write(w, n->kids[0], n);
        /* the target's subscripts and the value are reads */
        if (ast_strip(n->kids[0])->kind != N_DECLREF)
            walk(w, n->kids[0]);
        walk(w, n->kids[1]);
        return;
    case N_UNARY:
        if (!strcmp(n->op, "++") || !strcmp(n->op, "--")) {
            check_write(w, n->kids[0], n);
            if (ast_strip(n->kids[0])->kind != N_DECLREF)
                walk(w, n->kids[0]);
            return;
        }
        if (!strcmp(n->op, "&")) {
            bool through;
            Var *root = lvalue_root(n->kids[0], &through);
            bool local = root && (w->function ? declared_in_function(w->function, root)
                                              : declared_in_loop(site, root) ||
                                                    is_private(site, root));
            if (!local && !w->function && element_address(w, n, root))
                return;
            if (!local) {
                REPORT(w, n->start,
                       "the address of '%s' is taken here; a marked loop may not let outer data "
                       "escape",
                       ast_expr_text(w->src, ast_strip(n->kids[0])));
                return;
            }
        }
        walk_kids(w, n);
        return;
    case N_CALL: {
        const char *name = n->name ? n->name : "";
        if (!is_math_function(name))
            (void)check_call(w, n);
        for (int i = 1; i < n->nkids; i++)
            walk(w, n->kids[i]);
        return;
    }
    case N_ASM:
        REPORT(w, n->start, "inline assembly is not allowed in a marked loop");
        return;
    case N_RETURN:
        if (w->function) {
            walk_kids(w, n);
            return;
        }
        REPORT(w, n->start, "'return' leaves the marked loop early; a reduction must run every "
                            "iteration");
        return;
    case N_GOTO:
        REPORT(w, n->start, "'goto' is not allowed in a marked loop");
        return;
    case N_BREAK:
        if (!w->function && w->loop_depth == 0 && w->switch_depth == 0) {
            REPORT(w, n->start, "'break' leaves the marked loop early; a reduction must run "
                                "every iteration");
            return;
        }
        return;
    case N_CONTINUE:
        return;
    case N_FOR:
    case N_WHILE:
    case N_DO: {
        Node *body = n->kind == N_DO ? n->kids[0] : n->kids[n->nkids - 1];
        for (int i = 0; i < n->nkids; i++)
            if (n->kids[i] != body)
                walk(w, n->kids[i]);
        w->loop_depth++;
        walk_stmt(w, body);
        w->loop_depth--;
        return;
    }
    case N_SWITCH:
        walk(w, n->kids[0]);
        w->switch_depth++;
        for (int i = 1; i < n->nkids; i++)
            walk_stmt(w, n->kids[i]);
        w->switch_depth--;
        return;
    case N_IF:
        walk(w, n->kids[0]);
        for (int i = 1; i < n->nkids; i++)
            walk_stmt(w, n->kids[i]);
        return;
    case N_CASE:
        for (int i = 0; i < n->nkids; i++)
            (i == n->nkids - 1 ? walk_stmt : walk)(w, n->kids[i]);
        return;
    case N_COMPOUND:
    case N_DEFAULT:
    case N_LABEL:
        for (int i = 0; i < n->nkids; i++) {
            if (!w->function && n->kind == N_COMPOUND && i + 1 < n->nkids &&
                match_loc_ternaries(w, n->kids[i], n->kids[i + 1])) {
                i++;
                continue;
            }
            walk_stmt(w, n->kids[i]);
        }
        return;
    case N_VARDECL:
        if (n->var && n->var->storage != VAR_LOCAL && !read_only_table(n)) {
            REPORT(w, n->start,
                   "static variable '%s' declared in a marked loop would carry values between "
                   "iterations",
                   n->name);
            return;
        }
        if (n->var && n->var->is_volatile) {
            REPORT(w, n->start, "volatile variable '%s' declared in a marked loop", n->name);
            return;
        }
        if (n->var && clang_getCanonicalType(n->var->type).kind == CXType_VariableArray) {
            REPORT(w, n->start,
                   "'%s' is a variable-length array, which GPU code cannot have (in C, even a "
                   "'const int' size makes one); give it a constant size, a #define or an enum "
                   "constant",
                   n->name);
            return;
        }
        walk_kids(w, n);
        return;
    default:
        walk_kids(w, n);
        return;
    }
}

/* The definition of the function a call names, when it is in this file. */
static CXCursor called_definition(Node *call, Node **callee_ref)
{
    Node *callee = ast_strip(call->kids[0]);
    *callee_ref = callee;
    if (!callee || callee->kind != N_DECLREF)
        return clang_getNullCursor();
    CXCursor ref = clang_getCursorReferenced(callee->cursor);
    if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
        return clang_getNullCursor();
    return clang_getCursorDefinition(ref);
}

/* A call of a helper that is being checked further up the chain: direct or
 * mutual recursion, whose depth nobody knows, would overflow the GPU's
 * small per-thread stack and give wrong results. */
static bool report_recursion(Walk *w, Node *call, CXCursor def)
{
    const CallFrame *hit = w->frames;
    while (hit && !clang_equalCursors(hit->function->def, def))
        hit = hit->caller;
    if (!hit)
        return false;
    /* the cycle, from the callee down to the caller: f -> g -> f */
    StrBuf cycle = {0};
    strbuf_puts(&cycle, hit->function->name);
    const char *names[64];
    int n = 0;
    for (const CallFrame *f = w->frames; f != hit && n < 64; f = f->caller)
        names[n++] = f->function->name;
    while (n > 0)
        strbuf_printf(&cycle, " -> %s", names[--n]);
    strbuf_printf(&cycle, " -> %s", hit->function->name);
    REPORT(w, call->start,
           "recursive call: %s; a function called from a marked loop may not be recursive, "
           "directly or through other functions (the GPU's per-thread stack is small and its "
           "depth unknown, so deep calls would give wrong results); rewrite it as a loop",
           cycle.buf);
    strbuf_free(&cycle);
    return true;
}

/* Checks a call to a function other than <math.h>'s: its definition must be
 * in this file and obey the loop's rules (on its own locals). */
/* The arguments for the parameters f writes through: the address of
 * storage the iteration owns (`&seed`, `&st.x`, `buf` for an array,
 * declared in the loop body or private(); in a helper, its own locals), or
 * in a helper a pointer parameter of its own, which then carries the same
 * rule to its callers. */
static bool check_pointer_args(Walk *w, Node *call, SiteFunction *f)
{
    for (int k = 0; k < f->nparams && 1 + k < call->nkids; k++) {
        if (!f->writes_param[k])
            continue;
        Node *arg = ast_strip(call->kids[1 + k]);
        int caller_param = w->function ? param_index(w->function, arg && arg->kind == N_DECLREF ? arg->var : NULL) : -1;
        if (caller_param >= 0) {
            w->function->writes_param[caller_param] = true;
            continue;
        }
        bool through = true;
        Var *root = NULL;
        if (arg && arg->kind == N_UNARY && !strcmp(arg->op, "&"))
            root = lvalue_root(arg->kids[0], &through);
        else if (arg && arg->kind == N_DECLREF && arg->var &&
                 clang_getCanonicalType(arg->var->type).kind == CXType_ConstantArray)
            root = arg->var, through = false;
        bool owned = root && !through && root->storage == VAR_LOCAL &&
                     (w->function ? declared_in_function(w->function, root)
                                  : declared_in_loop(w->site, root) || is_private(w->site, root));
        if (!owned) {
            const char *pname = cursor_spelling(clang_Cursor_getArgument(f->def, (unsigned)k));
            REPORT(w, call->kids[1 + k]->start,
                   "'%s' writes through its parameter '%s', so each call must pass the address "
                   "of a variable the iteration owns, '&v' with 'v' declared in the loop body "
                   "or named in private(...) (iterations run at once); '%s' is not one",
                   f->name, pname, ast_expr_text(w->src, call->kids[1 + k]));
            return false;
        }
    }
    return true;
}

/* The table a call argument passes (the variable, in the loop one an in()
 * clause names as a table, in a helper a table parameter of its own), or
 * NULL. */
static Var *passed_table(Walk *w, Node *arg)
{
    arg = ast_strip(arg);
    if (!arg || arg->kind != N_DECLREF || !arg->var)
        return NULL;
    if (w->function) {
        int k = param_index(w->function, arg->var);
        if (k < 0 || pointer_levels(arg->var->type) < 2)
            return NULL;
        w->function->table_param[k] = true; /* its callers pass tables too */
        return arg->var;
    }
    return table_clause(w->site, arg->var) && !declared_in_loop(w->site, arg->var) ? arg->var : NULL;
}

/* Tables passed to a helper: exactly to the parameters it reads as tables,
 * with as many levels. */
static bool check_table_args(Walk *w, Node *call, SiteFunction *f)
{
    for (int k = 0; k < f->nparams && 1 + k < call->nkids; k++) {
        Node *arg = call->kids[1 + k];
        CXCursor param = clang_Cursor_getArgument(f->def, (unsigned)k);
        int levels = pointer_levels(clang_getCursorType(param));
        Var *table = passed_table(w, arg);
        if (table && f->table_param[k] && pointer_levels(table->type) == levels)
            continue;
        if (!table && !f->table_param[k])
            continue;
        const char *pname = cursor_spelling(param);
        if (f->table_param[k])
            REPORT(w, arg->start,
                   "'%s' reads its parameter '%s' as a table of pointers ('%s[i][j]'), so each "
                   "call from a marked loop must pass a table the loop names with a bracket per "
                   "level in in(), as 'rows' with in(rows[first:count][first:count]); '%s' is "
                   "not one",
                   f->name, pname, pname, ast_expr_text(w->src, arg));
        else
            REPORT(w, arg->start,
                   "the table of pointers '%s' is passed to '%s', whose parameter '%s' %s: on the "
                   "GPU the table holds device addresses, so a function may only read it as a "
                   "table ('%s[i][j]')",
                   table->name, f->name, pname,
                   pointer_levels(table->type) != levels ? "has another number of pointer levels"
                                                         : "is not read as a table",
                   pname);
        return false;
    }
    return true;
}

static bool check_call(Walk *w, Node *call)
{
    Site *site = w->site;
    const char *name = call->name ? call->name : "";
    Node *callee;
    CXCursor def = called_definition(call, &callee);
    if (clang_Cursor_isNull(def) && callee && callee->kind == N_DECLREF &&
        clang_getCursorKind(clang_getCursorReferenced(callee->cursor)) == CXCursor_FunctionDecl &&
        source_cursor_in_main(w->src, clang_getCursorReferenced(callee->cursor))) {
        /* declared in this file, defined in another: its body can be neither checked nor
           copied for the GPU */
        REPORT(w, call->start,
               "call to '%s', which this file declares but does not define: a marked loop may "
               "call only <math.h> functions and functions defined in this file (their bodies "
               "are checked for side effects and copied for the GPU)",
               name);
        return false;
    }
    if (clang_Cursor_isNull(def) || !source_cursor_in_main(w->src, def)) {
        REPORT(w, call->start,
               "call to '%s' is not allowed in a marked loop: only <math.h> functions and "
               "functions defined in this file, which are checked for side effects, may be "
               "called",
               name[0] ? name : ast_expr_text(w->src, call->kids[0]));
        return false;
    }
    if (clang_Cursor_isVariadic(def)) {
        REPORT(w, call->start, "call to variadic function '%s' in a marked loop", name);
        return false;
    }
    if (callee->from_macro) {
        REPORT(w, call->start, "call to '%s' comes from a macro; call it directly", name);
        return false;
    }
    /* remember the reference, to call the device copy */
    if (w->function) {
        SiteFunction *f = w->function;
        f->calls = xrealloc(f->calls, (size_t)(f->ncalls + 1) * sizeof(Node *));
        f->calls[f->ncalls++] = callee;
    } else {
        site->fn_calls = xrealloc(site->fn_calls, (size_t)(site->nfn_calls + 1) * sizeof(Node *));
        site->fn_calls[site->nfn_calls++] = callee;
    }
    if (report_recursion(w, call, def))
        return false;
    for (int i = 0; i < site->nfunctions; i++)
        if (clang_equalCursors(site->functions[i]->def, def)) /* checked before */
            return site->functions[i]->ok && check_pointer_args(w, call, site->functions[i]) &&
                   check_table_args(w, call, site->functions[i]) &&
                   take_globals(w, call, site->functions[i]);
    site->functions = xrealloc(site->functions, (size_t)(site->nfunctions + 1) * sizeof(SiteFunction *));
    SiteFunction *f = xcalloc(1, sizeof *f);
    site->functions[site->nfunctions++] = f;
    f->def = def;
    f->name = cursor_spelling(def);
    f->tree = ast_build(w->src, def);
    f->nparams = clang_Cursor_getNumArguments(def) > 0 ? clang_Cursor_getNumArguments(def) : 0;
    f->writes_param = xcalloc((size_t)(f->nparams ? f->nparams : 1), sizeof(bool));
    f->table_param = xcalloc((size_t)(f->nparams ? f->nparams : 1), sizeof(bool));
    f->ok = true;
    Walk fw = *w;
    fw.ok = true;
    fw.loop_depth = 0;
    fw.switch_depth = 0;
    fw.skip_var = NULL;
    fw.function = f;
    fw.long_double_reported = false;
    CallFrame frame = {f, w->frames};
    fw.frames = &frame;
    Node *body = f->tree->nkids ? f->tree->kids[f->tree->nkids - 1] : NULL;
    if (!body || body->kind != N_COMPOUND) {
        fw.ok = false;
    } else {
        for (int i = 0; i < f->tree->nkids - 1; i++)
            walk(&fw, f->tree->kids[i]);
        walk_stmt(&fw, body);
    }
    f->ok = fw.ok;
    if (!fw.ok) {
        w->ok = false;
        diag_at(w->src, call->start, DIAG_NOTE, "'%s' is called here", f->name);
    }
    return f->ok && check_pointer_args(w, call, f) && check_table_args(w, call, f) &&
           take_globals(w, call, f);
}

/* The value and index variables of a maxloc/minloc pair assigned by `a`
 * and `b` (either order): *value gets the value's assignment. */
static bool loc_pair(Site *site, Node *a, Node *b, Node **value, Node **index, ReduceVar **rv,
                     ReduceVar **ri)
{
    Node *as[2] = {ast_strip(a), ast_strip(b)};
    ReduceVar *r[2];
    for (int k = 0; k < 2; k++) {
        if (as[k]->kind != N_ASSIGN || strcmp(as[k]->op, "=") != 0)
            return false;
        r[k] = as_reduction_ref(site, as[k]->kids[0]);
        if (!r[k] || (r[k]->op != OP_MAXLOC && r[k]->op != OP_MINLOC))
            return false;
    }
    int vk = r[0]->loc_role == 0 ? 0 : 1;
    *rv = r[vk];
    *ri = r[1 - vk];
    if ((*rv)->loc_role != 0 || (*ri)->loc_role != 1 || &site->pragma.vars[(*rv)->partner] != *ri)
        return false;
    *value = as[vk];
    *index = as[1 - vk];
    return true;
}

/* Accepts a maxloc/minloc update once its pieces are found: `cond` (with
 * optional `filter &&` parts) selects the iteration, `newv`/`oldv` are the
 * value arms as match_minmax takes them, `store` is the new index. */
static bool accept_loc(Walk *w, Node *stmt, ReduceVar *rv, ReduceVar *ri, Node *full_cond,
                       Node *newv, Node *oldv, Node *store)
{
    Site *site = w->site;
    if (ast_mentions(newv, ri->var) || ast_mentions(store, rv->var) || ast_mentions(store, ri->var))
        return false;
    Node *cond = ast_strip(full_cond);
    while (cond->kind == N_BINARY && !strcmp(cond->op, "&&")) {
        bool left = ast_mentions(cond->kids[0], rv->var);
        bool right = ast_mentions(cond->kids[1], rv->var);
        if (left == right)
            return false;
        cond = ast_strip(left ? cond->kids[0] : cond->kids[1]);
    }
    if (ast_mentions(full_cond, ri->var))
        return false;
    ReduceOp op;
    Node *operand;
    if (!match_minmax(w, rv, cond, newv, oldv, &op, &operand))
        return false;
    bool want_max = rv->op == OP_MAXLOC;
    if ((op == OP_MAX) != want_max) {
        REPORT(w, stmt->start, "'%s' is updated toward the %s here, but the pragma says %s",
               rv->name, op == OP_MAX ? "maximum" : "minimum", reduce_ops[rv->op].spelling);
        return true;
    }
    int last = strcmp(cond->op, ">=") == 0 || strcmp(cond->op, "<=") == 0;
    if (rv->loc_last >= 0 && rv->loc_last != last) {
        REPORT(w, cond->start,
               "'%s' is compared with '%s' here and with '%s' elsewhere: which index wins a tie "
               "would depend on the update",
               rv->name, cond->op, last ? "a strict comparison" : "a non-strict one");
        return true;
    }
    if (store->from_macro || store->end <= store->start) {
        REPORT(w, store->start, "write the update of '%s' out, not in a macro", ri->name);
        return true;
    }
    rv->loc_last = last;
    ri->loc_last = last;
    rv->nupdates++;
    ri->nupdates++;
    site->loc_stores = xrealloc(site->loc_stores, (size_t)(site->nloc_stores + 1) * sizeof(Node *));
    site->loc_store_var = xrealloc(site->loc_store_var, (size_t)(site->nloc_stores + 1) * sizeof(int));
    site->loc_stores[site->nloc_stores] = store;
    site->loc_store_var[site->nloc_stores] = (int)(rv - site->pragma.vars);
    site->nloc_stores++;
    const Var *saved = w->skip_var;
    w->skip_var = rv->var;
    walk(w, full_cond);
    walk(w, newv);
    walk(w, store);
    w->skip_var = saved;
    return true;
}

/* maxloc/minloc: `if (x > v) { v = x; idx = i; }` (either order of the two
 * assignments, or `v = x, idx = i` as one statement; any orientation of
 * the comparison; an optional `filter &&`). Handles the statement and
 * returns true when it is one. */
static bool match_loc(Walk *w, Node *n)
{
    Site *site = w->site;
    Node *s = ast_strip(n);
    if (s->kind != N_IF || s->nkids != 2)
        return false;
    Node *then = s->kids[1];
    while (then->kind == N_COMPOUND && then->nkids == 1)
        then = then->kids[0];
    Node *first, *second;
    if (then->kind == N_COMPOUND && then->nkids == 2) {
        first = then->kids[0];
        second = then->kids[1];
    } else {
        Node *comma = ast_strip(then);
        if (comma->kind != N_BINARY || strcmp(comma->op, ",") != 0)
            return false;
        first = comma->kids[0];
        second = comma->kids[1];
    }
    Node *value, *index;
    ReduceVar *rv, *ri;
    if (!loc_pair(site, first, second, &value, &index, &rv, &ri))
        return false;
    return accept_loc(w, s, rv, ri, s->kids[0], value->kids[1], value->kids[0], index->kids[1]);
}

/* maxloc/minloc written as two conditional assignments, index first:
 *   idx = x > v ? i : idx;
 *   v   = x > v ? x : v;
 * Both test the same condition and keep the old value in the same arm. */
static bool match_loc_ternaries(Walk *w, Node *a, Node *b)
{
    Site *site = w->site;
    Node *value, *index;
    ReduceVar *rv, *ri;
    if (!loc_pair(site, a, b, &value, &index, &rv, &ri))
        return false;
    if (ast_strip(a) != index) {
        Node *vc = ast_strip(value->kids[1]);
        if (vc->kind != N_COND)
            return false;
        REPORT(w, ast_strip(b)->start,
               "update '%s' before '%s': the index's test must see the value from before this "
               "iteration",
               ri->name, rv->name);
        return true;
    }
    Node *ic = ast_strip(index->kids[1]), *vc = ast_strip(value->kids[1]);
    if (ic->kind != N_COND || vc->kind != N_COND || ic->nkids != 3 || vc->nkids != 3)
        return false;
    if (!ast_same_expr(w->src, ic->kids[0], vc->kids[0]))
        return false;
    bool keep_in_else = as_reduction_ref(site, ic->kids[2]) == ri;
    bool keep_in_then = as_reduction_ref(site, ic->kids[1]) == ri;
    if (keep_in_else == keep_in_then)
        return false;
    if ((as_reduction_ref(site, vc->kids[2]) == rv) != keep_in_else ||
        (as_reduction_ref(site, vc->kids[1]) == rv) != keep_in_then)
        return false;
    if (keep_in_then) {
        REPORT(w, ic->start,
               "write the update of '%s' with the new index in the first arm: '%s = COND ? "
               "INDEX : %s'",
               ri->name, ri->name, ri->name);
        return true;
    }
    if (!accept_loc(w, ast_strip(a), rv, ri, vc->kids[0], vc->kids[1], vc->kids[2], ic->kids[1]))
        return false;
    /* the index's copy of the test is emitted too: its calls and loads
       need the same rewrites as the value's */
    const Var *saved = w->skip_var;
    w->skip_var = rv->var;
    walk(w, ic->kids[0]);
    w->skip_var = saved;
    return true;
}

/* No side effects: evaluating it again, or in another thread, is the same. */
bool reduction_side_effect_free(const Node *n)
{
    if (!n)
        return true;
    if (n->kind == N_ASSIGN || n->kind == N_STMTEXPR || n->kind == N_ASM)
        return false;
    if (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")))
        return false;
    if (n->kind == N_CALL && !(n->name && is_math_function(n->name)))
        return false;
    for (int i = 0; i < n->nkids; i++)
        if (!reduction_side_effect_free(n->kids[i]))
            return false;
    return true;
}

/* Offset of the `else` of if-statement s. */
static unsigned else_offset(const Source *src, const Node *s)
{
    for (size_t i = source_token_at(src, s->kids[1]->end);
         i < src->ntokens && src->tokens[i].offset < s->kids[2]->start; i++)
        if (strcmp(src->tokens[i].text, "else") == 0)
            return src->tokens[i].offset;
    return s->kids[2]->start;
}

/* The minimum and the maximum of one value in one chain:
 *   if (x < mn) mn = x; else if (x > mx) mx = x;
 * (either update first, each test in either orientation, <= / >=, braces).
 * Sequentially the else skips the test of mx whenever mn changes. While
 * mn <= mx that never matters: x < mn <= mx means x > mx is false (with
 * <= and >=, a skipped update would store the value mx already has), and
 * mn only falls and mx only rises, so mn <= mx stays true. So when the
 * values before the loop satisfy mn <= mx, the chain computes the two
 * independent reductions. The pair goes to site->minmax_pairs: the
 * wrapper checks mn <= mx at run time (else, NaN included, it runs the
 * loop as written on the CPU), and each GPU thread starts from the values
 * before the loop instead of the identities (taking a value twice changes
 * neither min nor max), so that mn <= mx holds in every thread too.
 * Returns true when `s` is an if/else whose first branch updates a
 * reduction variable: accepted, or diagnosed. */
static bool match_minmax_else(Walk *w, Node *s)
{
    Site *site = w->site;
    if (s->kind != N_IF || s->nkids != 3)
        return false;
    ReduceOp op1, op2 = OP_COUNT;
    Node *x1, *x2 = NULL;
    ReduceVar *rv1 = match_if_update(w, s->kids[0], s->kids[1], false, &op1, &x1);
    if (!rv1)
        return false;
    Node *els = s->kids[2];
    if (els->kind == N_COMPOUND && els->nkids == 1)
        els = els->kids[0];
    Node *e = ast_strip(els);
    ReduceVar *rv2 = NULL;
    if (e->kind == N_IF && e->nkids == 2)
        rv2 = match_if_update(w, e->kids[0], e->kids[1], false, &op2, &x2);
    unsigned at = else_offset(w->src, s);
    const char *supported = "the one else-chain supported is the minimum and maximum of one value, "
                            "'if (x < mn) mn = x; else if (x > mx) mx = x;'; otherwise write "
                            "separate 'if' statements";
    if (!rv2 || rv2 == rv1) {
        REPORT(w, at,
               "this 'else' runs only when the iteration leaves '%s' unchanged, which depends on "
               "the values other iterations gave '%s', so the iterations could not run in "
               "parallel; %s",
               rv1->name, rv1->name, supported);
        return true;
    }
    if (!((op1 == OP_MIN && op2 == OP_MAX) || (op1 == OP_MAX && op2 == OP_MIN))) {
        REPORT(w, at,
               "this 'else' makes the update of '%s' depend on the test of '%s': both move "
               "toward the %s, so a value that updates '%s' is never offered to '%s', which a "
               "parallel reduction cannot reproduce; %s",
               rv2->name, rv1->name, op1 == OP_MIN ? "minimum" : "maximum", rv1->name, rv2->name,
               supported);
        return true;
    }
    if (op1 != rv1->op || op2 != rv2->op) {
        ReduceVar *bad = op1 != rv1->op ? rv1 : rv2;
        ReduceOp got = op1 != rv1->op ? op1 : op2;
        REPORT(w, bad == rv1 ? s->start : e->start,
               "'%s' is updated with '%s' here, but the pragma reduces it with '%s'", bad->name,
               reduce_ops[got].spelling, reduce_ops[bad->op].spelling);
        return true;
    }
    if (!ast_same_expr(w->src, x1, x2)) {
        REPORT(w, at,
               "this 'else' makes the update of '%s' depend on the test of '%s', and they test "
               "different values ('%s' and '%s'): the else is harmless only when both test the "
               "same value; write separate 'if' statements",
               rv2->name, rv1->name, ast_expr_text(w->src, x1), ast_expr_text(w->src, x2));
        return true;
    }
    if (!reduction_side_effect_free(x1)) {
        REPORT(w, x1->start,
               "'%s' has side effects, so the tests of '%s' and '%s' may see different values; "
               "compute it into a local variable first",
               ast_expr_text(w->src, x1), rv1->name, rv2->name);
        return true;
    }
    rv1->nupdates++;
    rv2->nupdates++;
    w->form = MM_KEEP;
    note_minmax_form(w, rv1, s);
    note_minmax_form(w, rv2, e);
    /* what the two updates read, other than their own variables */
    const Var *saved = w->skip_var;
    Node *stmts[2] = {s, e};
    ReduceVar *rvs[2] = {rv1, rv2};
    for (int k = 0; k < 2; k++) {
        Node *then = stmts[k]->kids[1];
        if (then->kind == N_COMPOUND && then->nkids == 1)
            then = then->kids[0];
        w->skip_var = rvs[k]->var;
        walk(w, stmts[k]->kids[0]);
        walk(w, ast_strip(then)->kids[1]);
    }
    w->skip_var = saved;
    int mn = (int)((op1 == OP_MIN ? rv1 : rv2) - site->pragma.vars);
    int mx = (int)((op1 == OP_MIN ? rv2 : rv1) - site->pragma.vars);
    for (int k = 0; k < site->nminmax_pairs; k++)
        if (site->minmax_pairs[k][0] == mn && site->minmax_pairs[k][1] == mx)
            return true;
    site->minmax_pairs = xrealloc(site->minmax_pairs, (size_t)(site->nminmax_pairs + 1) * sizeof *site->minmax_pairs);
    site->minmax_pairs[site->nminmax_pairs][0] = mn;
    site->minmax_pairs[site->nminmax_pairs][1] = mx;
    site->nminmax_pairs++;
    return true;
}

/* Every min/max update of a variable must treat NaN alike (MinMaxForm),
 * so one combine reproduces them all; fmax/fmaxf also round through their
 * type, so they cannot be mixed with other forms even for integers. A
 * floating-point TAKE update is noted for the kernel's NaN check. */
static void note_minmax_form(Walk *w, ReduceVar *rv, Node *stmt)
{
    static const char *const what[] = {
        [MM_KEEP] = "takes x only when its test holds (like 'if (x > m) m = x;'), so it ignores a NaN x",
        [MM_TAKE] = "keeps m only when its test holds (like 'm = m > x ? m : x'), so it takes a NaN x",
        [MM_FMAX] = "uses fmax/fmin, which ignore NaN and round through double",
        [MM_FMAXF] = "uses fmaxf/fminf, which ignore NaN and round through float",
    };
    bool floating = type_is_floating(rv->var->type);
    if (rv->form != MM_NONE && rv->form != w->form) {
        bool rounds = rv->form >= MM_FMAX || w->form >= MM_FMAX;
        if (floating || rounds)
            REPORT(w, ast_strip(stmt)->start,
                   "this update of '%s' %s, but an earlier one %s: the loop's result then depends "
                   "on the order of the updates, which a parallel %s cannot follow; write every "
                   "update of '%s' the same way",
                   rv->name, what[w->form], what[rv->form], reduce_ops[rv->op].spelling, rv->name);
        return;
    }
    rv->form = w->form;
    if (floating && w->form == MM_TAKE) {
        Site *site = w->site;
        site->nan_takes = xrealloc(site->nan_takes, (size_t)(site->nnan_takes + 1) * sizeof(Node *));
        site->nan_take_var = xrealloc(site->nan_take_var, (size_t)(site->nnan_takes + 1) * sizeof(int));
        site->nan_takes[site->nnan_takes] = ast_strip(stmt);
        site->nan_take_var[site->nnan_takes] = (int)(rv - site->pragma.vars);
        site->nnan_takes++;
    }
}

/* A statement: an update of a reduction variable, or anything else. */
/* `n += x` or `n *= x` with an integer n and a floating-point x converts
 * back to an integer at every step, rounding toward zero: -1.5 then 0.5
 * gives 0 in order, but -1 + 0 from two threads' partial results. No
 * combine reproduces that, so it is not a reduction. */
static void check_operand_type(Walk *w, const ReduceVar *rv, ReduceOp op, Node *operand)
{
    if ((op != OP_ADD && op != OP_MUL) || !operand || !type_is_integer(reduce_accum_type(rv)))
        return;
    Node *x = ast_strip_implicit(operand);
    if (!type_is_floating(x->type))
        return;
    REPORT(w, x->start,
           "'%s%s' is an integer and this %s is floating-point: each update rounds the result "
           "back to an integer, so the %s depends on the order of the updates; accumulate in "
           "a floating-point variable, or convert the %s to an integer ('(%s)(...)')",
           rv->name, is_section(rv) ? "[...]" : "", op == OP_ADD ? "term" : "factor",
           op == OP_ADD ? "sum" : "product",
           op == OP_ADD ? "term" : "factor", type_spelling(reduce_accum_type(rv)));
}

static void walk_stmt(Walk *w, Node *n)
{
    if (!n)
        return;
    if (w->function) {
        walk(w, n);
        return;
    }
    if (match_loc(w, n))
        return;
    /* `(a = a + x, b = b + y)` (a macro's update of two members): each
     * operand runs, in order, as a statement of its own would */
    Node *comma = ast_strip(n);
    if (comma->kind == N_BINARY && !strcmp(comma->op, ",") && comma->nkids == 2) {
        walk_stmt(w, comma->kids[0]);
        walk_stmt(w, comma->kids[1]);
        return;
    }
    if (match_minmax_else(w, ast_strip(n)))
        return;
    ReduceOp op;
    Node *operand;
    const char *bad_form;
    ReduceVar *rv = match_update(w, n, &op, &operand, &bad_form);
    if (!rv) {
        Node *s = ast_strip(n);
        if (bad_form) {
            ReduceVar *target = as_reduction_ref(w->site, s->kids[0]);
            REPORT(w, s->start,
                   "'%s' is updated with '%s', which is not a reduction operator; the pragma "
                   "reduces it with '%s'",
                   target->name, bad_form, reduce_ops[target->op].spelling);
            walk(w, s->kids[1]);
            return;
        }
        walk(w, n);
        return;
    }
    if (op != rv->op) {
        REPORT(w, ast_strip(n)->start,
               "'%s' is updated with '%s' here, but the pragma reduces it with '%s'", rv->name,
               reduce_ops[op].spelling, reduce_ops[rv->op].spelling);
    }
    rv->nupdates++;
    check_operand_type(w, rv, op, operand);
    if (op == OP_MIN || op == OP_MAX)
        note_minmax_form(w, rv, n);
    /* Everything the update reads other than the variable itself. */
    Node *s = ast_strip(n);
    const Var *saved = w->skip_var;
    w->skip_var = rv->var;
    if (w->update_sub && ast_mentions(w->update_sub, rv->var))
        REPORT(w, w->update_sub->start,
               "the subscript of '%s' reads '%s': a section accumulator's elements are only "
               "updated", rv->name, rv->name);
    else if (w->update_sub)
        walk(w, w->update_sub);
    if (s->kind == N_ASSIGN) {
        walk(w, s->kids[1]);
    } else if (s->kind == N_IF) {
        walk(w, s->kids[0]);
        Node *then = s->kids[1];
        if (then->kind == N_COMPOUND && then->nkids == 1)
            then = then->kids[0];
        walk(w, ast_strip(then)->kids[1]);
    }
    w->skip_var = saved;
}

/* Finds the Var each pragma name refers to: the variable of that name the
 * loop refers to. */
static Var *find_named_var(Node *n, const char *name)
{
    if (!n)
        return NULL;
    if (n->kind == N_DECLREF && n->var && strcmp(n->var->name, name) == 0)
        return n->var;
    for (int i = 0; i < n->nkids; i++) {
        Var *v = find_named_var(n->kids[i], name);
        if (v)
            return v;
    }
    return NULL;
}

/* h[lo:len]: h is an array or a pointer whose elements the loop may write. */
static bool check_section_var(Walk *w, ReduceVar *rv)
{
    CXType canon = clang_getCanonicalType(rv->var->type);
    bool array = canon.kind == CXType_ConstantArray || canon.kind == CXType_IncompleteArray ||
                 canon.kind == CXType_VariableArray;
    if (!array && canon.kind != CXType_Pointer) {
        diag_at(w->src, rv->offset, DIAG_ERROR,
                "'%s[%s:%s]' is a section of '%s', which is not an array or a pointer", rv->name,
                rv->sec_lo, rv->sec_len, rv->name);
        return false;
    }
    CXType elem = reduce_accum_type(rv);
    if (clang_isConstQualifiedType(elem) || clang_isVolatileQualifiedType(elem)) {
        diag_at(w->src, rv->offset, DIAG_ERROR, "the elements of '%s' are %s", rv->name,
                clang_isConstQualifiedType(elem) ? "const" : "volatile");
        return false;
    }
    CXType ec = clang_getCanonicalType(elem);
    if (ec.kind == CXType_Bool) {
        /* b ^= 2 stores 1, where two threads' 2 ^ 2 gives 0: no combine reproduces
         * C's conversion to _Bool at every update */
        diag_at(w->src, rv->offset, DIAG_ERROR,
                "'%s' has _Bool elements, which a section accumulator cannot reduce (each update "
                "converts to _Bool); use an int array",
                rv->name);
        return false;
    }
    if (ec.kind == CXType_ConstantArray || ec.kind == CXType_IncompleteArray ||
        ec.kind == CXType_VariableArray || ec.kind == CXType_Pointer) {
        diag_at(w->src, rv->offset, DIAG_ERROR,
                "'%s' has rows ('%s'): a section accumulator is a run of scalars, '%s[first:count]' "
                "of a one-dimensional array or a pointer to scalars",
                rv->name, type_spelling(rv->var->type), rv->name);
        return false;
    }
    return true;
}

static bool check_reduction_var(Walk *w, ReduceVar *rv)
{
    Site *site = w->site;
    const Source *src = w->src;
    Var *v = find_named_var(site->loop, rv->name);
    if (!v) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "reduction variable '%s' is not updated in the loop (is it declared?)", rv->name);
        return false;
    }
    rv->var = v;
    if (is_section(rv) && !check_section_var(w, rv))
        return false;
    CXType vt = reduce_accum_type(rv);
    CXType canon = clang_getCanonicalType(vt);
    if (declared_in_loop(site, v)) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "reduction variable '%s' is declared inside the loop; declare it before the loop",
                rv->name);
        return false;
    }
    if (v->is_volatile) {
        diag_at(src, rv->offset, DIAG_ERROR, "reduction variable '%s' is volatile", rv->name);
        return false;
    }
    if (v->is_register) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "reduction variable '%s' is declared 'register'; its address is needed", rv->name);
        return false;
    }
    if (site_is_iv(site, v)) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "'%s' is the loop's induction variable and cannot be reduced", rv->name);
        return false;
    }
    if (canon.kind == CXType_LongDouble) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "reduction variable '%s' is a long double, which GPUs do not have (CUDA computes "
                "it as a double); declare it double",
                rv->name);
        return false;
    }
    if (!type_is_arithmetic(vt)) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "reduction variable '%s' has type '%s'; it must be an integer or floating-point "
                "scalar",
                rv->name, type_spelling(vt));
        return false;
    }
    if (reduce_ops[rv->op].integer_only && (canon.kind == CXType_Float || canon.kind == CXType_Double)) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "bitwise reduction '%s' needs an integer variable, but '%s' has type '%s'",
                reduce_ops[rv->op].spelling, rv->name, type_spelling(vt));
        return false;
    }
    if (canon.kind == CXType_Bool && (rv->op == OP_ADD || rv->op == OP_MUL)) {
        /* b = (bool)(b + e) toggles b for e == -1 (and b-- always does): no
         * combine of partial results reproduces that */
        diag_at(src, rv->offset, DIAG_ERROR,
                "'%s' is a _Bool, and '%s' on a _Bool is not a reduction (%s); write "
                "'%s = %s %s e' with '%s'",
                rv->name, reduce_ops[rv->op].spelling,
                rv->op == OP_ADD ? "adding -1 flips it" : "multiplying by a NaN sets it",
                rv->name, rv->name,
                rv->op == OP_ADD ? "||" : "&&", rv->op == OP_ADD ? "reduce(||: ...)" : "reduce(&&: ...)");
        return false;
    }
    if (!type_cxx_name(vt)) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "the type of '%s' cannot be named outside its function", rv->name);
        return false;
    }
    if (rv->loc_role == 1 && !type_is_integer(vt)) {
        diag_at(src, rv->offset, DIAG_ERROR,
                "'%s' is the index of '%s', so it must have an integer type, not '%s'", rv->name,
                reduce_ops[rv->op].spelling, type_spelling(vt));
        return false;
    }
    return true;
}

/* private(v): resolved, and checked to be scratch each iteration writes
 * before it reads (see written_before_read). */
static bool check_private_var(Walk *w, PrivateVar *pv)
{
    Site *site = w->site;
    const Source *src = w->src;
    Var *v = find_named_var(site->loop, pv->name);
    if (!v) {
        diag_at(src, pv->offset, DIAG_ERROR, "private(%s): the loop uses no variable named '%s'",
                pv->name, pv->name);
        return false;
    }
    pv->var = v;
    CXType canon = clang_getCanonicalType(v->type);
    const char *why = NULL;
    /* (a parallel loop's private scalars are in site->privates too) */
    if (v->decl_offset != UINT32_MAX && v->decl_offset >= site->loop->start && v->decl_offset < site->loop_end)
        why = "is declared inside the loop, so every iteration has its own already; remove it "
              "from private(...)";
    else if (site_is_iv(site, v))
        why = "is the loop's induction variable; it cannot be private";
    else if (strncmp(v->name, "pr_", 3) == 0)
        why = "starts with 'pr_', which is reserved for the code pragreduce generates; rename "
              "the variable";
    else if (v->is_volatile)
        why = "is volatile; a private copy could not be";
    else if (canon.kind == CXType_Pointer) {
        bool writes_through = writes_through_pointer(site->info.body, v);
        why = writes_through
                  ? "is a pointer the loop writes through: private(...) would copy the pointer, "
                    "not the data it points to, so those writes would outlive the iteration"
                  : "is a pointer: private(...) takes scalars and fixed-size arrays (a parameter "
                    "declared as an array is a pointer)";
    } else if (canon.kind == CXType_VariableArray)
        why = "is a variable-length array: private(...) needs a fixed size, so that each GPU "
              "thread can hold its own copy";
    else if (canon.kind == CXType_IncompleteArray)
        why = "is an array of unknown size: private(...) needs a fixed size";
    if (why) {
        diag_at(src, pv->offset, DIAG_ERROR, "private(%s): '%s' %s", pv->name, pv->name, why);
        return false;
    }
    CXType elem = v->type;
    while (clang_getCanonicalType(elem).kind == CXType_ConstantArray)
        elem = clang_getArrayElementType(clang_getCanonicalType(elem));
    CXType elem_canon = clang_getCanonicalType(elem);
    if (elem_canon.kind == CXType_Pointer || elem_canon.kind == CXType_LongDouble ||
        !type_cxx_name(elem)) {
        diag_at(src, pv->offset, DIAG_ERROR,
                "private(%s): the GPU cannot hold a copy of '%s' (type '%s'): private(...) "
                "takes arithmetic or struct scalars and fixed-size arrays of them, with types "
                "declared at file scope",
                pv->name, pv->name, type_spelling(v->type));
        return false;
    }
    /* the bounds and steps are evaluated before any iteration writes it */
    const LoopInfo *levels[PR_MAX_COLLAPSE] = {&site->info};
    for (int k = 0; k < site->ninner; k++)
        levels[k + 1] = &site->inner[k];
    for (int k = 0; k <= site->ninner; k++) {
        const LoopInfo *li = levels[k];
        Node *parts[3] = {li->lo_node, li->hi_node, li->step_node};
        for (int j = 0; j < 3; j++) {
            if (parts[j] && ast_mentions(parts[j], v)) {
                diag_at(src, parts[j]->start, DIAG_ERROR,
                        "the loop's bounds read '%s', which is private: its value is set only "
                        "inside the iterations",
                        v->name);
                note_pragma(w);
                return false;
            }
        }
    }
    Node *bad;
    if (!written_before_read(src, site, v, &bad)) {
        if (!bad) {
            diag_at(src, pv->offset, DIAG_ERROR,
                    "private(%s): '%s' is too large to check; a private array may have at most "
                    "%d elements",
                    pv->name, pv->name, PR_MAX_PRIVATE_ELEMS);
        } else if (canon.kind == CXType_ConstantArray) {
            diag_at(src, bad->start, DIAG_ERROR,
                    "'%s' may read an element of private array '%s' that this iteration has not "
                    "written, so it could see a previous iteration's value: write every element "
                    "the loop reads first (a loop over the elements with constant bounds, or "
                    "assignments with constant subscripts, not under a condition)",
                    ast_expr_text(src, bad), v->name);
            note_pragma(w);
        } else {
            diag_at(src, bad->start, DIAG_ERROR,
                    "'%s' may be read here before this iteration assigns it, so it could see a "
                    "previous iteration's value: private(%s) needs a plain assignment '%s = ...' "
                    "that is not under a condition before every read",
                    v->name, v->name, v->name);
            note_pragma(w);
        }
        return false;
    }
    return true;
}

/* Types the loop names (`acc_t v = a[i];`, casts, sizeof) that are declared
 * in the enclosing function but outside the loop: the kernel is generated
 * at file scope, where they are not visible. */
typedef struct {
    Walk *w;
    bool reported;
} LocalTypes;

static enum CXChildVisitResult find_local_types(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    LocalTypes *lt = data;
    if (clang_getCursorKind(c) != CXCursor_TypeRef || lt->reported)
        return CXChildVisit_Recurse;
    CXCursor decl = clang_getCursorReferenced(c);
    CXCursor scope = clang_getCursorSemanticParent(decl);
    while (!clang_Cursor_isNull(scope) && (clang_getCursorKind(scope) == CXCursor_StructDecl ||
                                           clang_getCursorKind(scope) == CXCursor_UnionDecl))
        scope = clang_getCursorSemanticParent(scope);
    if (clang_Cursor_isNull(scope) || clang_getCursorKind(scope) != CXCursor_FunctionDecl)
        return CXChildVisit_Recurse;
    const Site *site = lt->w->site;
    unsigned at, use;
    if (source_offset(lt->w->src, clang_getCursorLocation(decl), &at) && at >= site->loop->start &&
        at < site->loop_end)
        return CXChildVisit_Recurse; /* declared in the loop itself: copied with it */
    if (!source_offset(lt->w->src, clang_getCursorLocation(c), &use))
        use = site->loop->start;
    CXString name = clang_getCursorSpelling(decl);
    REPORT(lt->w, use,
           "the type '%s' is declared inside the function; move its declaration to file scope "
           "so the generated kernel can name it",
           clang_getCString(name));
    clang_disposeString(name);
    lt->reported = true;
    return CXChildVisit_Break;
}

static void check_local_types(Walk *w)
{
    LocalTypes lt = {w, false};
    clang_visitChildren(w->site->loop->cursor, find_local_types, &lt);
}

/* Scalars (structs included) reach the kernel as its parameters, which
 * CUDA limits to 4 KiB in all (32 KiB from CUDA 12.1 on Volta and later);
 * the kernel's own take the rest. */
#define PR_MAX_SCALAR_PARAM_BYTES 4000

/* A table of pointers (`float **rows` with in(rows[0:n][0:d])): the kernel
 * takes it as the variable's own type; its elements must be data. */
static void check_table_capture(Walk *w, Capture *c)
{
    Var *v = c->var;
    c->levels = pointer_levels(v->type);
    CXType leaf = v->type;
    for (int k = 0; k < c->levels; k++)
        leaf = clang_getPointeeType(clang_getCanonicalType(leaf));
    enum CXTypeKind lk = clang_getCanonicalType(leaf).kind;
    if (lk == CXType_Void || lk == CXType_Record || lk == CXType_ConstantArray ||
        lk == CXType_IncompleteArray || lk == CXType_VariableArray) {
        REPORT(w, c->first_use,
               "'%s' is a table of pointers to '%s': pragreduce copies tables whose rows hold "
               "numbers (integers, floating point), not structs, arrays or void",
               v->name, type_spelling(leaf));
        return;
    }
    CXType unqual = clang_getCanonicalType(leaf);
    c->leaf_type = type_cxx_name(unqual);
    c->type = type_cxx_name(v->type);
    c->elem_size = clang_Type_getSizeOf(leaf);
    if (!c->leaf_type || !c->type || c->elem_size <= 0) {
        REPORT(w, c->first_use, "the type of '%s' cannot be named in the generated kernel", v->name);
        return;
    }
    if (strncmp(c->leaf_type, "const ", 6) == 0)
        c->leaf_type += 6;
}

static void check_captures(Walk *w)
{
    Site *site = w->site;
    long long scalar_bytes = 0;
    for (int i = 0; i < site->ncaptures; i++) {
        Capture *c = &site->captures[i];
        Var *v = c->var;
        if (strncmp(v->name, "pr_", 3) == 0) {
            /* the generated kernel and wrapper declare names of that form */
            REPORT(w, c->first_use,
                   "'%s': names that start with 'pr_' are reserved for the code pragreduce "
                   "generates; rename the variable",
                   v->name);
            continue;
        }
        if (v->is_volatile) {
            REPORT(w, c->first_use, "'%s' is volatile; a marked loop cannot read it on the GPU",
                   v->name);
            continue;
        }
        if (c->kind == CAP_SCALAR) {
            long long size = clang_Type_getSizeOf(v->type);
            scalar_bytes += size > 0 ? size : 0;
            if (scalar_bytes > PR_MAX_SCALAR_PARAM_BYTES) {
                REPORT(w, c->first_use,
                       "'%s' (%lld bytes) would make the kernel's parameters larger than the "
                       "%d bytes CUDA allows the variables a loop reads by value: read it "
                       "through a pointer, 'const %s *%s_ptr = &%s;' before the loop and "
                       "'%s_ptr->...' in it, which copies it to the GPU's memory instead",
                       v->name, size, PR_MAX_SCALAR_PARAM_BYTES, type_spelling(v->type), v->name,
                       v->name, v->name);
                continue;
            }
            c->type = type_cxx_name(v->type);
            if (!c->type) {
                REPORT(w, c->first_use,
                       "the type of '%s' is declared inside a function; move it to file scope so "
                       "the generated kernel can name it",
                       v->name);
            }
            continue;
        }
        if (c->kind == CAP_TABLE) {
            check_table_capture(w, c);
            continue;
        }
        CXType canon = clang_getCanonicalType(v->type);
        CXType elem = canon.kind == CXType_Pointer ? clang_getPointeeType(v->type)
                                                   : clang_getArrayElementType(v->type);
        CXType elem_canon = clang_getCanonicalType(elem);
        /* arrays of fixed-size arrays: rows are the elements copied */
        StrBuf dims = {0};
        while (elem_canon.kind == CXType_ConstantArray) {
            strbuf_printf(&dims, "[%lld]", clang_getArraySize(elem_canon));
            elem = clang_getArrayElementType(elem_canon);
            elem_canon = clang_getCanonicalType(elem);
        }
        if (elem_canon.kind == CXType_VariableArray || elem_canon.kind == CXType_IncompleteArray) {
            strbuf_free(&dims);
            REPORT(w, c->first_use,
                   "'%s' has rows of run-time length (a variable-length array); CUDA C++ cannot "
                   "name its type: index it as a flat array",
                   v->name);
            continue;
        }
        c->dims = dims.len ? strbuf_steal(&dims) : (strbuf_free(&dims), NULL);
        if (elem_canon.kind == CXType_Pointer) {
            REPORT(w, c->first_use,
                   "'%s' holds pointers; data behind them cannot be moved to the GPU", v->name);
            continue;
        }
        if (elem_canon.kind == CXType_Void || elem_canon.kind == CXType_FunctionProto ||
            elem_canon.kind == CXType_FunctionNoProto) {
            REPORT(w, c->first_use, "'%s' points to '%s', which cannot be copied to the GPU",
                   v->name, type_spelling(elem));
            continue;
        }
        c->type = type_cxx_name(elem);
        c->elem_size = clang_Type_getSizeOf(canon.kind == CXType_Pointer ? clang_getPointeeType(v->type)
                                                                         : clang_getArrayElementType(v->type));
        if (!c->type) {
            REPORT(w, c->first_use,
                   "the element type of '%s' is declared inside a function; move it to file "
                   "scope so the generated kernel can name it",
                   v->name);
            continue;
        }
        if (strncmp(c->type, "const ", 6) == 0)
            c->type += 6;
        c->elem_const = !c->written;
        for (int k = 0; k < site->pragma.nsections; k++) {
            const ArraySection *sec = &site->pragma.sections[k];
            if (strcmp(sec->name, v->name) != 0)
                continue;
            if (sec->nmore) {
                REPORT(w, sec->offset,
                       "in(%s[%s:%s][...]) gives a bracket per level of a table of pointers, but "
                       "'%s' is '%s': write in(%s[first:count])",
                       v->name, sec->lo, sec->len, v->name, type_spelling(v->type), v->name);
                break;
            }
            c->section = &site->pragma.sections[k];
        }
    }
}

/* An array or pointer of that name used in the enclosing function outside
 * the loop: in() may name what a loop around it reads (`row = A + i * n`
 * before the marked loop, which reads row[j]: the outer loop, when it
 * runs as one launch, copies A by the clause). */
static bool function_array_named(const Source *src, const Site *site, const char *name)
{
    Node *fn = ast_build(src, site->function);
    Var *v = find_named_var(fn, name);
    if (!v || (v->decl_offset >= site->loop->start && v->decl_offset < site->loop_end))
        return false;
    enum CXTypeKind k = clang_getCanonicalType(v->type).kind;
    return k == CXType_Pointer || k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

/* ------------------------------------------------------------ pointers to the loop's variables */

/* Whether the reference `ref` to a variable takes its address: `&v`,
 * `&v.f`, `&v[k]`, or an array's name decaying to a pointer
 * (`double *p = w;`). */
static bool takes_address(const Node *ref)
{
    const Node *child = ref, *lvalue = ref, *p = ref->parent;
    for (;;) {
        while (p && (p->kind == N_PAREN || p->kind == N_IMPLICIT)) {
            child = p;
            p = p->parent;
        }
        bool base = p && p->nkids && p->kids[0] == child;
        enum CXTypeKind k = clang_getCanonicalType(lvalue->type).kind;
        if (base && p->kind == N_MEMBER && p->op && !strcmp(p->op, ".")) {
        } else if (base && p->kind == N_SUBSCRIPT && k == CXType_ConstantArray) {
        } else {
            break;
        }
        child = lvalue = p;
        p = p->parent;
    }
    if (under_sizeof(ref))
        return false;
    if (p && p->kind == N_UNARY && !strcmp(p->op, "&"))
        return true;
    enum CXTypeKind k = clang_getCanonicalType(lvalue->type).kind;
    return k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

/* Where `tree` takes the address of `v`, outside [skip_start, skip_end);
 * UINT32_MAX when nowhere. */
static unsigned address_taken_in(const Node *tree, const Var *v, unsigned skip_start, unsigned skip_end)
{
    if (!tree || (tree->start >= skip_start && tree->end <= skip_end))
        return UINT32_MAX;
    if (tree->kind == N_DECLREF && tree->var == v && takes_address(tree))
        return tree->start;
    for (int i = 0; i < tree->nkids; i++) {
        unsigned at = address_taken_in(tree->kids[i], v, skip_start, skip_end);
        if (at != UINT32_MAX)
            return at;
    }
    return UINT32_MAX;
}

typedef struct {
    const Source *src;
    const Var *v;
    unsigned at;
} AddressSearch;

static enum CXChildVisitResult search_file_scope(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    AddressSearch *as = data;
    if (!source_cursor_in_main(as->src, c))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl || k == CXCursor_VarDecl) {
        as->at = address_taken_in(ast_build(as->src, c), as->v, 0, 0);
        if (as->at != UINT32_MAX)
            return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

typedef struct {
    const Source *src;
    unsigned at;
    CXCursor scope;
} ScopeSearch;

static enum CXChildVisitResult search_scope(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    ScopeSearch *ss = data;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned start, end;
    if (!source_offset(ss->src, clang_getRangeStart(r), &start) ||
        !source_offset(ss->src, clang_getRangeEnd(r), &end) || ss->at < start || ss->at >= end)
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CompoundStmt || k == CXCursor_ForStmt)
        ss->scope = c;
    return CXChildVisit_Recurse;
}

/* The tree of the block (or for statement) that declares the local `v`:
 * the only code that can take its address, or point anything at it while
 * it lives; the whole function for a parameter. Keeps the search small in
 * functions with many loops. A scratch tree: valid until the loop's
 * analysis (or emission) is done (transpile.c frees it). */
static Node *scope_tree(const Source *src, const Site *site, const Var *v)
{
    ScopeSearch ss = {src, v->decl_offset, site->function};
    if (clang_getCursorKind(v->decl) != CXCursor_ParmDecl && v->decl_offset != UINT32_MAX)
        clang_visitChildren(site->function, search_scope, &ss);
    /* the function's body: its subtree in the function's tree, not a copy
     * of its own (a big file's loops would be held three times); the users
     * of a scope look at nothing above it but under_sizeof, and the
     * function above it is no sizeof */
    Node *fn = ast_build_scratch(src, site->function);
    for (int i = 0; i < fn->nkids; i++)
        if (clang_equalCursors(fn->kids[i]->cursor, ss.scope))
            return fn->kids[i];
    return ast_build_scratch(src, ss.scope);
}

/* Where the program may take the address of `v` (`*global` is set for a
 * variable with external linkage, which any file may point to), outside
 * the loop itself (inside it the loop's own copy is meant); UINT32_MAX
 * when nowhere. */
/* A loop statement in `tree` around [start, end) (the marked loop, the
 * one loop that starts where it does). */
static bool loop_around(const Node *tree, unsigned start, unsigned end)
{
    if (!tree || tree->start > start || tree->end < end)
        return false;
    if ((tree->kind == N_FOR || tree->kind == N_WHILE || tree->kind == N_DO) && tree->start != start)
        return true;
    for (int i = 0; i < tree->nkids; i++)
        if (loop_around(tree->kids[i], start, end))
            return true;
    return false;
}

/* A goto, a label or setjmp: control that may go back to before the loop. */
static bool jumps_back(const Node *n)
{
    if (!n)
        return false;
    if (n->kind == N_GOTO || n->kind == N_LABEL ||
        (n->kind == N_CALL && n->name && strstr(n->name, "setjmp")))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (jumps_back(n->kids[i]))
            return true;
    return false;
}

/* Where the address of `v` is taken such that a pointer the loop reads may
 * hold it (UINT32_MAX: nowhere). A local's address taken only after the
 * loop, in a lifetime of the local that the loop does not run in again (no
 * loop around the marked one inside the local's block, no goto or setjmp
 * in the function), cannot be in one: `MPI_Allreduce(&s, ...)` or
 * `report(&s)` after `#pragma reduce(+: s)`. */
static unsigned address_escapes(const Source *src, const Site *site, const Node *scope,
                                const Var *v, bool *global)
{
    *global = false;
    if (v->storage == VAR_GLOBAL) {
        if (clang_getCursorLinkage(v->decl) != CXLinkage_Internal) {
            *global = true;
            return v->decl_offset;
        }
        AddressSearch as = {src, v, UINT32_MAX};
        clang_visitChildren(clang_getTranslationUnitCursor(src->tu), search_file_scope, &as);
        return as.at;
    }
    if (v->storage == VAR_LOCAL && scope && clang_getCursorKind(v->decl) != CXCursor_ParmDecl &&
        !loop_around(scope, site->loop->start, site->loop_end) &&
        !jumps_back(ast_build_scratch(src, site->function)))
        return address_taken_in(scope, v, site->loop->start, UINT32_MAX);
    return address_taken_in(scope, v, site->loop->start, site->loop_end);
}

/* Whether the function assigns parameter `p` or takes its address. */
static bool reassigns(const Node *n, const Var *p)
{
    if (!n)
        return false;
    if (n->kind == N_ASSIGN ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--") || !strcmp(n->op, "&")))) {
        const Node *t = ast_strip(n->kids[0]);
        if (t && t->kind == N_DECLREF && t->var == p)
            return true;
    }
    for (int i = 0; i < n->nkids; i++)
        if (reassigns(n->kids[i], p))
            return true;
    return false;
}

/* The first pointer the loop reads through (a captured pointer: the loop's
 * helpers read only what it passes them) that may point to `v`; NULL when
 * none. A parameter the function never reassigns holds a value from before
 * the call, so it cannot point to the call's own locals. */
static const Capture *pointer_to(const Walk *w, const Node *scope, const Var *v)
{
    const Site *site = w->site;
    bool own_local = v->storage == VAR_LOCAL;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *c = &site->captures[i];
        if (c->kind != CAP_ARRAY || is_array_object(c->var))
            continue;
        if (own_local && clang_getCursorKind(c->var->decl) == CXCursor_ParmDecl &&
            !reassigns(scope, c->var))
            continue;
        return c;
    }
    return NULL;
}

/* Whether a pointer may hold the address of v, an outer variable (taken
 * outside the loop where it may matter, or v a global any file may
 * point to): access.c's test for members of a struct the loop cannot
 * change. */
bool reduction_address_escapes(const Source *src, const Site *site, const Var *v, bool *global)
{
    Node *scope = v->storage == VAR_GLOBAL ? NULL : scope_tree(src, site, v);
    return address_escapes(src, site, scope, v, global) != UINT32_MAX;
}

/* A read through a pointer sees the caller's variable, but the loop works
 * on its own copies of its reduction, induction and private variables (on
 * the GPU and on the CPU path): a pointer that may point to one of them
 * would read a stale value. Such reads are errors unless the variable's
 * address never escapes. */
static bool check_pointer_alias(Walk *w, const Var *v, const char *role, const char *remedy)
{
    Node *scope = v->storage == VAR_GLOBAL ? NULL : scope_tree(w->src, w->site, v);
    const Capture *c = pointer_to(w, scope, v);
    if (!c)
        return true;
    bool global;
    unsigned at = address_escapes(w->src, w->site, scope, v, &global);
    if (at == UINT32_MAX)
        return true;
    if (global) {
        REPORT(w, c->first_use,
               "'%s' is read through a pointer here, and it may point to '%s', %s, which is a "
               "global variable (any pointer may point to it): the loop works on its own copy "
               "of '%s', so such a read would not see its current value; %s",
               c->var->name, v->name, role, v->name, remedy);
        return false;
    }
    REPORT(w, c->first_use,
           "'%s' is read through a pointer here, and it may point to '%s', %s, whose address "
           "is taken: the loop works on its own copy of '%s', so such a read would not see its "
           "current value; %s",
           c->var->name, v->name, role, v->name, remedy);
    diag_at(w->src, at, DIAG_NOTE, "the address of '%s' is taken here", v->name);
    return false;
}

static void check_pointer_aliases(Walk *w)
{
    Site *site = w->site;
    bool reads_through_pointers = false;
    for (int i = 0; i < site->ncaptures; i++)
        reads_through_pointers |= site->captures[i].kind == CAP_ARRAY && !is_array_object(site->captures[i].var);
    if (!w->ok || !reads_through_pointers)
        return;
    const char *reduction_remedy =
        "reduce into a local variable whose address is never taken, and combine it with the "
        "original after the loop";
    for (int i = 0; i < site->pragma.nvars; i++)
        if (site->pragma.vars[i].var &&
            !check_pointer_alias(w, site->pragma.vars[i].var, "a reduction variable",
                                 reduction_remedy))
            return;
    const LoopInfo *levels[PR_MAX_COLLAPSE] = {&site->info};
    for (int k = 0; k < site->ninner; k++)
        levels[k + 1] = &site->inner[k];
    for (int k = 0; k <= site->ninner; k++)
        if (levels[k]->iv && !levels[k]->iv_declared_in_loop &&
            !check_pointer_alias(w, levels[k]->iv, "the loop's induction variable",
                                 "use an induction variable whose address is never taken "
                                 "(declare it in the loop)"))
            return;
    for (int i = 0; i < site->pragma.nprivates; i++)
        if (site->pragma.privates[i].var &&
            !check_pointer_alias(w, site->pragma.privates[i].var, "a private variable",
                                 "use a private variable whose address is never taken"))
            return;
    for (int k = 0; k < site->nprivates; k++)
        if (!check_pointer_alias(w, site->privates[k], "a variable each iteration assigns first",
                                 "use a variable whose address is never taken"))
            return;
}

/* ------------------------------------------------------------ element accumulators */

/* The variables an element accumulator's address is computed from (its
 * base first), from the initializer element.c gave its scalar. */
static int element_vars(const Node *n, Var **out, int max, int count)
{
    if (!n)
        return count;
    if (n->kind == N_DECLREF && n->var) {
        bool seen = false;
        for (int k = 0; k < count; k++)
            seen |= out[k] == n->var;
        if (!seen && count < max)
            out[count++] = n->var;
    }
    for (int i = 0; i < n->nkids; i++)
        count = element_vars(n->kids[i], out, max, count);
    return count;
}

/* The element's path from its base with every subscript an integer
 * literal ("[2].f[0]"); false when one is not. */
static bool constant_path(const Source *src, const Node *n, StrBuf *sb)
{
    n = ast_strip((Node *)n);
    if (!n)
        return false;
    if (n->kind == N_DECLREF)
        return true;
    if (n->kind == N_MEMBER) {
        if (!constant_path(src, n->kids[0], sb))
            return false;
        strbuf_printf(sb, ".%s", n->name);
        return true;
    }
    if (n->kind == N_SUBSCRIPT) {
        const Node *index = ast_strip(n->kids[1]);
        if (!index || index->kind != N_INTLIT || !constant_path(src, n->kids[0], sb))
            return false;
        strbuf_printf(sb, "[%llu]", strtoull(ast_expr_text(src, index), NULL, 0));
        return true;
    }
    return false;
}

/* The steps of an lvalue from its base variable (`f[i].v`: f, [i], .v),
 * outermost first; false when it is not made of subscripts and members. */
static bool lvalue_steps(const Node *n, const Node **steps, int *count)
{
    const Node *chain[32];
    int k = 0;
    for (n = ast_strip((Node *)n); n && (n->kind == N_MEMBER || n->kind == N_SUBSCRIPT); n = ast_strip(n->kids[0])) {
        if (k == 32)
            return false;
        chain[k++] = n;
    }
    if (!n || n->kind != N_DECLREF)
        return false;
    for (int i = 0; i < k; i++)
        steps[i] = chain[k - 1 - i];
    *count = k;
    return true;
}

/* Whether member `m` is a member of a union (its members overlap). */
static bool member_of_union(const Node *m)
{
    CXCursor field = clang_getCursorReferenced(m->cursor);
    return clang_Cursor_isNull(field) ||
           clang_getCursorKind(clang_getCursorSemanticParent(field)) != CXCursor_StructDecl;
}

/* Whether the lvalues a and b of one base are different storage for
 * certain: the same steps up to one where they part, there two members of
 * one struct (`f[i].v`, `f[i].x`) or two different constant subscripts
 * (`h[0]`, `h[1]`). The steps before must be the same expressions, which
 * the loop cannot change (the accumulators' addresses stay put). */
static bool distinct_lvalues(const Source *src, const Node *a, const Node *b)
{
    const Node *sa[32], *sb[32];
    int na, nb;
    if (!lvalue_steps(a, sa, &na) || !lvalue_steps(b, sb, &nb))
        return false;
    for (int i = 0; i < na && i < nb; i++) {
        if (sa[i]->kind != sb[i]->kind)
            return false;
        if (sa[i]->kind == N_MEMBER) {
            if (strcmp(sa[i]->name, sb[i]->name) == 0)
                continue;
            return !member_of_union(sa[i]) && !member_of_union(sb[i]);
        }
        long long x, y;
        const Node *ia = ast_strip(sa[i]->kids[1]), *ib = ast_strip(sb[i]->kids[1]);
        if (ia && ib && ast_int_constant(ia, &x) && ast_int_constant(ib, &y)) {
            if (x != y)
                return true;
            continue;
        }
        if (!ia || !ib || !ast_same_expr(src, ia, ib))
            return false;
    }
    return false; /* one is the other, or holds it */
}

/* `reduce(op: y[i])` holds exactly what the sequential loop computes when
 * the element stays put (its address uses nothing the loop changes) and
 * the loop reaches its storage only through the accumulator (it does not
 * name the base otherwise, nor does a function it calls when the base is
 * global). Overlaps with arrays through other pointers are checked at run
 * time (emit.c). */
static void check_elements(Walk *w)
{
    Site *site = w->site;
    enum { MAX_VARS = 32 };
    Var *bases[64] = {0};
    const Node *inits[64] = {0};
    for (int i = 0; i < site->pragma.nvars && i < 64 && w->ok; i++) {
        ReduceVar *rv = &site->pragma.vars[i];
        const ElementAcc *acc = element_as_written(w->src, rv->name);
        if (!acc || !rv->var)
            continue;
        Node *decl = ast_build(w->src, rv->var->decl);
        const Node *init = decl && decl->kind == N_VARDECL && decl->nkids ? decl->kids[0] : NULL;
        Var *vars[MAX_VARS];
        int nvars = element_vars(init, vars, MAX_VARS, 0);
        if (nvars == 0)
            continue;
        bases[i] = vars[0];
        inits[i] = init;
        for (int k = 0; k < nvars && w->ok; k++) {
            Var *v = vars[k];
            const char *how = site_is_iv(site, v)                   ? "the loop's induction variable"
                              : is_implicit_private(site, v)        ? "written in the loop"
                              : is_private(site, v)                 ? "a private variable"
                              : reduction_var(site, v)              ? "a reduction variable"
                              : writes_var(site->info.body, v)      ? "written in the loop"
                              : v->is_volatile                      ? "volatile"
                                                                    : NULL;
            if (how && acc->row)
                REPORT(w, rv->offset,
                       "'%s' is not one row for the whole loop: the row's address uses '%s', "
                       "which is %s; mark a loop in which the row stays the same",
                       acc->text, v->name, how);
            else if (how)
                REPORT(w, rv->offset,
                       "'%s' does not stay one element: its address uses '%s', which is %s; "
                       "reduce into a local variable and store it after the loop",
                       acc->text, v->name, how);
        }
        if (!w->ok)
            return;
        Var *base = vars[0];
        /* an array the loop reads is checked for overlap at run time (emit.c);
         * a variable it copies would not see the running value */
        bool checked = false;
        for (int k = 0; k < site->ncaptures; k++)
            checked |= site->captures[k].var == base && site->captures[k].kind == CAP_ARRAY;
        if (!checked && ast_mentions(site->loop, base)) {
            REPORT(w, rv->offset,
                   "the loop uses '%s' other than as the accumulator '%s', and would not see the "
                   "running value there; reduce into a local variable and store it after the loop",
                   base->name, acc->text);
            return;
        }
        for (int f = 0; base->storage != VAR_LOCAL && f < site->nfunctions; f++)
            if (site->functions[f]->tree && ast_mentions(site->functions[f]->tree, base)) {
                REPORT(w, rv->offset,
                       "'%s', called in the loop, uses '%s', the global holding the accumulator "
                       "'%s', and would not see its running value; reduce into a local variable",
                       site->functions[f]->name, base->name, acc->text);
                return;
            }
    }
    /* a scalar accumulator whose address is taken may be the element */
    bool any_element = false;
    for (int i = 0; i < site->pragma.nvars && i < 64; i++)
        any_element |= bases[i] != NULL;
    for (int i = 0; any_element && i < site->pragma.nvars; i++) {
        ReduceVar *rv = &site->pragma.vars[i];
        if (element_as_written(w->src, rv->name) || !rv->var)
            continue;
        Node *scope = rv->var->storage == VAR_GLOBAL ? NULL : scope_tree(w->src, site, rv->var);
        bool global;
        unsigned at = address_escapes(w->src, site, scope, rv->var, &global);
        if (at != UINT32_MAX) {
            REPORT(w, rv->offset,
                   "'%s' is %s, so the element accumulators of this pragma could be it; reduce "
                   "into a local variable whose address is never taken",
                   rv->name, global ? "a global variable" : "a variable whose address is taken");
            return;
        }
    }
    /* two elements of one variable: the same storage unless their indices
     * are different constants */
    for (int i = 0; i < site->pragma.nvars && i < 64; i++)
        for (int j = i + 1; j < site->pragma.nvars && j < 64 && bases[i]; j++) {
            /* (rows are sections: their overlaps are checked at run time) */
            if (bases[j] != bases[i] || !element_named(w->src, site->pragma.vars[i].name) ||
                !element_named(w->src, site->pragma.vars[j].name))
                continue;
            StrBuf pi = {0}, pj = {0};
            bool distinct = (constant_path(w->src, inits[i], &pi) &&
                             constant_path(w->src, inits[j], &pj) && pi.buf && pj.buf &&
                             strcmp(pi.buf, pj.buf) != 0) ||
                            distinct_lvalues(w->src, inits[i], inits[j]);
            strbuf_free(&pi);
            strbuf_free(&pj);
            if (!distinct) {
                const char *a = element_named(w->src, site->pragma.vars[i].name)->text;
                const char *b = element_named(w->src, site->pragma.vars[j].name)->text;
                REPORT(w, site->pragma.vars[j].offset,
                       "'%s' and '%s' may be the same element, which two reductions cannot share; "
                       "reduce into local variables",
                       a, b);
                return;
            }
        }
}

/* A reference to the variable `name` in n, or NULL. */
static const Node *ref_named(const Node *n, const char *name)
{
    if (!n)
        return NULL;
    if (n->kind == N_DECLREF && n->var && !strcmp(n->var->name, name))
        return n;
    for (int i = 0; i < n->nkids; i++) {
        const Node *r = ref_named(n->kids[i], name);
        if (r)
            return r;
    }
    return NULL;
}

/* Pointers held in structs that element.c copied to variables before the
 * loop (`D.v` read as `v_ptr`): the copy is what every iteration reads
 * only when the loop cannot change the pointer. */
static void check_member_pointers(Walk *w)
{
    const ElementInfo *ei = w->src->elements;
    /* those element.c left as they are, for this loop */
    for (size_t k = 0; ei && k < ei->nrefusals && w->ok; k++) {
        const MemberRefusal *r = &ei->refusals[k];
        if (r->loop != w->site->loop->start)
            continue;
        diag_at(w->src, r->offset, DIAG_ERROR,
                "'%s' is a pointer held in a struct, which pragreduce reads once before the loop "
                "(the GPU needs the array it points to, not the host address), and it may not "
                "be the same in every iteration: %s; a marked loop must leave the pointers it "
                "reads from structs as they are",
                r->text, r->why);
        if (r->at != UINT32_MAX)
            diag_at(w->src, r->at, DIAG_NOTE, "it may change here");
        note_pragma(w);
        fail(w);
    }
    for (size_t k = 0; ei && k < ei->naccs && w->ok; k++) {
        if (!ei->accs[k].member)
            continue;
        const Node *ref = ref_named(w->site->loop, ei->accs[k].name);
        if (!ref)
            continue;
        Node *decl = ast_build(w->src, ref->var->decl);
        const Node *init = decl && decl->kind == N_VARDECL && decl->nkids ? ast_strip(decl->kids[0]) : NULL;
        if (init && init->kind == N_COND && init->nkids == 3)
            init = ast_strip(init->kids[1]); /* (p ? p->v : 0) */
        if (!init)
            continue;
        unsigned at;
        const char *why = access_member_pointer_unproven(w->src, w->site, init, &at);
        if (why) {
            diag_at(w->src, ref->start, DIAG_ERROR,
                   "'%s' is a pointer held in a struct, which pragreduce reads once before the loop "
                   "(the GPU needs the array it points to, not the host address), and it may not "
                   "be the same in every iteration: %s; a marked loop must leave the pointers it "
                   "reads from structs as they are",
                   ref->var->name, why);
            if (at != UINT32_MAX)
                diag_at(w->src, at, DIAG_NOTE, "it may change here");
            note_pragma(w);
            fail(w);
        }
    }
}

bool reduction_analyze(const Source *src, Site *site)
{
    Walk w = {.src = src, .site = site, .ok = true, .form = MM_NONE};
    for (int i = 0; i < site->pragma.nvars; i++)
        if (!check_reduction_var(&w, &site->pragma.vars[i]))
            w.ok = false;
    for (int i = 0; i < site->pragma.nprivates; i++)
        if (!check_private_var(&w, &site->pragma.privates[i]))
            w.ok = false;
    if (!w.ok)
        return false;
    /* the loop header's bounds and step are evaluated on the host */
    w.host_side = true;
    walk(&w, site->info.lo_node);
    walk(&w, site->info.hi_node);
    if (site->info.step_node)
        walk(&w, site->info.step_node);
    for (int k = 0; k < site->ninner; k++) {
        walk(&w, site->inner[k].lo_node);
        walk(&w, site->inner[k].hi_node);
        if (site->inner[k].step_node)
            walk(&w, site->inner[k].step_node);
    }
    w.host_side = false;
    check_member_pointers(&w);
    if (!w.ok)
        return false;
    walk_stmt(&w, site->info.body);
    for (int i = 0; i < site->pragma.nvars; i++) {
        ReduceVar *rv = &site->pragma.vars[i];
        if (w.ok && rv->nupdates == 0) {
            diag_at(src, rv->offset, DIAG_ERROR, "reduction variable '%s' is never updated in the loop",
                    rv->name);
            w.ok = false;
        }
    }
    for (int k = 0; k < site->pragma.nsections; k++) {
        bool found = false;
        for (int i = 0; i < site->ncaptures; i++)
            found |= strcmp(site->captures[i].var->name, site->pragma.sections[k].name) == 0 &&
                     site->captures[i].kind == CAP_ARRAY;
        if (!found && !function_array_named(src, site, site->pragma.sections[k].name)) {
            diag_at(src, site->pragma.sections[k].offset, DIAG_ERROR,
                    "in(%s[...]) names no array that the loop reads", site->pragma.sections[k].name);
            w.ok = false;
        }
    }
    check_pointer_aliases(&w);
    if (w.ok)
        check_elements(&w);
    if (w.ok)
        check_captures(&w);
    if (w.ok)
        check_local_types(&w);
    /* reduction and loop variables become names in the generated code too */
    for (int v = 0; v < site->pragma.nvars; v++)
        if (strncmp(site->pragma.vars[v].name, "pr_", 3) == 0) {
            diag_at(src, site->pragma.vars[v].offset, DIAG_ERROR,
                    "'%s': names that start with 'pr_' are reserved for the code pragreduce "
                    "generates; rename the variable",
                    site->pragma.vars[v].name);
            w.ok = false;
        }
    const LoopInfo *levels[PR_MAX_COLLAPSE] = {&site->info};
    for (int k = 0; k < site->ninner; k++)
        levels[k + 1] = &site->inner[k];
    for (int k = 0; k <= site->ninner; k++)
        if (levels[k]->iv && strncmp(levels[k]->iv->name, "pr_", 3) == 0) {
            diag_at(src, levels[k]->init ? levels[k]->init->start : site->loop->start, DIAG_ERROR,
                    "'%s': names that start with 'pr_' are reserved for the code pragreduce "
                    "generates; rename the variable",
                    levels[k]->iv->name);
            w.ok = false;
        }
    return w.ok;
}
