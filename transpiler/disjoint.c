/*
 * disjoint.c - elements of a written array that no other iteration writes.
 *
 * A loop may write its own element of an array (`y[i]`, a row `a[i][j]`, a
 * column `a[k][j]` of a loop over j) and, by the rule of fused outputs,
 * use that array only there (access.c). Two more kinds of access to such
 * an array cannot meet another iteration's writes, as long as subscripts
 * into arrays of arrays stay within their rows (C's rule: `a[r][c]` with c
 * outside [0, N) is undefined):
 *  - the moving subscript itself, under other rows: `a[p][j]` beside
 *    `a[k][j]` in a loop over j (a row swap) touches only column j;
 *  - a read whose subscript at the moving one's level takes values the
 *    loop variable never takes: `a[k][j]` while i runs over [k + 1, n)
 *    (LU's update reads the pivot row, no iteration's), `A[i][k]` with k
 *    over [0, i) while j runs over [i, n) (ludcmp).
 * Bounds compare as `base + constant` with the same base; the expressions
 * must be of signed types (no wrap-around between `k` and `k + 1`).
 */
#include "pragreduce.h"

#include <string.h>

#define MAX_LEVELS 8

/* The subscripts of the access whose first subscript is sub0, and for
 * each the expression it indexes (`a`, then `a[s0]`, ...). */
static int subscripts_of(const Node *sub0, const Node **subs, const Node **bases, int max)
{
    int n = 0;
    const Node *s = sub0;
    while (s && n < max) {
        const Node *ref = s->parent;
        while (ref && ref->kind != N_SUBSCRIPT)
            ref = ref->parent;
        if (!ref || ref->nkids != 2)
            return n;
        subs[n] = s;
        bases[n] = ast_strip(ref->kids[0]);
        n++;
        /* the next level indexes this one: `ref` is the base of its parent */
        const Node *up = ref->parent, *child = ref;
        while (up && (up->kind == N_PAREN || up->kind == N_IMPLICIT)) {
            child = up;
            up = up->parent;
        }
        if (!up || up->kind != N_SUBSCRIPT || up->nkids != 2 || up->kids[0] != child)
            return n;
        s = up->kids[1];
    }
    return n;
}

int access_levels(const Node *sub0, const Node **subs, CXType *types, int max)
{
    const Node *bases[MAX_LEVELS];
    if (max > MAX_LEVELS)
        max = MAX_LEVELS;
    int n = subscripts_of(sub0, subs, bases, max);
    for (int d = 0; d < n; d++) {
        const Node *ref = subs[d]->parent;
        while (ref && ref->kind != N_SUBSCRIPT)
            ref = ref->parent;
        types[d] = ref->type; /* subscripts_of found it */
    }
    return n;
}

/* The node of the whole access: its last subscript expression. */
static const Node *access_top(const Node *sub0)
{
    const Node *subs[MAX_LEVELS], *bases[MAX_LEVELS];
    int n = subscripts_of(sub0, subs, bases, MAX_LEVELS);
    if (n == 0)
        return NULL;
    const Node *top = subs[n - 1]->parent;
    while (top && top->kind != N_SUBSCRIPT)
        top = top->parent;
    return top;
}

const Node *access_top_ref(const Node *sub0)
{
    const Node *top = access_top(sub0);
    return top ? top : sub0;
}

/* Whether the access only reads a number: a scalar element used as a value. */
static bool reads_a_number(const Node *sub0)
{
    const Node *top = access_top(sub0);
    if (!top || !type_is_arithmetic(top->type))
        return false;
    const Node *up = top->parent, *child = top;
    while (up && up->kind == N_PAREN) {
        child = up;
        up = up->parent;
    }
    if (!up)
        return false;
    if (up->kind == N_ASSIGN && up->nkids > 0 && up->kids[0] == child)
        return false;
    if (up->kind == N_UNARY && up->op &&
        (!strcmp(up->op, "++") || !strcmp(up->op, "--") || !strcmp(up->op, "&")))
        return false;
    return true;
}

/* Levels 1..m index rows of arrays of arrays (not pointers: two rows of a
 * table may overlap), so a different subscript there is another element. */
static bool rows_stay_apart(const Node **bases, int m)
{
    for (int d = 1; d <= m; d++)
        if (clang_getCanonicalType(bases[d]->type).kind != CXType_ConstantArray)
            return false;
    return true;
}

static bool signed_integer(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_SChar:
    case CXType_Char_S:
    case CXType_Short:
    case CXType_Int:
    case CXType_Long:
    case CXType_LongLong:
        return true;
    default:
        return false;
    }
}

/* An integer expression as base + c (base NULL: the constant c). */
typedef struct {
    const Node *base;
    long long c;
} Offset;

static Offset offset_form(const Node *n)
{
    n = ast_strip((Node *)n);
    long long v;
    if ((n->kind == N_INTLIT || n->kind == N_CHARLIT) && ast_int_constant(n, &v))
        return (Offset){NULL, v};
    if (n->kind == N_BINARY && n->nkids == 2 && (!strcmp(n->op, "+") || !strcmp(n->op, "-"))) {
        const Node *l = ast_strip(n->kids[0]), *r = ast_strip(n->kids[1]);
        if (r->kind == N_INTLIT && ast_int_constant(r, &v) && v > -(1LL << 40) && v < (1LL << 40))
            return (Offset){l, n->op[0] == '+' ? v : -v};
        if (n->op[0] == '+' && l->kind == N_INTLIT && ast_int_constant(l, &v) && v > -(1LL << 40) &&
            v < (1LL << 40))
            return (Offset){r, v};
    }
    return (Offset){n, 0};
}

/* a < b for every value: the same base, a smaller constant. */
static bool below(const Source *src, Offset a, Offset b)
{
    if (!a.base != !b.base || (a.base && !ast_same_expr(src, a.base, b.base)))
        return false;
    return a.c < b.c;
}

/* [lo, hi] of a loop's variable, from its bounds (both signed). */
static bool loop_values(const LoopInfo *li, Offset *lo, Offset *hi)
{
    if (li->step_runtime_check || !li->lo_node || !li->hi_node || !signed_integer(li->iv->type) ||
        !signed_integer(li->lo_node->type) || !signed_integer(li->hi_node->type))
        return false;
    if (!li->step_down && (li->cmp == CMP_LT || li->cmp == CMP_LE)) {
        *lo = offset_form(li->lo_node);
        *hi = offset_form(li->hi_node);
        hi->c -= li->cmp == CMP_LT;
        return true;
    }
    if (li->step_down && (li->cmp == CMP_GT || li->cmp == CMP_GE)) {
        *hi = offset_form(li->lo_node);
        *lo = offset_form(li->hi_node);
        lo->c += li->cmp == CMP_GT;
        return true;
    }
    return false;
}

/* The values `e` may take where it is: a loop variable (the marked loop's,
 * or an inner loop's whose bounds the loop does not change) plus a
 * constant, or an expression the loop does not change. */
static bool values_of(const Source *src, const Site *site, const Node *e, Offset *lo, Offset *hi)
{
    if (!signed_integer(e->type))
        return false;
    Offset f = offset_form(e);
    if (!f.base) {
        *lo = *hi = f;
        return true;
    }
    const LoopInfo *li = NULL;
    if (f.base->kind == N_DECLREF && f.base->var == site->info.iv)
        li = &site->info;
    for (int k = 0; !li && k < site->nranges; k++) {
        const RangeVar *r = &site->ranges[k];
        if (!r->follows_iv && f.base->kind == N_DECLREF && f.base->var == r->info.iv && e->start >= r->start &&
            e->end <= r->end)
            li = &r->info;
    }
    if (li) {
        if (!loop_values(li, lo, hi))
            return false;
        lo->c += f.c;
        hi->c += f.c;
        return true;
    }
    if (ast_mentions(e, site->info.iv) || !access_invariant(src, site, e))
        return false;
    *lo = *hi = f;
    return true;
}

/* Whether the access at sub0 names, under any rows, the column the write
 * at write_sub0 moves through: the same subscript, a new value each
 * iteration, at the first level that mentions the loop's variable. */
static bool same_moving_column(const Source *src, const Site *site, const Node *write_sub0, const Node *sub0)
{
    const Node *w[MAX_LEVELS], *wb[MAX_LEVELS], *r[MAX_LEVELS], *rb[MAX_LEVELS];
    int nw = subscripts_of(write_sub0, w, wb, MAX_LEVELS), nr = subscripts_of(sub0, r, rb, MAX_LEVELS);
    int m = 0;
    while (m < nw && !ast_mentions(w[m], site->info.iv))
        m++;
    return m < nw && nr > m && rows_stay_apart(wb, m) && rows_stay_apart(rb, m) &&
           access_distinct_per_iteration(src, site, w[m]) && ast_same_expr(src, w[m], r[m]);
}

/* Whether a read and a write can never reach the same element in any two
 * iterations: at some level (rows of arrays of arrays down to it) their
 * subscripts take values that lie apart (`a[k][j]` and `a[i][j]` with i
 * from k + 1; `t[2][r][c]` and `t[0][r][c]`). */
static bool never_meet(const Source *src, const Site *site, const Node *write_sub0, const Node *read_sub0)
{
    const Node *w[MAX_LEVELS], *wb[MAX_LEVELS], *r[MAX_LEVELS], *rb[MAX_LEVELS];
    int nw = subscripts_of(write_sub0, w, wb, MAX_LEVELS), nr = subscripts_of(read_sub0, r, rb, MAX_LEVELS);
    for (int d = 0; d < nw && d < nr; d++) {
        if (!rows_stay_apart(wb, d) || !rows_stay_apart(rb, d))
            return false;
        Offset wlo, whi, rlo, rhi;
        if (values_of(src, site, w[d], &wlo, &whi) && values_of(src, site, r[d], &rlo, &rhi) &&
            (below(src, rhi, wlo) || below(src, whi, rlo)))
            return true;
    }
    return false;
}

/* Whether the moving subscripts `w` (of a write) and `r` are `c * i + e + dw`
 * and `c * i + e + dr`, the same e and c a nonzero constant: the elements an
 * iteration owns as a block of |c| (`xyz[3 * i]`, `xyz[3 * i + 1]`, ...).
 * *delta = dr - dw, *stride = |c|. Of a signed or 64-bit type: no wrap
 * brings another iteration's block near. */
bool access_same_block(const Source *src, const Site *site, const Node *w, const Node *r, long long *delta,
                       long long *stride)
{
    if (!(signed_integer(w->type) || clang_Type_getSizeOf(w->type) == 8) ||
        !(signed_integer(r->type) || clang_Type_getSizeOf(r->type) == 8))
        return false;
    Offset fw = offset_form(w), fr = offset_form(r);
    if (!fw.base || !fr.base || !ast_same_expr(src, fw.base, fr.base))
        return false;
    Linear l = access_linear(src, fw.base, site->info.iv);
    if (!l.affine || !l.coef_known || l.coef_value == 0 || l.nterms || !access_distinct_per_iteration(src, site, fw.base))
        return false;
    if (l.coef_value > (1LL << 40) || l.coef_value < -(1LL << 40))
        return false;
    *delta = fr.c - fw.c;
    *stride = l.coef_value < 0 ? -l.coef_value : l.coef_value;
    return true;
}

/* `i * w` or `w * i` with i the loop's variable and w invariant: w. */
static const Node *row_width(const Source *src, const Site *site, const Node *p)
{
    p = ast_strip((Node *)p);
    if (p->kind != N_BINARY || p->nkids != 2 || strcmp(p->op, "*") != 0)
        return NULL;
    for (int side = 0; side < 2; side++) {
        const Node *i = ast_strip(p->kids[side]), *w = ast_strip(p->kids[1 - side]);
        if (i->kind == N_DECLREF && i->var == site->info.iv && !ast_mentions(w, site->info.iv) &&
            access_invariant(src, site, w))
            return w;
    }
    return NULL;
}

/* ------------------------------------------------------------ nested rows */

/* A product of invariant factors: the constant ones multiplied into k. */
typedef struct {
    const Node *sym[8];
    int nsym;
    long long k;
} Factors;

/* The factors of product p; the one factor that is variable `var` (when
 * given) is left out and must be there. */
static bool product_factors(const Source *src, const Site *site, const Node *p, const Var *var, Factors *f, bool *seen)
{
    p = ast_strip((Node *)p);
    if (p->kind == N_BINARY && p->nkids == 2 && !strcmp(p->op, "*"))
        return product_factors(src, site, p->kids[0], var, f, seen) &&
               product_factors(src, site, p->kids[1], var, f, seen);
    long long v;
    if (var && p->kind == N_DECLREF && p->var == var && !*seen) {
        *seen = true;
        return true;
    }
    if (ast_mentions(p, site->info.iv) || (var && ast_mentions(p, var)) || !access_invariant(src, site, p))
        return false;
    if (ast_int_constant(p, &v)) {
        if (v <= 0 || v > (1LL << 30) || f->k > (1LL << 30))
            return false;
        f->k *= v;
        return true;
    }
    if (f->nsym == 8)
        return false;
    f->sym[f->nsym++] = p;
    return true;
}

static bool same_factors(const Source *src, const Factors *a, const Factors *b)
{
    if (a->k != b->k || a->nsym != b->nsym)
        return false;
    bool used[8] = {false};
    for (int i = 0; i < a->nsym; i++) {
        int j = 0;
        while (j < b->nsym && (used[j] || !ast_same_expr(src, a->sym[i], b->sym[j])))
            j++;
        if (j == b->nsym)
            return false;
        used[j] = true;
    }
    return true;
}

/* The variable of a loop around `at` over [0, h), h invariant: its
 * factors (the loop runs, so h > 0). */
static bool loop_from_zero(const Source *src, const Site *site, const Node *at, const Node *j, Factors *h)
{
    j = ast_strip((Node *)j);
    LoopInfo li;
    Offset lo, hi;
    if (j->kind != N_DECLREF || !j->var || j->var == site->info.iv || !signed_integer(j->type) ||
        !access_enclosing_range(src, site, at, j->var, &li) || !loop_values(&li, &lo, &hi) || lo.base ||
        lo.c < 0)
        return false;
    *h = (Factors){.k = 1};
    if (!hi.base) {
        if (hi.c < 0 || hi.c >= (1LL << 30))
            return false;
        h->k = hi.c + 1;
        return true;
    }
    bool none = false;
    return hi.c == -1 && product_factors(src, site, hi.base, NULL, h, &none);
}

/* The terms of a sum `a + b + c` (in any grouping), up to max; 0 when
 * there are more, or a subtraction. */
static int sum_terms(const Site *site, const Node *e, const Node **out, int max)
{
    /* a local set once (`base = z * nx * ny + y * nx;` then `k = base +
     * x;`) stands for its value here too */
    e = access_value_of(site, e);
    if (e->kind == N_BINARY && e->nkids == 2 && !strcmp(e->op, "+")) {
        int n = sum_terms(site, e->kids[0], out, max);
        if (n == 0)
            return 0;
        int m = sum_terms(site, e->kids[1], out + n, max - n);
        return m == 0 ? 0 : n + m;
    }
    if (max < 1)
        return 0;
    out[0] = e;
    return 1;
}

/* The terms t[0..n) but t[q], into rest: their number. */
static int all_but(const Node **t, int n, int q, const Node **rest)
{
    int m = 0;
    for (int o = 0; o < n; o++)
        if (o != q)
            rest[m++] = t[o];
    return m;
}

/* Whether 0 <= the sum of terms t[0..n) < F (the product of *f) where
 * `at` is: one term, a variable of a loop around it over [0, h) (F = h);
 * or a term `j * W` with j such a variable over [0, h) and 0 <= the
 * others < W (F = h * W: at most (h - 1) * W + W - 1). Mixed-radix
 * indices of 3-D and higher arrays (`x + y * nx`, below nx * ny). */
static bool below_product(const Source *src, const Site *site, const Node *at, const Node **t, int n,
                          Factors *f)
{
    if (n == 1 && loop_from_zero(src, site, at, t[0], f))
        return true;
    if (n < 2)
        return false;
    for (int q = 0; q < n; q++) {
        const Node *term = ast_strip((Node *)t[q]);
        if (term->kind != N_BINARY || strcmp(term->op, "*") != 0)
            continue;
        const Node *rest[8];
        const int nrest = all_but(t, n, q, rest);
        /* which factor of the term is the loop variable j */
        for (int k = 0; k < 2; k++) {
            const Node *j = ast_strip(term->kids[k]);
            Factors h, w = {.k = 1}, r;
            bool seen = false;
            if (j->kind != N_DECLREF || !loop_from_zero(src, site, at, j, &h) ||
                !product_factors(src, site, term, j->var, &w, &seen) || !seen ||
                !below_product(src, site, at, rest, nrest, &r) || !same_factors(src, &r, &w))
                continue;
            if (w.nsym + h.nsym > 8 || w.k > (1LL << 30) || h.k > (1LL << 30))
                return false;
            *f = w;
            for (int o = 0; o < h.nsym; o++)
                f->sym[f->nsym++] = h.sym[o];
            f->k *= h.k;
            return true;
        }
    }
    return false;
}

/* `i * W + r` (its terms in any order and grouping; W a product of
 * invariants, `z * nx * ny`) with 0 <= r < W (below_product): the
 * iteration's own row of a flat array of rows of W elements, as nested
 * loops over its dimensions index it. *width is the term with i, to
 * compare two accesses' rows. */
static bool nested_row(const Source *src, const Site *site, const Node *sub, const Node **width)
{
    const Node *t[8];
    int n = sum_terms(site, sub, t, 8);
    for (int q = 0; q < n; q++) {
        Factors w = {.k = 1}, r;
        bool seen = false;
        if (!product_factors(src, site, t[q], site->info.iv, &w, &seen) || !seen)
            continue;
        const Node *rest[8];
        const int nrest = all_but(t, n, q, rest);
        if (below_product(src, site, sub, rest, nrest, &r) && same_factors(src, &r, &w)) {
            *width = ast_strip((Node *)t[q]);
            return true;
        }
        return false; /* the one term with i */
    }
    return false;
}

/* Whether `sub` always lies in [i * w, i * w + w), the row an iteration
 * owns of a flat array of rows of w (`x[i * w + j]` with j of a loop over
 * [0, w), `x[i * D + j]` with j < D, `x[i * 3 + 2]`); *width = w. A
 * symbolic w needs the inner loop: its running at all proves w > 0. */
bool access_row_block(const Source *src, const Site *site, const Node *sub, const Node **width)
{
    sub = access_value_of(site, sub);
    if (!(signed_integer(sub->type) || clang_Type_getSizeOf(sub->type) == 8))
        return false;
    Offset f = offset_form(sub);
    if (!f.base)
        return false;
    long long wv;
    const Node *w = row_width(src, site, f.base);
    if (w) { /* the row's element f.c */
        *width = w;
        return ast_int_constant(w, &wv) && f.c >= 0 && f.c < wv;
    }
    const Node *b = ast_strip((Node *)f.base);
    if (b->kind != N_BINARY || b->nkids != 2 || strcmp(b->op, "+") != 0)
        return false;
    for (int side = 0; side < 2; side++) {
        const Node *j = ast_strip(b->kids[1 - side]);
        w = row_width(src, site, b->kids[side]);
        LoopInfo li;
        Offset lo, hi;
        if (!w || j->kind != N_DECLREF || !j->var || !signed_integer(j->type) ||
            !access_enclosing_range(src, site, sub, j->var, &li) || !loop_values(&li, &lo, &hi) || lo.base ||
            lo.c + f.c < 0)
            continue;
        const bool inside = hi.base ? ast_same_expr(src, hi.base, w) && hi.c + f.c <= -1
                                    : ast_int_constant(w, &wv) && hi.c + f.c <= wv - 1;
        if (inside) {
            *width = w;
            return true;
        }
    }
    return nested_row(src, site, sub, width);
}

const Node *access_offset_form(const Node *sub, long long *d)
{
    Offset f = offset_form(sub);
    *d = f.c;
    return f.base;
}

bool access_whole_row(const Source *src, const Site *site, const Node *sub, const Node **width)
{
    long long d;
    const Node *b = access_offset_form(sub, &d);
    if (!b || d != 0 || !access_row_block(src, site, sub, width))
        return false;
    b = ast_strip((Node *)b);
    if (b->kind != N_BINARY || b->nkids != 2 || strcmp(b->op, "+") != 0)
        return false;
    for (int side = 0; side < 2; side++) {
        const Node *j = ast_strip(b->kids[1 - side]);
        const Node *w = row_width(src, site, b->kids[side]);
        LoopInfo li;
        Offset lo, hi;
        long long wv;
        if (!w || j->kind != N_DECLREF || !j->var || !access_enclosing_range(src, site, sub, j->var, &li) ||
            li.step_down || !li.step || strcmp(li.step, "1") != 0 || !loop_values(&li, &lo, &hi) || lo.base ||
            lo.c != 0)
            continue;
        if (hi.base ? ast_same_expr(src, hi.base, w) && hi.c == -1 : ast_int_constant(w, &wv) && hi.c == wv - 1) {
            *width = w;
            return true;
        }
    }
    return false;
}

bool disjoint_from_writes(const Source *src, const Site *site, Node *const *subs, int nsubs, int ref, int k)
{
    const bool is_write = access_is_write(subs[k]);
    /* the iteration's own column under another row (a write too) */
    if (same_moving_column(src, site, subs[ref], subs[k]))
        return is_write || reads_a_number(subs[k]);
    if (is_write || !reads_a_number(subs[k]))
        return false;
    /* a read apart from every write */
    int writes = 0;
    for (int q = 0; q < nsubs; q++) {
        if (!access_is_write(subs[q]))
            continue;
        writes++;
        if (!never_meet(src, site, subs[q], subs[k]))
            return false;
    }
    return writes > 0;
}

bool access_is_write(const Node *sub0)
{
    const Node *top = access_top(sub0);
    if (!top)
        return false;
    /* members of the element (`a[i].x = ...`) write it too */
    const Node *up = top->parent, *child = top;
    while (up && (up->kind == N_PAREN || (up->kind == N_MEMBER && up->op && !strcmp(up->op, ".")) ||
                  up->kind == N_SUBSCRIPT)) {
        child = up;
        up = up->parent;
    }
    if (!up)
        return false;
    if (up->kind == N_ASSIGN && up->nkids > 0 && up->kids[0] == child)
        return true;
    return up->kind == N_UNARY && up->op &&
           (!strcmp(up->op, "++") || !strcmp(up->op, "--") || !strcmp(up->op, "&"));
}
