/*
 * residency.c - where the host may write what marked loops keep on the GPU.
 *
 * The runtime keeps the device copy of each array a marked loop read for
 * the rest of the enclosing function's call (pragreduce::region) and
 * reuses it unless it was marked stale. This file makes "stale" true
 * whenever the host may have written the bytes. Every function with marked
 * loops or data directives, and every function of the file calling one,
 * declares a region at the start of its body; before each host statement
 * of it that may write memory (the innermost statement holding the write
 * but no marked loop, directive or call of such a function) goes the
 * invalidation of what the statement writes:
 *   - host_wrote(&(L), sizeof(L)) for a write to any lvalue L whose address
 *     the statement cannot change (x[j], *p, p->f, a global); when L reads
 *     memory or divides (p->next->v, x[n / d]: a guard in the statement may
 *     protect it), the call goes at the write itself: (host_wrote(...), L = v);
 *   - host_wrote_box(x, sizeof x[0], [&](long long i) { return SUB; },
 *     first, bound) for x[SUB] with SUB affine in canonical host loops: the
 *     subscript at the corners of the loop variables' ranges bounds it;
 *   - host_wrote(&a, sizeof a) for any element of a fixed-size array a;
 *   - the destination's bytes for memset, memcpy, fread, ...; free(p) and
 *     realloc(p, n) become free(freeing(p)): the block's copies dropped;
 *   - for functions of the file that write through pointer parameters,
 *     the fixed-size arrays passed there (summaries, computed once);
 *   - host_wrote_all() for anything else that may write: writes through
 *     an address the statement changes, calls of unknown functions or of
 *     functions of the file that write other than their locals and
 *     parameters, calls through pointers, asm.
 * The addresses are those written, so aliases need no analysis: two
 * pointers to one buffer give the same bytes. A write in the condition or
 * step of a loop that holds a marked loop is invalidated where it happens,
 * or at the start of the body and after the loop. Placing the call before
 * the statement is right even when the statement leaves early (return,
 * break, goto): no marked loop runs between the call and the write.
 * Harmless, and left alone: writes to locals whose address is never
 * taken, calls of side-effect-free library functions (<math.h>, printf,
 * strlen, malloc, ...), of functions of the file that write only their
 * locals, and of functions with regions (their own writes invalidate).
 * A direct call of a function with a region from a statement with no
 * invalidation is chained ((chain_next(), f)(args)): f reuses the caller's
 * copies and leaves its own to the caller. A file that creates threads,
 * forks, handles signals or uses longjmp (writes the analysis cannot see,
 * or a region left without its destructor) keeps nothing.
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    char *text;   /* the call, "pragreduce::host_wrote(...);" */
    char *why;    /* for --explain */
    unsigned at;  /* the write */
    int level;    /* 0 a range, 1 everything but data regions, 2 everything */
} Inval;

typedef struct {
    Inval *items;
    int count;
    int inlined; /* invalidations put at the writes themselves */
} InvalList;

typedef struct {
    Effects fx;           /* what the host code writes (effects.c) */
    const Source *src;
    const Site *sites;
    int nsites;
    DataDirective *dirs;
    int ndirs;
    EditList *edits;
    EditList *held_edits; /* when set, put_inline's edits wait here (rewrite_leaf adds
                             them after what goes before the statement) */
    StrBuf explain;
    StrBuf chains;        /* --explain: chained calls of the function */
    bool explaining;
    const char *prefix;
    unsigned *calls;      /* calls of functions with regions in the function (their
                             statements are split like those holding marked loops, so
                             that the calls can be chained) */
    int ncalls;
    unsigned *marks;      /* starts of the valid marked loops and bound directives, sorted */
    int nmarks;
    int *by_start;        /* the valid sites' indices, sorted by their loops' starts */
    int nby_start;
    bool give_up;         /* an invalidation found no place: the function keeps nothing */
    const char *give_up_why; /* for --explain */
    bool ok;
    bool line_directives; /* #line after text put before an OpenMP directive */
    /* what kernels of the file write (host reads of anything else need
     * nothing: another file's kernels' writes are back before its calls
     * return) */
    bool reads_on;        /* some marked or parallel loop writes an array */
    char **written_types; /* their element types, unqualified spellings */
    int nwritten_types;
    bool written_record;  /* one of them is a struct or union: any type may alias */
    bool written_char;    /* one of them is a character type */
    struct OwnReads *own_reads; /* reads_only_own_fn's answers, per function */
} Res;

/* Whether a function of the file reads only its own variables (computed
 * once per function; false while being computed, so recursion ends). */
typedef struct OwnReads {
    CXCursor def;
    bool only_own;
    struct OwnReads *next;
} OwnReads;

/* ------------------------------------------------------------ helpers */

static bool is_marked_loop(const Res *r, const Node *n, int *which)
{
    if (n->kind != N_FOR)
        return false;
    int lo = 0, hi = r->nby_start; /* the first site whose loop starts at n */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (r->sites[r->by_start[mid]].loop->start < n->start)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == r->nby_start || r->sites[r->by_start[lo]].loop->start != n->start)
        return false;
    if (which)
        *which = r->by_start[lo];
    return true;
}


/* Whether a node came from a macro or lies partly inside a macro's
 * invocation (a macro argument, a statement of an expansion that starts
 * with one): its text is not the source's, and nothing may be inserted
 * at it, which would land in the invocation's arguments. */
static bool in_macro(const Res *r, const Node *n)
{
    return n->from_macro || source_inside_macro(r->src, n->start) ||
           (n->end > n->start && source_inside_macro(r->src, n->end));
}

static void collect_calls(Res *r, const Node *n)
{
    if (n->kind == N_CALL && !in_macro(r, n)) {
        CXCursor fn = fx_callee(n);
        if (!clang_Cursor_isNull(fn) && fx_is_regioned(&r->fx, clang_getCursorDefinition(fn))) {
            r->calls = xrealloc(r->calls, (size_t)(r->ncalls + 1) * sizeof(unsigned));
            r->calls[r->ncalls++] = n->start;
        }
    }
    for (int i = 0; i < n->nkids; i++)
        collect_calls(r, n->kids[i]);
}

static int compare_offsets(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

/* Whether a sorted list holds an offset in [s, e): asked for every
 * statement, so a search, not a scan (10,000 loops in one file). */
static bool any_in(const unsigned *sorted, int n, unsigned s, unsigned e)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (sorted[mid] < s)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && sorted[lo] < e;
}

static const Site *sorting_sites; /* for compare_by_start (qsort has no context) */

static int compare_by_start(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    unsigned sx = sorting_sites[x].loop->start, sy = sorting_sites[y].loop->start;
    if (sx != sy)
        return sx < sy ? -1 : 1;
    return x - y; /* the first site of a loop, as a scan would find */
}

static void collect_marks(Res *r)
{
    r->by_start = xcalloc((size_t)r->nsites + 1, sizeof(int));
    r->nby_start = 0;
    for (int i = 0; i < r->nsites; i++)
        if (!r->sites[i].rejected && r->sites[i].loop)
            r->by_start[r->nby_start++] = i;
    sorting_sites = r->sites;
    qsort(r->by_start, (size_t)r->nby_start, sizeof(int), compare_by_start);
    r->marks = xcalloc((size_t)(r->nsites + r->ndirs + 1), sizeof(unsigned));
    r->nmarks = 0;
    for (int i = 0; i < r->nsites; i++)
        if (!r->sites[i].rejected && r->sites[i].loop)
            r->marks[r->nmarks++] = r->sites[i].loop->start;
    for (int i = 0; i < r->ndirs; i++)
        if (r->dirs[i].bound)
            r->marks[r->nmarks++] = r->dirs[i].start;
    qsort(r->marks, (size_t)r->nmarks, sizeof(unsigned), compare_offsets);
}

/* Whether [s, e) holds a marked loop, a data/update directive or a call of
 * a function with a region (r->calls sorted). */
static bool holds_special(const Res *r, unsigned s, unsigned e)
{
    return any_in(r->marks, r->nmarks, s, e) || any_in(r->calls, r->ncalls, s, e);
}

/* ------------------------------------------------------------ writes */

static void add_inval(InvalList *l, char *text, char *why, unsigned at, int level)
{
    for (int i = 0; i < l->count; i++)
        if (!strcmp(l->items[i].text, text))
            return;
    l->items = xrealloc(l->items, (size_t)(l->count + 1) * sizeof(Inval));
    l->items[l->count++] = (Inval){text, why, at, level};
}

static void add_all(InvalList *l, const char *why, unsigned at)
{
    add_inval(l, xstrdup("pragreduce::host_wrote_all();"), xstrdup(why), at, 1);
}

typedef struct {
    Res *r;
    const Node *scope;  /* the statement whose start the invalidation runs at */
    bool control;       /* scope is a loop whose condition or step is analyzed */
    Facts facts;
    InvalList *out;
} WriteCtx;

/* Host loops between `n` and the scope, innermost first. */
static int enclosing_fors(const WriteCtx *w, const Node *n, const Node **loops, int max)
{
    int k = 0;
    for (const Node *p = n->parent; p && k < max; p = p->parent) {
        if (p->kind == N_FOR)
            loops[k++] = p;
        if (p == w->scope)
            break;
    }
    return k;
}

/* base[sub] in canonical host loops: the subscript at the corners
 * (`reading`: the elements read, host_reads_box, else those written). */
static bool box_access(WriteCtx *w, const Node *lv, const Node *sub_node, bool reading)
{
    const Source *src = w->r->src;
    const Node *base = ast_strip(lv->kids[0]);
    const Node *sub = lv->kids[1];
    if (in_macro(w->r, lv) || in_macro(w->r, base) || in_macro(w->r, sub))
        return false;
    CXType bt = clang_getCanonicalType(base->type);
    if (bt.kind != CXType_Pointer)
        return false; /* fixed-size arrays: the whole array, simpler */
    if (!fx_invariant(&w->r->fx, &w->facts, base, NULL, NULL, 0) || !fx_safe(base, false) ||
        !fx_safe(sub, false))
        return false;
    const Node *loops[4];
    int nloops = enclosing_fors(w, sub_node, loops, 4);
    const Var *ivs[3];
    LoopInfo infos[3];
    int nused = 0;
    for (int k = 0; k < nloops; k++) {
        LoopInfo li;
        memset(&li, 0, sizeof li);
        diag_probe(true);
        bool canon = loop_analyze_one(src, (Node *)loops[k], &li);
        diag_probe(false);
        if (!canon)
            continue;
        if (!ast_mentions(sub, li.iv))
            continue;
        if (nused == 3)
            return false;
        ivs[nused] = li.iv;
        infos[nused++] = li;
    }
    if (nused == 0)
        return false;
    if (!fx_invariant(&w->r->fx, &w->facts, sub, NULL, ivs, nused))
        return false;
    for (int k = 0; k < nused; k++) {
        if (!access_linear(src, sub, ivs[k]).affine)
            return false;
        /* bounds evaluated before the statement: no loop variable, nothing it changes */
        if (!fx_invariant(&w->r->fx, &w->facts, infos[k].lo_node, NULL, NULL, 0) ||
            !fx_invariant(&w->r->fx, &w->facts, infos[k].hi_node, NULL, NULL, 0) ||
            !fx_safe(infos[k].lo_node, false) || !fx_safe(infos[k].hi_node, false))
            return false;
        for (int j = 0; j < nused; j++)
            if (ast_mentions(infos[k].lo_node, ivs[j]) || ast_mentions(infos[k].hi_node, ivs[j]))
                return false;
    }
    char *btext = ast_expr_text(src, base);
    StrBuf sb = {0};
    strbuf_printf(&sb, "pragreduce::host_%s_box(%s, sizeof((%s)[0]), [&](", reading ? "reads" : "wrote", btext,
                  btext);
    for (int k = 0; k < nused; k++)
        strbuf_printf(&sb, "%slong long %s", k ? ", " : "", ivs[k]->name);
    strbuf_printf(&sb, ") -> long long { return (long long)(%s); }", ast_expr_text(src, sub));
    for (int k = 0; k < nused; k++)
        strbuf_printf(&sb, ", (long long)(%s), (long long)(%s)", infos[k].lo, infos[k].hi);
    strbuf_puts(&sb, ");");
    unsigned line, col;
    source_line_col(src, lv->start, &line, &col);
    add_inval(w->out, strbuf_steal(&sb),
              xformat("line %u: %s %s in a host loop: the elements its subscript reaches", line,
                      ast_expr_text(src, lv), reading ? "read" : "written"),
              lv->start, 0);
    return true;
}

/* The fixed-size array (or struct) a chain of subscripts of arrays and
 * members writes into, or NULL. */
static const Var *array_object(const Node *lv)
{
    const Node *n = ast_strip((Node *)lv);
    for (;;) {
        /* within the array: elements of elements, members by value; not
         * what a pointer stored in it points to */
        CXType base = n->nkids ? clang_getCanonicalType(ast_strip(n->kids[0])->type) : n->type;
        if ((n->kind == N_SUBSCRIPT && base.kind == CXType_ConstantArray) ||
            (n->kind == N_MEMBER && !strcmp(n->op, ".")))
            n = ast_strip(n->kids[0]);
        else
            break;
    }
    if (n->kind != N_DECLREF || !n->var)
        return NULL;
    /* an array (not a parameter: that is a pointer) or a struct holding it */
    enum CXTypeKind k = clang_getCanonicalType(n->var->type).kind;
    if (k == CXType_ConstantArray && clang_getCursorKind(n->var->decl) != CXCursor_ParmDecl)
        return n->var;
    return k == CXType_Record && n != ast_strip((Node *)lv) ? n->var : NULL;
}

static bool is_bitfield(const Node *lv)
{
    const Node *n = ast_strip((Node *)lv);
    if (n->kind != N_MEMBER)
        return false;
    CXCursor f = clang_getCursorReferenced(n->cursor);
    return !clang_Cursor_isNull(f) && clang_Cursor_isBitField(f);
}

/* Whether a loop of the statement runs `n` several times. */
static bool in_loop(const WriteCtx *w, const Node *n)
{
    for (const Node *p = n->parent; p; p = p->parent) {
        if (p == w->scope && w->control)
            break; /* a condition or step: inline is right each time round */
        if (p->kind == N_FOR || p->kind == N_WHILE || p->kind == N_DO)
            return true;
        if (p == w->scope)
            break;
    }
    return false;
}

/* `(pragreduce::host_wrote(...), EXPR)`: the invalidation right where the
 * write happens (its address evaluated exactly when the write is). */
static bool put_inline(WriteCtx *w, const Node *expr, char *call, char *why)
{
    if (in_macro(w->r, expr) || in_macro(w->r, w->scope))
        return false;
    EditList *to = w->r->held_edits ? w->r->held_edits : w->r->edits;
    edits_add(to, expr->start, expr->start, xformat("(%s, ", call));
    edits_add(to, expr->end, expr->end, xstrdup(")"));
    w->out->inlined++;
    if (w->r->explaining)
        strbuf_printf(&w->r->explain, "    %s [at the write]\n", why);
    return true;
}

/* A variable declared inside the statement the calls go before: out of
 * scope there (a static one may hold what an earlier run of it left). */
static bool declared_in_scope(const WriteCtx *w, const Var *v)
{
    return v->decl_offset != UINT32_MAX && v->decl_offset >= w->scope->start && v->decl_offset < w->scope->end;
}

/* Whether `root` is an array or struct declared inside the statement the
 * invalidations go before: there it is out of scope, and no marked loop
 * can read it while it lives (the statement holds none, nor a call of a
 * function with one); an object at its address later is written (and
 * invalidated) before it is read. */
static bool object_scoped_in(const WriteCtx *w, const Node *root)
{
    const Var *v = root ? root->var : NULL;
    if (!v || v->storage != VAR_LOCAL || clang_getCursorKind(v->decl) == CXCursor_ParmDecl)
        return false;
    enum CXTypeKind k = clang_getCanonicalType(v->type).kind;
    return (k == CXType_ConstantArray || k == CXType_VariableArray || k == CXType_Record) &&
           declared_in_scope(w, v);
}

/* A variable declared inside the statement whose invalidations go before
 * it, where it is out of scope (a static counter in a host loop, a local
 * whose address a call takes): -1 when no copy can hold it (its address is
 * never taken, and no marked loop sees its name), 1 when one may (its
 * address went somewhere: checked at the access, or everything), 0 for
 * other lvalues. */
static int scoped_variable(const WriteCtx *w, const Node *lv)
{
    /* the variable's own bytes (v, v.m), not memory reached through it */
    const Var *v = fx_dot_root(lv);
    if (!v || v->storage == VAR_GLOBAL || !declared_in_scope(w, v))
        return 0;
    return fx_is_addr_taken(&w->r->fx, v) ? 1 : -1;
}

/* A variable no kept copy can hold: a local whose address is never taken,
 * or a static local number never addressed (NPB CG's `callcount++`: no
 * pointer reaches it, and kernels take numbers by value). */
static bool outside_copies(const Res *r, const Var *v)
{
    if (fx_plain_local(&r->fx, v))
        return true;
    if (!v || v->storage != VAR_STATIC || v->is_volatile || fx_is_addr_taken(&r->fx, v))
        return false;
    CXType t = clang_getCanonicalType(v->type);
    return t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin && t.kind != CXType_Void;
}

static void classify_write(WriteCtx *w, const Node *lv_in, const Node *expr)
{
    Res *r = w->r;
    const Source *src = r->src;
    const Node *lv = ast_strip((Node *)lv_in);
    unsigned line, col;
    source_line_col(src, lv->start, &line, &col);
    const Var *root = fx_dot_root(lv);
    if (root && outside_copies(r, root))
        return;
    if (object_scoped_in(w, fx_address_root(lv)))
        return;
    char *text = in_macro(r, lv) ? NULL : ast_expr_text(src, lv);
    bool loop = in_loop(w, lv);
    char *inline_call = NULL, *inline_why = NULL; /* at the write, in a host loop: the last resort */
    const int scoped = scoped_variable(w, lv);
    if (scoped < 0)
        return;
    if (text && !is_bitfield(lv)) {
        char *call = xformat("pragreduce::host_wrote(&(%s), sizeof(%s))", text, text);
        char *why = xformat("line %u: %s written on the host: those bytes", line, text);
        if (scoped > 0) { /* out of scope before the statement: at the write */
            if (put_inline(w, expr, call, why))
                return;
        } else if (fx_safe(lv, true) && fx_invariant_at(&r->fx, &w->facts, lv, NULL, NULL, 0, true)) {
            add_inval(w->out, xformat("%s;", call), why, lv->start, 0);
            return;
        }
        /* at the write: only the assignment itself may change the address */
        Facts own = {0};
        fx_facts(&r->fx, expr, &own);
        if (fx_invariant_at(&r->fx, &own, lv, NULL, NULL, 0, true)) {
            if (!loop && put_inline(w, expr, call, why))
                return;
            inline_call = call;
            inline_why = why;
        }
    }
    const Node *s = lv;
    while (s->kind == N_MEMBER && !strcmp(s->op, ".") && s->nkids)
        s = ast_strip(s->kids[0]);
    if (s->kind == N_SUBSCRIPT && box_access(w, s, s, false))
        return;
    const Var *arr = array_object(lv);
    if (arr && !declared_in_scope(w, arr)) {
        add_inval(w->out, xformat("pragreduce::host_wrote(&(%s), sizeof(%s));", arr->name, arr->name),
                  xformat("line %u: an element of '%s' written on the host: all of '%s'",
                          line, arr->name, arr->name),
                  lv->start, 0);
        return;
    }
    /* in a host loop, at the write: one call per write, where dropping
     * every copy would send kmeans' 67 MB table up again each round for
     * the centres it writes through `clusters[i][j]` */
    if (inline_call && put_inline(w, expr, inline_call, inline_why))
        return;
    add_all(w->out,
            xformat("line %u: %s written through an address the statement changes", line,
                    text ? text : "memory"),
            lv->start);
}

/* The variable a statement `v = call(...)` assigns, when `call` is its value. */
static const Var *assigned_from(const Node *call)
{
    const Node *p = call->parent;
    while (p && (p->kind == N_CAST || p->kind == N_IMPLICIT || p->kind == N_PAREN))
        p = p->parent;
    if (p && p->kind == N_ASSIGN && !strcmp(p->op, "=") && p->nkids == 2) {
        const Node *t = ast_strip(p->kids[0]);
        return t->kind == N_DECLREF ? t->var : NULL;
    }
    return NULL;
}

/* ------------------------------------------------------------ MPI's buffers */

/* The bytes of `count` elements of the MPI datatype `type`, at run time. */
static char *mpi_bytes_text(const Source *src, const Node *count, const Node *type)
{
    char *c = ast_expr_text(src, count), *t = ast_expr_text(src, type);
    return xformat("[&]() -> size_t { int pr_size = 0; MPI_Type_size(%s, &pr_size); "
                   "return (%s) > 0 && pr_size > 0 ? (size_t)(%s) * (size_t)pr_size : 0; }()",
                   t, c, c);
}

/* A value no statement changes: a number, or a variable's address, under
 * casts (Open MPI's MPI_DOUBLE is `(MPI_Datatype)(void *)&ompi_mpi_double`,
 * MPICH's a cast number). */
static bool address_constant(const Node *n)
{
    n = ast_strip((Node *)n);
    while (n && n->kind == N_CAST && n->nkids)
        n = ast_strip(n->kids[n->nkids - 1]);
    if (!n)
        return false;
    if (n->kind == N_INTLIT)
        return true;
    if (n->kind == N_UNARY && !strcmp(n->op, "&") && n->nkids) {
        const Node *t = ast_strip(n->kids[0]);
        return t && t->kind == N_DECLREF && t->var;
    }
    return false;
}

/* Whether an MPI call's arguments at `args` (0: none) can be evaluated
 * before its statement, with the same values: the call is the whole
 * statement (its arguments are then evaluated right there, before it
 * writes anything) and they have no side effects; else safe and unchanged
 * by the statement. */
static bool mpi_args_ready(WriteCtx *w, const Node *call, const int *args, int nargs)
{
    const bool alone = ast_strip((Node *)w->scope) == call;
    for (int a = 0; a < nargs; a++) {
        if (!args[a])
            continue;
        const Node *x = call->kids[args[a]];
        if (alone ? !reduction_side_effect_free(x)
                  : !fx_safe(x, false) ||
                        !(address_constant(x) || fx_invariant(&w->r->fx, &w->facts, x, NULL, NULL, 0)))
            return false;
    }
    return true;
}

/* A status the caller passes: MPI_STATUS_IGNORE (a macro, a null
 * pointer) writes nothing; anything else, the struct it points to. */
static bool mpi_status_ignored(const Res *r, const Node *arg) { return in_macro(r, arg); }

/* A blocking MPI call's writes: its receive buffer's bytes and the status
 * (before the statement); false when they cannot be bounded there. */
static bool mpi_call_writes(WriteCtx *w, const Node *call, const FxMpiModel *m, unsigned line)
{
    Res *r = w->r;
    if (in_macro(r, call))
        return false;
    const int args[3] = {m->wbuf, m->wcount, m->wtype};
    if (!mpi_args_ready(w, call, args, 3))
        return false;
    if (m->wbuf) {
        char *buf = ast_expr_text(r->src, call->kids[m->wbuf]);
        add_inval(w->out,
                  xformat("pragreduce::host_wrote(%s, %s);", buf,
                          mpi_bytes_text(r->src, call->kids[m->wcount], call->kids[m->wtype])),
                  xformat("line %u: %s receives into %s: those bytes", line, m->name, buf), call->start, 0);
    }
    if (m->status && !mpi_status_ignored(r, call->kids[m->status])) {
        const int st[1] = {m->status};
        if (!mpi_args_ready(w, call, st, 1))
            return false;
        char *sp = ast_expr_text(r->src, call->kids[m->status]);
        add_inval(w->out, xformat("pragreduce::host_wrote(%s, sizeof(MPI_Status));", sp),
                  xformat("line %u: %s writes the status at %s", line, m->name, sp), call->start, 0);
    }
    return true;
}

/* A blocking MPI call's reads: its send buffer's bytes (and the receive
 * buffer of a reduction, MPI_IN_PLACE), brought back before the
 * statement; false when they cannot be bounded there. */
static bool mpi_call_reads(WriteCtx *w, const Node *call, const FxMpiModel *m, unsigned line)
{
    Res *r = w->r;
    if (in_macro(r, call))
        return false;
    const int reads[2][3] = {{m->rbuf, m->rcount, m->rtype}, {m->r2buf, m->r2count, m->r2type}};
    for (int k = 0; k < 2; k++) {
        if (!reads[k][0])
            continue;
        if (!mpi_args_ready(w, call, reads[k], 3))
            return false;
        char *buf = ast_expr_text(r->src, call->kids[reads[k][0]]);
        add_inval(w->out,
                  xformat("pragreduce::host_reads(%s, %s);", buf,
                          mpi_bytes_text(r->src, call->kids[reads[k][1]], call->kids[reads[k][2]])),
                  xformat("line %u: %s sends from %s: what kernels wrote there comes back", line, m->name, buf),
                  call->start, 0);
    }
    return true;
}

static void classify_call(WriteCtx *w, const Node *call)
{
    Res *r = w->r;
    const Source *src = r->src;
    unsigned line, col;
    source_line_col(src, call->start, &line, &col);
    CXCursor fn = fx_callee(call);
    if (clang_Cursor_isNull(fn)) {
        add_all(w->out, xformat("line %u: a call through a pointer may write anything", line),
                call->start);
        return;
    }
    if (fx_pure_call(&r->fx, call) || fx_harmless(&r->fx, fn))
        return;
    CXCursor def = clang_getCursorDefinition(fn);
    const char *name = call->name ? call->name : "?";
    if (clang_Cursor_isNull(def) || !source_cursor_in_main(src, def)) {
        const int m = fx_mpi_model_of(&r->fx, call);
        if (m >= 0) {
            if (!mpi_call_writes(w, call, &fx_mpi_models[m], line))
                add_all(w->out, xformat("line %u: %s with buffers it cannot bound here", line, name), call->start);
            return;
        }
        int k = fx_model_of(&r->fx, call);
        if (k >= 0 && !fx_models[k].n1) {
            /* free, realloc: the block's copies dropped as it is freed (what
             * kernels wrote there first comes back for realloc, which copies it) */
            const Node *arg = call->kids[fx_models[k].dst];
            const bool frees = !strcmp(name, "free");
            if (!in_macro(r, arg) && !in_macro(r, call)) {
                edits_add(r->edits, arg->start, arg->start,
                          xstrdup(frees ? "pragreduce::freeing(" : "pragreduce::reallocating("));
                edits_add(r->edits, arg->end, arg->end, xstrdup(")"));
                w->out->inlined++;
                if (r->explaining)
                    strbuf_printf(&r->explain, "    line %u: %s(%s): the block's copies dropped\n", line,
                                  name, ast_expr_text(src, arg));
            } else {
                add_inval(w->out, xstrdup("pragreduce::host_wrote_all(true);"),
                          xformat("line %u: %s from a macro: every copy, data regions' too", line, name),
                          call->start, 2);
            }
            return;
        }
        if (k >= 0 && object_scoped_in(w, fx_pointee_root(call->kids[fx_models[k].dst])))
            return; /* snprintf(line, ...) into a buffer declared in the statement */
        if (k >= 0 && fx_models[k].n1 == -2) {
            /* sprintf(name, ...) into an array variable: that array */
            const Node *root = fx_pointee_root(call->kids[fx_models[k].dst]);
            const Var *v = root ? root->var : NULL;
            if (v && clang_getCursorKind(v->decl) != CXCursor_ParmDecl &&
                clang_getCanonicalType(v->type).kind == CXType_ConstantArray) {
                add_inval(w->out, xformat("pragreduce::host_wrote(&(%s), sizeof(%s));", v->name, v->name),
                          xformat("line %u: %s writes the array '%s'", line, name, v->name), call->start, 0);
                return;
            }
        } else if (k >= 0) {
            const Var *exempt = assigned_from(call);
            bool inv = true;
            int args[3] = {fx_models[k].dst, fx_models[k].n1 > 0 ? fx_models[k].n1 : 0, fx_models[k].n2};
            /* safe arguments run before the statement; others at the call */
            bool safe = true;
            for (int a = 0; a < 3; a++)
                if (args[a])
                    safe &= fx_safe(call->kids[args[a]], false);
            Facts own = {0};
            fx_facts(&r->fx, call, &own);
            for (int a = 0; a < 3 && inv; a++)
                if (args[a])
                    inv = !in_macro(r, call->kids[args[a]]) &&
                          fx_invariant(&r->fx, safe ? &w->facts : &own, call->kids[args[a]], exempt, NULL, 0);
            if (inv) {
                char *dst = ast_expr_text(src, call->kids[fx_models[k].dst]);
                char *bytes = fx_models[k].n1 < 0 ? xformat("sizeof *(%s)", dst)
                              : fx_models[k].n2
                                  ? xformat("(size_t)(%s) * (size_t)(%s)",
                                            ast_expr_text(src, call->kids[fx_models[k].n1]),
                                            ast_expr_text(src, call->kids[fx_models[k].n2]))
                                  : xformat("(size_t)(%s)", ast_expr_text(src, call->kids[fx_models[k].n1]));
                char *inv_call = xformat("pragreduce::host_wrote(%s, %s)", dst, bytes);
                char *why = xformat("line %u: %s writes %s: those bytes", line, name, dst);
                if (safe) {
                    add_inval(w->out, xformat("%s;", inv_call), why, call->start, 0);
                    return;
                }
                if (!in_loop(w, call) && put_inline(w, call, inv_call, why))
                    return;
            }
        }
        add_all(w->out,
                xformat("line %u: a call of '%s', which may write through its arguments or globals",
                        line, name),
                call->start);
        return;
    }
    /* a function that writes through some of its pointer parameters: what
     * the arguments point into, when that is a fixed-size array */
    FnSummary *sum = fx_summary(&r->fx, def);
    if (sum->state == 2) {
        InvalList mine = {0};
        bool known = true;
        for (int j = 0; j < 64 && j + 1 < call->nkids && known; j++) {
            if (!(sum->params >> j & 1))
                continue;
            /* into the array itself, not where a pointer stored in it points */
            const Node *root = fx_pointee_root(call->kids[j + 1]);
            if (object_scoped_in(w, root))
                continue;
            const Var *v = root ? root->var : NULL;
            known = v && clang_getCursorKind(v->decl) != CXCursor_ParmDecl &&
                    clang_getCanonicalType(v->type).kind == CXType_ConstantArray;
            if (known)
                add_inval(&mine, xformat("pragreduce::host_wrote(&(%s), sizeof(%s));", v->name, v->name),
                          xformat("line %u: '%s' writes the array '%s' through its parameter %d", line,
                                  name, v->name, j + 1),
                          call->start, 0);
        }
        if (known) {
            for (int i = 0; i < mine.count; i++)
                add_inval(w->out, mine.items[i].text, mine.items[i].why, mine.items[i].at, 0);
            return;
        }
        add_all(w->out,
                xformat("line %u: '%s' writes through a pointer argument of unknown extent", line,
                        name),
                call->start);
        return;
    }
    add_all(w->out,
            xformat("line %u: a call of '%s', which writes other than its locals", line, name),
            call->start);
}

static void walk_writes(WriteCtx *w, const Node *n)
{
    if ((n->kind == N_ASSIGN && n->nkids) ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")) && n->nkids))
        classify_write(w, n->kids[0], n);
    else if (n->kind == N_CALL)
        classify_call(w, n);
    /* a statement expression (glibc's assert) is walked as the statements
     * it holds */
    else if (n->kind == N_ASM) {
        unsigned line, col;
        source_line_col(w->r->src, n->start, &line, &col);
        add_all(w->out, xformat("line %u: inline assembly", line), n->start);
    }
    for (int i = 0; i < n->nkids; i++)
        walk_writes(w, n->kids[i]);
}

/* The invalidations for the writes of `n`, run before `scope`. */
static InvalList writes_of(Res *r, const Node *n, const Node *scope)
{
    InvalList out = {0};
    WriteCtx w = {r, scope, n != scope && (scope->kind == N_FOR || scope->kind == N_WHILE ||
                                           scope->kind == N_DO),
                  {0}, &out};
    fx_facts(&r->fx, scope, &w.facts);
    walk_writes(&w, n);
    return out;
}


/* ------------------------------------------------------------ reads */

/* What a kernel writes into a kept copy stays on the GPU until the host
 * reads it. Before each host statement goes what it may read: the bytes
 * of each lvalue it loads (host_reads(&(L), sizeof(L))), a host loop's
 * box of subscripts, a fixed-size array, or host_reads_all() for reads the
 * analysis cannot bound (a call of a function it does not instrument, a
 * pointer argument of a library function, an address the statement
 * changes). Those calls cost a load while nothing waits on the GPU. */

static void add_read_all(InvalList *l, char *why, unsigned at)
{
    add_inval(l, xstrdup("pragreduce::host_reads_all();"), why, at, 3);
}

static bool is_read_item(const Inval *v) { return !strncmp(v->text, "pragreduce::host_reads", 22); }

/* The type of what an array (of arrays) or pointer holds, or the type itself. */
static CXType leaf_type(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray)
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    return t;
}

static bool record_like(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_Record || k == CXType_Elaborated;
}

/* A type's canonical spelling without const, volatile and signedness
 * (C lets `unsigned int` read an `int` object and the reverse). */
static char *unqualified_spelling(CXType t)
{
    CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *c = clang_getCString(sp);
    StrBuf sb = {0};
    while (*c) {
        if (!strncmp(c, "const ", 6))
            c += 6;
        else if (!strncmp(c, "volatile ", 9))
            c += 9;
        else if (!strncmp(c, "unsigned ", 9))
            c += 9;
        else if (!strncmp(c, "signed ", 7))
            c += 7;
        else {
            char one[2] = {*c++, 0};
            strbuf_puts(&sb, one);
        }
    }
    clang_disposeString(sp);
    return strbuf_steal(&sb);
}

/* Whether an object of type `t` may hold bytes a kernel of the file wrote
 * (C's aliasing rules: the array's element type, a character type, a
 * struct or union that may contain it). */
static bool may_hold_kernel_writes(const Res *r, CXType t)
{
    if (!r->reads_on)
        return false;
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_Void || fx_char_type(t) || record_like(t) || r->written_record)
        return true;
    char *sp = unqualified_spelling(t);
    for (int i = 0; i < r->nwritten_types; i++)
        if (!strcmp(sp, r->written_types[i]))
            return true;
    return false;
}

/* The element types the file's kernels write (Res.written_types). */
static void collect_written_types(Res *r)
{
    for (int i = 0; i < r->nsites; i++) {
        const Site *site = &r->sites[i];
        if (site->rejected || !site->loop)
            continue;
        for (int k = 0; k < site->ncaptures; k++) {
            const Capture *cap = &site->captures[k];
            if (cap->kind != CAP_ARRAY || !cap->written)
                continue;
            CXType t = leaf_type(cap->var->type);
            r->reads_on = true;
            /* a struct, or an enum its integer type may read: any type counts */
            r->written_record |= record_like(t) || t.kind == CXType_Unexposed || t.kind == CXType_Enum;
            r->written_char |= fx_char_type(t);
            r->written_types = xrealloc(r->written_types, (size_t)(r->nwritten_types + 1) * sizeof(char *));
            r->written_types[r->nwritten_types++] = unqualified_spelling(t);
        }
    }
}

static bool is_array_type(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray ||
           k == CXType_DependentSizedArray;
}

/* Whether `n` is an lvalue in memory whose value the expression loads: not
 * an array (it decays), not under `&`, not the object of a `.` (its member
 * is what is read), not the target of a plain `=`. */
static bool memory_read(const Res *r, const Node *n)
{
    switch (n->kind) {
    case N_SUBSCRIPT:
    case N_MEMBER:
        break;
    case N_UNARY:
        if (strcmp(n->op, "*") != 0 || !n->nkids)
            return false;
        break;
    case N_DECLREF:
        if (!n->var || fx_plain_local(&r->fx, n->var))
            return false;
        break;
    default:
        return false;
    }
    CXType t = clang_getCanonicalType(n->type);
    if (is_array_type(t) || t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto ||
        !may_hold_kernel_writes(r, t))
        return false;
    const Node *child = n, *p = n->parent;
    while (p && (p->kind == N_PAREN || p->kind == N_IMPLICIT)) {
        child = p;
        p = p->parent;
    }
    if (!p)
        return true;
    if (p->kind == N_UNARY && !strcmp(p->op, "&"))
        return false;
    if (p->kind == N_MEMBER && !strcmp(p->op, ".") && p->nkids && p->kids[0] == child)
        return false;
    if (p->kind == N_ASSIGN && !strcmp(p->op, "=") && p->nkids && p->kids[0] == child)
        return false;
    return true;
}

static void classify_read(WriteCtx *w, const Node *lv)
{
    Res *r = w->r;
    const Source *src = r->src;
    const Var *root = fx_dot_root(lv);
    if (root && outside_copies(r, root))
        return;
    if (object_scoped_in(w, fx_address_root(lv)))
        return;
    unsigned line, col;
    source_line_col(src, lv->start, &line, &col);
    char *text = in_macro(r, lv) ? NULL : ast_expr_text(src, lv);
    const int scoped = scoped_variable(w, lv);
    if (scoped < 0)
        return;
    if (scoped > 0) {
        add_read_all(w->out, xformat("line %u: %s, declared inside the statement, read through its address", line,
                                     text ? text : "memory"),
                     lv->start);
        return;
    }
    if (text && !is_bitfield(lv) && fx_safe(lv, true) &&
        fx_invariant_at(&r->fx, &w->facts, lv, NULL, NULL, 0, true)) {
        add_inval(w->out, xformat("pragreduce::host_reads(&(%s), sizeof(%s));", text, text),
                  xformat("line %u: %s read on the host: what a kernel wrote there comes back", line, text),
                  lv->start, 0);
        return;
    }
    const Node *s = lv;
    while (s->kind == N_MEMBER && !strcmp(s->op, ".") && s->nkids)
        s = ast_strip(s->kids[0]);
    if (s->kind == N_SUBSCRIPT && box_access(w, s, s, true))
        return;
    const Var *arr = array_object(lv);
    if (arr && !declared_in_scope(w, arr)) {
        add_inval(w->out, xformat("pragreduce::host_reads(&(%s), sizeof(%s));", arr->name, arr->name),
                  xformat("line %u: an element of '%s' read on the host: all of '%s' comes back", line,
                          arr->name, arr->name),
                  lv->start, 0);
        return;
    }
    add_read_all(w->out,
                 xformat("line %u: %s read at an address the statement computes", line, text ? text : "memory"),
                 lv->start);
}

/* A string literal, a null pointer, a FILE *: nothing a kernel writes. */
static bool never_kept(const Node *arg)
{
    /* an MPI handle (Open MPI's MPI_Comm is a pointer to its own struct):
     * the library's object, never the program's arrays */
    const Node *h = ast_strip((Node *)arg);
    if (h) {
        CXString hs = clang_getTypeSpelling(h->type);
        const char *hn = clang_getCString(hs);
        static const char *const handles[] = {"MPI_Comm", "MPI_Datatype", "MPI_Op", "MPI_Group",
                                              "MPI_Info", "MPI_Errhandler", "MPI_Win", "MPI_File",
                                              "MPI_Message", "MPI_Request", NULL};
        bool handle = false;
        for (int i = 0; handles[i] && !handle; i++)
            handle = !strcmp(hn, handles[i]) || (!strncmp(hn, "const ", 6) && !strcmp(hn + 6, handles[i]));
        clang_disposeString(hs);
        if (handle)
            return true;
    }
    const Node *a = ast_strip((Node *)arg);
    while (a && a->kind == N_CAST && a->nkids)
        a = ast_strip(a->kids[a->nkids - 1]);
    if (!a || a->kind == N_STRINGLIT || a->kind == N_INTLIT || (a->kind == N_OTHER && a->nkids == 0))
        return true;
    CXType t = clang_getCanonicalType(a->type);
    if (t.kind != CXType_Pointer)
        return false;
    CXString sp = clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(t)));
    bool file = strstr(clang_getCString(sp), "_IO_FILE") != NULL || !strcmp(clang_getCString(sp), "FILE") ||
                !strcmp(clang_getCString(sp), "struct FILE");
    clang_disposeString(sp);
    return file;
}

/* The first argument (from 1, not `skip`) that points into memory a
 * kernel of the file may have written, or 0. A `char *` counts only where
 * a kernel writes characters (strings printed, parsed, compared). */
static int pointer_argument(const Res *r, const Node *call, int skip)
{
    for (int j = 1; j < call->nkids; j++) {
        if (j == skip)
            continue;
        CXType t = clang_getCanonicalType(ast_strip(call->kids[j])->type);
        if (!(t.kind == CXType_Pointer || is_array_type(t)) || never_kept(call->kids[j]))
            continue;
        CXType to = leaf_type(t);
        /* a function it calls back (qsort's comparison) may read anything */
        bool callback = to.kind == CXType_FunctionProto || to.kind == CXType_FunctionNoProto;
        if (callback ? r->reads_on : fx_char_type(to) ? r->written_char : may_hold_kernel_writes(r, to))
            return j;
    }
    return 0;
}

static bool reads_only_own_fn(Res *r, CXCursor def);

/* exit runs the handlers atexit registered, which may read anything */
static bool ends_program(const char *name)
{
    return !strcmp(name, "exit") || !strcmp(name, "quick_exit") || !strcmp(name, "_Exit");
}

/* Whether a function of the file reads nothing but its own variables and
 * the values passed to it: no globals, no pointer parameters, no calls but
 * of library functions (pure or modeled, effects.c) without pointer
 * arguments that may hold kernels' writes, and of such functions. */
static bool reads_only_own(Res *r, const Node *n)
{
    if (n->kind == N_ASM)
        return false;
    if (n->kind == N_DECLREF && n->var) {
        CXType t = clang_getCanonicalType(n->var->type);
        bool global = n->var->storage != VAR_LOCAL;
        bool pointer_param = clang_getCursorKind(n->var->decl) == CXCursor_ParmDecl &&
                             (t.kind == CXType_Pointer || is_array_type(t));
        if ((global || pointer_param) && may_hold_kernel_writes(r, leaf_type(t)))
            return false;
    }
    if (n->kind == N_CALL) {
        CXCursor fn = fx_callee(n);
        if (clang_Cursor_isNull(fn))
            return false;
        /* a library function: what its pointer arguments reach; a timer's
         * object (clock_gettime's `&t`: one object written, n1 -1) is only
         * written */
        const int k = fx_model_of(&r->fx, n);
        if (fx_pure_call(&r->fx, n) || k >= 0) {
            const int written_only = k >= 0 && fx_models[k].n1 == -1 ? fx_models[k].dst : 0;
            if (pointer_argument(r, n, written_only) || (n->name && ends_program(n->name)))
                return false;
        } else {
            CXCursor def = clang_getCursorDefinition(fn);
            if (clang_Cursor_isNull(def) || !source_cursor_in_main(r->src, def) || !reads_only_own_fn(r, def))
                return false;
        }
    }
    for (int i = 0; i < n->nkids; i++)
        if (!reads_only_own(r, n->kids[i]))
            return false;
    return true;
}

static bool reads_only_own_fn(Res *r, CXCursor def)
{
    CXCursor canon = clang_getCanonicalCursor(def);
    for (OwnReads *o = r->own_reads; o; o = o->next)
        if (clang_equalCursors(o->def, canon))
            return o->only_own;
    OwnReads *o = xcalloc(1, sizeof *o);
    *o = (OwnReads){canon, false, r->own_reads};
    r->own_reads = o;
    Node *tree = ast_build(r->src, def);
    o->only_own = tree && reads_only_own(r, tree);
    return o->only_own;
}

static void classify_call_reads(WriteCtx *w, const Node *call)
{
    Res *r = w->r;
    unsigned line, col;
    source_line_col(r->src, call->start, &line, &col);
    CXCursor fn = fx_callee(call);
    if (clang_Cursor_isNull(fn)) {
        add_read_all(w->out, xformat("line %u: a call through a pointer may read anything", line), call->start);
        return;
    }
    const char *name = call->name ? call->name : "?";
    CXCursor def = clang_getCursorDefinition(fn);
    if (!clang_Cursor_isNull(def) && source_cursor_in_main(r->src, def)) {
        /* a function with a region brings back what its own statements read */
        if (fx_is_regioned(&r->fx, def) || reads_only_own_fn(r, def))
            return;
        add_read_all(w->out,
                     xformat("line %u: a call of '%s', which reads memory other than its own variables", line,
                             name),
                     call->start);
        return;
    }
    if (ends_program(name)) {
        add_read_all(w->out, xformat("line %u: '%s' runs exit handlers, which may read anything", line, name),
                     call->start);
        return;
    }
    const int m = fx_mpi_model_of(&r->fx, call);
    if (m >= 0) {
        if (!mpi_call_reads(w, call, &fx_mpi_models[m], line))
            add_read_all(w->out, xformat("line %u: %s with buffers it cannot bound here", line, name),
                         call->start);
        return;
    }
    int k = fx_model_of(&r->fx, call);
    if (fx_pure_call(&r->fx, call) || k >= 0) {
        /* free and realloc bring their block back themselves (freeing) */
        if (pointer_argument(r, call, k >= 0 ? fx_models[k].dst : 0))
            add_read_all(w->out, xformat("line %u: '%s' reads through a pointer argument", line, name),
                         call->start);
        return;
    }
    add_read_all(w->out, xformat("line %u: a call of '%s', which may read what kernels wrote", line, name),
                 call->start);
}

static void walk_reads(WriteCtx *w, const Node *n)
{
    if (n->kind == N_SIZEOF)
        return;
    if (memory_read(w->r, n))
        classify_read(w, n);
    else if (n->kind == N_CALL)
        classify_call_reads(w, n);
    else if (n->kind == N_ASM) {
        unsigned line, col;
        source_line_col(w->r->src, n->start, &line, &col);
        add_read_all(w->out, xformat("line %u: inline assembly", line), n->start);
    }
    for (int i = 0; i < n->nkids; i++)
        walk_reads(w, n->kids[i]);
}

/* What `n` may read, brought back before `scope`. */
static InvalList reads_of(Res *r, const Node *n, const Node *scope)
{
    InvalList out = {0};
    if (!r->reads_on)
        return out;
    WriteCtx w = {r, scope, false, {0}, &out};
    fx_facts(&r->fx, scope, &w.facts);
    walk_reads(&w, n);
    return out;
}

static void merge(InvalList *into, const InvalList *from)
{
    for (int k = 0; k < from->count; k++)
        add_inval(into, from->items[k].text, from->items[k].why, from->items[k].at, from->items[k].level);
}

/* ------------------------------------------------------------ placement */

static char *inval_text(const InvalList *l)
{
    StrBuf sb = {0};
    bool all = false, all_sticky = false, read_all = false;
    for (int i = 0; i < l->count; i++) {
        all |= l->items[i].level == 1;
        all_sticky |= l->items[i].level == 2;
        read_all |= l->items[i].level == 3;
    }
    if (all_sticky) {
        /* every copy stale: what kernels wrote comes back first */
        strbuf_puts(&sb, "pragreduce::host_wrote_all(true); ");
    } else {
        if (read_all)
            strbuf_puts(&sb, "pragreduce::host_reads_all(); ");
        if (all)
            strbuf_puts(&sb, "pragreduce::host_wrote_all(); ");
        /* ranges still matter to data regions' copies */
        for (int i = 0; i < l->count; i++)
            if (l->items[i].level == 0 && !(read_all && is_read_item(&l->items[i]))) {
                strbuf_puts(&sb, l->items[i].text);
                strbuf_puts(&sb, " ");
            }
    }
    return strbuf_steal(&sb);
}

static void note(Res *r, const InvalList *l, const char *where)
{
    if (!r->explaining)
        return;
    for (int i = 0; i < l->count; i++)
        strbuf_printf(&r->explain, "    %s%s%s\n", l->items[i].why,
                      l->items[i].level == 1   ? " (every copy but data regions')"
                      : l->items[i].level == 3 ? " (all that kernels wrote comes back)"
                                               : "",
                      where);
}

/* The text range of a statement: a marked loop from its pragma. (A data
 * directive's statement is in a block, never braced here, and what goes
 * before it goes after the directive: inside the region.) */
static void stmt_range(const Res *r, const Node *n, unsigned *s, unsigned *e)
{
    int which;
    if (is_marked_loop(r, n, &which)) {
        *s = r->sites[which].pragma.start;
        *e = r->sites[which].loop_end;
    } else {
        /* a directive goes with its statement (OpenMP's, GCC ivdep, ...) */
        *s = source_pragma_group_start(r->src, n->start);
        *e = stmt_text_end(r->src, n);
    }
}

/* A statement that is the body of an if, else or loop needs braces around
 * what is put before or after it. */
static bool needs_braces(const Node *n)
{
    const Node *p = n->parent;
    if (!p)
        return false;
    switch (p->kind) {
    case N_IF:
        return n != p->kids[0];
    case N_WHILE:
    case N_FOR:
        return n == p->kids[p->nkids - 1];
    case N_DO:
        return n == p->kids[0];
    default:
        return false;
    }
}

static void put_around_braced(Res *r, const Node *n, const char *before, const char *after, bool force_braces)
{
    unsigned s, e;
    stmt_range(r, n, &s, &e);
    bool braces = force_braces || needs_braces(n);
    if (s != n->start && (braces || (before && *before))) {
        /* before a `#pragma omp` line: the directive keeps a line of its own */
        unsigned line, col;
        source_line_col(r->src, s, &line, &col);
        StrBuf sb = {0};
        strbuf_printf(&sb, "%s%s\n", braces ? "{ " : "", before ? before : "");
        if (r->line_directives)
            strbuf_line_directive(&sb, line, r->src->path);
        for (unsigned i = 1; i < col; i++)
            strbuf_puts(&sb, " ");
        edits_add(r->edits, s, s, strbuf_steal(&sb));
    } else if (braces || (before && *before))
        edits_add(r->edits, s, s, xformat("%s%s", braces ? "{ " : "", before ? before : ""));
    if (braces || (after && *after))
        edits_add(r->edits, e, e, xformat("%s%s", after && *after ? " " : "",
                                          braces ? (after && *after ? xformat("%s }", after) : " }")
                                                 : after));
}

static void put_around(Res *r, const Node *n, const char *before, const char *after)
{
    put_around_braced(r, n, before, after, false);
}

/* A host loop that holds no marked loop, data directive or call of a
 * function with a region: no device copy can appear while it runs, so
 * whether any is kept is asked once before it (`pr_kept_N`), not at each
 * write it makes (kmeans' set-up writes 16.7 M elements through row
 * pointers, ~2.7 ns each). The held `(host_wrote(...), ` edits become
 * `((pr_kept_N ? host_wrote(...) : (void)0), `. Returns the name, or NULL
 * where the statement does not qualify. */
static bool leaf_in_macro(const Res *r, const Node *n);

static char *hoist_kept_check(Res *r, const Node *n, EditList *held, bool threaded)
{
    unsigned s, e;
    stmt_range(r, n, &s, &e);
    if (threaded || held->count == 0 || n->from_macro || leaf_in_macro(r, n) ||
        (n->kind != N_FOR && n->kind != N_WHILE && n->kind != N_DO) || holds_special(r, s, e))
        return NULL;
    static const char call[] = "(pragreduce::host_wrote";
    for (size_t i = 0; i < held->count; i++) {
        const char *t = held->items[i].text;
        if (strcmp(t, ")") != 0 && strncmp(t, call, sizeof call - 1) != 0)
            return NULL; /* an edit of another kind: left as it is */
    }
    char *kept = xformat("pr_kept_%u", n->start);
    for (size_t i = 0; i < held->count; i++) {
        const char *t = held->items[i].text; /* "(" CALL ", " */
        size_t len = strlen(t);
        if (!strcmp(t, ")") || len < 4 || strcmp(t + len - 2, ", ") != 0)
            continue;
        held->items[i].text = xformat("((%s ? %.*s : (void)0), ", kept, (int)(len - 3), t + 1);
    }
    return kept;
}

/* Whether a loop's text may appear twice in its function (put_versioned):
 * no labels or case labels (function-wide names; a case may belong to a
 * switch around the loop), no static locals (two copies would be two
 * variables), no inline assembly. */
static bool may_repeat(const Node *n)
{
    if (n->kind == N_LABEL || n->kind == N_CASE || n->kind == N_DEFAULT || n->kind == N_ASM ||
        (n->kind == N_VARDECL && n->var && n->var->storage != VAR_LOCAL))
        return false;
    for (int i = 0; i < n->nkids; i++)
        if (!may_repeat(n->kids[i]))
            return false;
    return true;
}

/* `{ BEFORE if (!any_resident()) { const bool K = false; LOOP } else { const
 * bool K = true; LOOP } AFTER }`: with no copy kept the compiler sees the
 * loop as written, its writes' host_wrote calls gone. A call left in the
 * loop, even on a branch never taken, costs the plain loop its registers
 * (kmeans' set-up: values spilled around it, 1.35x the loop's time). */
static void put_versioned(Res *r, const Node *n, const char *kept, const char *before, const char *after)
{
    unsigned s, e, line, col, end_line, end_col;
    stmt_range(r, n, &s, &e);
    source_line_col(r->src, s, &line, &col);
    source_line_col(r->src, e, &end_line, &end_col);
    StrBuf to_line = {0}, to_end = {0};
    if (r->line_directives) {
        strbuf_line_directive(&to_line, line, r->src->path);
        strbuf_line_directive(&to_end, end_line, r->src->path);
    }
    for (unsigned i = 1; i < col; i++)
        strbuf_puts(&to_line, " ");
    for (unsigned i = 1; i < end_col; i++)
        strbuf_puts(&to_end, " ");
    char *at_start = strbuf_steal(&to_line), *at_end = strbuf_steal(&to_end);
    edits_add(r->edits, s, s,
              xformat("{ %sif (!pragreduce::any_resident()) { const bool %s = false; /* no device copy kept: "
                      "the loop as written */\n%s",
                      before, kept, at_start));
    edits_mark(r->edits, s, n->start);
    edits_add(r->edits, e, e,
              xformat("\n} else { const bool %s = true; /* the same loop, telling residency its writes */\n%s%s\n}\n%s%s%s }",
                      kept, at_start, edits_repeat(n->start), at_end, after ? after : "", after ? " " : ""));
}

/* At the start of a loop body (and, through `after`, after the loop). */
static void put_in_body(Res *r, const Node *body, const char *text)
{
    if (in_macro(r, body)) {
        r->give_up = true; /* no place for it: this function keeps nothing */
        r->give_up_why = "a write in the condition or step of a loop whose body comes from a macro";
        return;
    }
    if (body->kind == N_COMPOUND) {
        edits_add(r->edits, body->start + 1, body->start + 1, xformat(" %s", text));
        return;
    }
    unsigned s, e;
    stmt_range(r, body, &s, &e);
    edits_add(r->edits, s, s, xformat("{ %s", text));
    edits_add(r->edits, e, e, xstrdup(" }"));
}

static char *where_line(const Res *r, const char *what, unsigned at)
{
    unsigned line, col;
    source_line_col(r->src, at, &line, &col);
    return xformat(" [%s line %u]", what, line);
}

static void rewrite_stmt(Res *r, Node *n);

/* Calls of functions with regions in an expression whose statement writes
 * nothing before them that is invalidated before the statement: the callee's
 * region is chained to this one (pragreduce::chain_next() just before the
 * call), so it reuses this call's copies and leaves its own here. When the
 * statement also reads memory (`reads`), perhaps after the call, what the
 * callee's kernels wrote comes back as it returns (chain_next(true)). */
static void mark_chains(Res *r, const Node *n, bool reads)
{
    if (n->kind == N_CALL && n->nkids && !in_macro(r, n)) {
        CXCursor fn = fx_callee(n);
        const Node *callee = ast_strip(n->kids[0]);
        if (!clang_Cursor_isNull(fn) && fx_is_regioned(&r->fx, clang_getCursorDefinition(fn)) &&
            !in_macro(r, callee)) {
            edits_add(r->edits, callee->start, callee->start,
                      xstrdup(reads ? "(pragreduce::chain_next(true), " : "(pragreduce::chain_next(), "));
            edits_add(r->edits, callee->end, callee->end, xstrdup(")"));
            if (r->explaining) {
                unsigned line, col;
                source_line_col(r->src, n->start, &line, &col);
                strbuf_printf(&r->chains, "    line %u: '%s'\n", line, n->name ? n->name : "?");
            }
        }
    }
    for (int i = 0; i < n->nkids; i++)
        mark_chains(r, n->kids[i], reads);
}

/* `T v = ...` (an array's size is a child of the declaration too). */
static bool has_initializer(const Source *src, const Node *d)
{
    unsigned at;
    if (d->from_macro || !source_offset(src, clang_getCursorLocation(d->cursor), &at))
        return d->nkids > 0;
    int depth = 0;
    for (size_t t = source_token_at(src, at); t < src->ntokens && src->tokens[t].offset < d->end; t++) {
        const char *x = src->tokens[t].text;
        if (!strcmp(x, "(") || !strcmp(x, "["))
            depth++;
        else if (!strcmp(x, ")") || !strcmp(x, "]"))
            depth--;
        else if (depth == 0 && !strcmp(x, "="))
            return true;
    }
    return false;
}

/* A statement of a macro's expansion, one that starts or ends in a macro's
 * arguments, or one that shares its start with the statement before it
 * (both from one invocation). */
static bool leaf_in_macro(const Res *r, const Node *n)
{
    if (source_inside_macro(r->src, n->start))
        return true;
    const Node *p = n->parent;
    for (int i = 0; p && i < p->nkids && p->kids[i] != n; i++)
        if (p->kids[i]->end > n->start || p->kids[i]->start >= n->start)
            return true;
    return false;
}

/* Its invalidations go before the whole invocation, never into its
 * arguments, and name no variable (the macro may declare it): every copy
 * is stale, data regions' too. Where even that has no place (a statement
 * of an expansion that is the body of an if or a loop without braces),
 * the function keeps nothing. */
static void rewrite_macro_leaf(Res *r, Node *n, const InvalList *l, const InvalList *after)
{
    unsigned line, col;
    source_line_col(r->src, n->start, &line, &col);
    InvalList all = {0};
    bool reads_only = after->count == 0;
    for (int i = 0; i < l->count; i++)
        reads_only &= l->items[i].level == 3 || is_read_item(&l->items[i]);
    if (reads_only)
        add_read_all(&all,
                     xformat("line %u: a read in a macro invocation (%s): everything", line, l->items[0].why),
                     n->start);
    else
        add_inval(&all, xstrdup("pragreduce::host_wrote_all(true);"),
                  xformat("line %u: a write in a macro invocation (%s): every copy, data regions' too", line,
                          l->count ? l->items[0].why : after->items[0].why),
                  n->start, 2);
    unsigned at = n->start, end;
    (void)source_macro_span(r->src, n->start, &at, &end);
    if (n->parent && n->parent->kind == N_COMPOUND) {
        edits_add(r->edits, at, at, xformat("%s ", all.items[0].text));
    } else if (!source_inside_macro(r->src, n->start)) {
        put_around(r, n, inval_text(&all), NULL);
    } else {
        r->give_up = true;
        r->give_up_why = xformat("a host write in a macro invocation at line %u, the body of a statement "
                                 "without braces: no place for its invalidation",
                                 line);
        return;
    }
    note(r, &all, " [before the macro]");
}

/* A statement holding no marked loop: its writes, invalidated before it;
 * a declaration of an array or struct with an initializer, after it. */
static void rewrite_leaf_with(Res *r, Node *n, EditList *held);

/* --explain's "[at the write]" lines from offset `from` on, taken out. */
static void drop_at_the_write_notes(StrBuf *sb, size_t from)
{
    if (!sb->buf)
        return;
    static const char mark[] = " [at the write]\n";
    size_t out = from;
    for (size_t at = from; at < sb->len;) {
        const char *nl = memchr(sb->buf + at, '\n', sb->len - at);
        size_t end = nl ? (size_t)(nl - sb->buf) + 1 : sb->len;
        size_t n = end - at;
        bool drop = n >= sizeof mark - 1 && memcmp(sb->buf + end - (sizeof mark - 1), mark, sizeof mark - 1) == 0;
        if (!drop) {
            memmove(sb->buf + out, sb->buf + at, n);
            out += n;
        }
        at = end;
    }
    sb->len = out;
    sb->buf[out] = '\0';
}

static void rewrite_leaf(Res *r, Node *n)
{
    EditList held = {0};
    rewrite_leaf_with(r, n, &held);
    /* invalidations at the writes themselves: after what went before the
     * statement at the same offset */
    for (size_t i = 0; i < held.count; i++)
        edits_add(r->edits, held.items[i].start, held.items[i].end, held.items[i].text);
}

static void rewrite_leaf_with(Res *r, Node *n, EditList *held)
{
    if (n->kind == N_NULLSTMT || n->kind == N_BREAK || n->kind == N_CONTINUE ||
        n->kind == N_GOTO)
        return;
    r->held_edits = held;
    const size_t explained = r->explain.len;
    InvalList l = writes_of(r, n, n);
    r->held_edits = NULL;
    InvalList reads = reads_of(r, n, n);
    unsigned s, e;
    stmt_range(r, n, &s, &e);
    /* OpenMP threads run (some of) it: what they do must be invalidated
     * here, by this thread, whose region holds the copies */
    bool threaded = source_has_omp_line(r->src, s, e, r->sites, r->nsites);
    if (threaded && l.inlined) {
        add_all(&l, "writes inside an OpenMP loop, at addresses it computes", n->start);
        /* and none at the writes: the team's threads would run them on their
         * own empty region stacks, a call per element for nothing (srad's
         * sweeps: 0.23 s against 0.09 for the OpenMP build) */
        held->count = 0;
        drop_at_the_write_notes(&r->explain, explained);
    }
    char *kept = hoist_kept_check(r, n, held, threaded);
    /* chained after what goes before the statement (edits at one offset
     * apply in the order they were added) */
    bool chain = l.count == 0 && l.inlined == 0 && !threaded;
    merge(&l, &reads);
    InvalList after = {0};
    if (n->kind == N_DECLSTMT) {
        for (int i = 0; i < n->nkids; i++) {
            const Node *d = n->kids[i];
            if (d->kind == N_VARDECL && d->var && d->var->storage == VAR_LOCAL &&
                has_initializer(r->src, d) &&
                (fx_type_is_aggregate(d->var->type) || fx_is_addr_taken(&r->fx, d->var)) &&
                clang_getCanonicalType(d->var->type).kind != CXType_VariableArray) {
                unsigned line, col;
                source_line_col(r->src, d->start, &line, &col);
                add_inval(&after,
                          xformat("pragreduce::host_wrote(&%s, sizeof %s);", d->var->name, d->var->name),
                          xformat("line %u: '%s' initialized (its memory may have held another "
                                  "array)",
                                  line, d->var->name),
                          d->start, 0);
            }
        }
    }
    if (l.count == 0 && after.count == 0 && !kept) {
        if (chain)
            mark_chains(r, n, false);
        return;
    }
    if (kept && may_repeat(n)) {
        put_versioned(r, n, kept, l.count ? inval_text(&l) : "",
                      after.count ? inval_text(&after) : NULL);
        note(r, &l, " [before it]");
        note(r, &after, " [after it]");
        if (chain)
            mark_chains(r, n, reads.count > 0);
        return;
    }
    if (kept) {
        /* in braces: a goto past the loop must not cross the flag's initialization */
        char *before = xformat("const bool %s = pragreduce::any_resident(); %s", kept, l.count ? inval_text(&l) : "");
        put_around_braced(r, n, before, after.count ? inval_text(&after) : NULL, true);
        note(r, &l, " [before it]");
        note(r, &after, " [after it]");
        if (chain)
            mark_chains(r, n, reads.count > 0);
        return;
    }
    if (leaf_in_macro(r, n)) {
        rewrite_macro_leaf(r, n, &l, &after);
        if (chain)
            mark_chains(r, n, reads.count > 0);
        return;
    }
    if (n->from_macro && after.count) {
        InvalList all = {0};
        add_all(&all, "a declaration from a macro", n->start);
        l = all;
        after.count = 0;
    }
    put_around(r, n, l.count ? inval_text(&l) : NULL, after.count ? inval_text(&after) : NULL);
    note(r, &l, " [before it]");
    note(r, &after, " [after it]");
    if (chain)
        mark_chains(r, n, reads.count > 0);
}

/* Reads of a condition or step of a loop holding a marked loop: brought
 * back in the expression itself, each time it runs
 * (`(pragreduce::host_reads(...), cond)`). */
static void put_control_reads(Res *r, const Node *expr, const Node *loop)
{
    InvalList reads = reads_of(r, expr, expr);
    if (reads.count == 0)
        return;
    if (in_macro(r, expr)) {
        r->give_up = true;
        r->give_up_why = "a read in the condition or step of a loop, from a macro";
        return;
    }
    /* the calls as the start of a comma expression: "(f(...), g(...), " */
    StrBuf sb = {0};
    strbuf_puts(&sb, "(");
    bool read_all = false;
    for (int i = 0; i < reads.count; i++)
        read_all |= reads.items[i].level == 3;
    for (int i = 0; i < reads.count; i++)
        if (!read_all || reads.items[i].level == 3) {
            const char *t = reads.items[i].text; /* "pragreduce::host_reads(...);" */
            strbuf_printf(&sb, "%.*s, ", (int)strlen(t) - 1, t);
        }
    edits_add(r->edits, expr->start, expr->start, strbuf_steal(&sb));
    edits_add(r->edits, expr->end, expr->end, xstrdup(")"));
    note(r, &reads, where_line(r, "in the condition or step of the loop of", loop->start));
}

/* A loop holding a marked loop: writes of its condition and step run again
 * each time round, before the body. */
static void rewrite_loop_control(Res *r, Node *loop, const Node **ctl, int nctl, Node *body)
{
    for (int i = 0; i < nctl; i++)
        if (ctl[i])
            put_control_reads(r, ctl[i], loop);
    InvalList l = {0};
    for (int i = 0; i < nctl; i++) {
        if (!ctl[i])
            continue;
        InvalList one = writes_of(r, ctl[i], loop);
        for (int k = 0; k < one.count; k++)
            add_inval(&l, one.items[k].text, one.items[k].why, one.items[k].at, one.items[k].level);
    }
    if (l.count == 0)
        return;
    char *text = inval_text(&l);
    put_in_body(r, body, text);
    put_around(r, loop, NULL, text);
    note(r, &l, where_line(r, "at the start of the body and after the loop of", loop->start));
}

/* ------------------------------------------------------------ launch set-up */

/* Everything the host evaluates for a marked loop's launch runs before its
 * first kernel, at the call site or in the wrapper it calls: the trip
 * count (the loops' bounds and steps), the arrays' extents (the invariant
 * part of their subscripts, the bounds of inner loops they range over,
 * in() sections), the wrapper's arguments, reduce() sections. Each is a
 * host read of what a kernel may have left on the GPU: it all comes back
 * before the call site (put_setup_reads), where nothing runs yet. Only
 * text of the loop's header, of loop headers and subscripts in it that
 * the loop cannot change (what varies is the kernel's to evaluate) and of
 * its clauses can be evaluated there. */

typedef struct {
    WriteCtx w;
    const Site *site;
} SetupCtx;

/* Reads of an expression the host evaluates as it is (the site's own
 * header): each memory read and call, the induction variables aside. */
static void setup_reads_in(SetupCtx *s, const Node *n)
{
    if (n->kind == N_SIZEOF)
        return;
    if (n->kind == N_DECLREF && site_is_iv(s->site, n->var))
        return;
    if (memory_read(s->w.r, n))
        classify_read(&s->w, n);
    else if (n->kind == N_CALL)
        classify_call_reads(&s->w, n);
    else if (n->kind == N_ASM)
        add_read_all(s->w.out, xstrdup("inline assembly in a loop's set-up"), n->start);
    for (int i = 0; i < n->nkids; i++)
        setup_reads_in(s, n->kids[i]);
}

/* Whether a call's arguments are all unchanged by the loop: the host may
 * evaluate it for the launch (an inner loop's bound `k < n_of(cnt)`). */
static bool invariant_call(const SetupCtx *s, const Node *call)
{
    for (int i = 1; i < call->nkids; i++)
        if (!fx_invariant(&s->w.r->fx, &s->w.facts, call->kids[i], NULL, NULL, 0))
            return false;
    return true;
}

/* Reads of an expression inside the loop of which the host may evaluate
 * what the loop cannot change (for an extent, an inner trip count). */
static void setup_invariant_reads(SetupCtx *s, const Node *n)
{
    if (n->kind == N_SIZEOF)
        return;
    if (memory_read(s->w.r, n) && fx_invariant(&s->w.r->fx, &s->w.facts, n, NULL, NULL, 0))
        classify_read(&s->w, n);
    else if (n->kind == N_CALL && invariant_call(s, n))
        classify_call_reads(&s->w, n);
    for (int i = 0; i < n->nkids; i++)
        setup_invariant_reads(s, n->kids[i]);
}

/* The headers of loops inside the site's loop and the subscripts in it. */
static void setup_body_reads(SetupCtx *s, const Node *n)
{
    if (n->kind == N_FOR) {
        const Node *h[3] = {ast_for_init(n), ast_for_cond(n), ast_for_inc(n)};
        for (int k = 0; k < 3; k++)
            if (h[k])
                setup_invariant_reads(s, h[k]);
    } else if (n->kind == N_SUBSCRIPT && n->nkids > 1) {
        setup_invariant_reads(s, n->kids[1]);
    }
    for (int i = 0; i < n->nkids; i++)
        setup_body_reads(s, n->kids[i]);
}

/* The variable a clause's name means in the function (any of them when
 * scopes shadow it: the first not plain local), or NULL (a macro, an enum
 * constant, a type). */
static const Var *named_in(const Res *r, const Node *n, const char *name, size_t len)
{
    if ((n->kind == N_DECLREF || n->kind == N_VARDECL) && n->var && n->var->name &&
        strlen(n->var->name) == len && !strncmp(n->var->name, name, len) && !fx_plain_local(&r->fx, n->var))
        return n->var;
    for (int i = 0; i < n->nkids; i++) {
        const Var *v = named_in(r, n->kids[i], name, len);
        if (v)
            return v;
    }
    return NULL;
}

/* Reads of a clause's expression, text the pragma gives (`cnt[0]`,
 * `n * d`): its names' variables where memory may hold what kernels wrote;
 * everything for a subscript, a member, a dereference or a call (the
 * address is the text's, computed there). */
static void setup_text_reads(Res *r, const char *text, unsigned at, InvalList *out)
{
    if (!text)
        return;
    bool after_operand = false; /* the last token ends an operand: `*` is binary */
    for (const char *p = text; *p;) {
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\\') {
            p++;
            continue;
        }
        if ((*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' && p[1] <= '9')) {
            while ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                   *p == '.' || *p == '_' || ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E' ||
                                                                          p[-1] == 'p' || p[-1] == 'P')))
                p++;
            after_operand = true;
            continue;
        }
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') {
            const char *w = p;
            while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_')
                p++;
            size_t len = (size_t)(p - w);
            const char *q = p;
            while (*q == ' ' || *q == '\t')
                q++;
            const bool is_sizeof = len == 6 && !strncmp(w, "sizeof", 6);
            if (*q == '(' && !is_sizeof) {
                add_read_all(out, xformat("a call in a clause's expression (%s)", text), at);
                return;
            }
            const Var *v = r->fx.fn ? named_in(r, r->fx.fn, w, len) : NULL;
            if (v && !is_array_type(v->type) && may_hold_kernel_writes(r, v->type))
                add_inval(out, xformat("pragreduce::host_reads(&(%s), sizeof(%s));", v->name, v->name),
                          xformat("%s, in a clause's expression, read on the host", v->name), at, 0);
            after_operand = !is_sizeof;
            continue;
        }
        if (*p == '[' || *p == '.' || (*p == '-' && p[1] == '>') || (*p == '*' && !after_operand) ||
            (*p == '*' && p > text && p[-1] == ')')) {
            /* `(n + 1) * d` too: a cast's `(T)*p` reads the same way */
            add_read_all(out, xformat("memory read at an address a clause's expression computes (%s)", text), at);
            return;
        }
        after_operand = *p == ')';
        p++;
    }
}

static void setup_clause_reads(Res *r, const Pragma *pg, unsigned at, InvalList *out)
{
    for (int k = 0; k < pg->nsections; k++) {
        const ArraySection *sec = &pg->sections[k];
        setup_text_reads(r, sec->lo, at, out);
        setup_text_reads(r, sec->len, at, out);
        for (int m = 0; m < sec->nmore; m++) {
            setup_text_reads(r, sec->more_lo[m], at, out);
            setup_text_reads(r, sec->more_len[m], at, out);
        }
    }
    for (int v = 0; v < pg->nvars; v++) {
        setup_text_reads(r, pg->vars[v].sec_lo, at, out);
        setup_text_reads(r, pg->vars[v].sec_len, at, out);
    }
}

/* The sites a loop starts (a segmented site beside the parallel one it
 * absorbed) and the marked loops inside a segmented one: their clauses. */
static void setup_sites_clauses(Res *r, const Site *site, InvalList *out)
{
    setup_clause_reads(r, &site->pragma, site->loop->start, out);
    if (!site->segment)
        return;
    for (int k = 0; k < site->segment->nmarked; k++)
        setup_clause_reads(r, &site->segment->marked[k]->pragma, site->loop->start, out);
    for (int k = 0; k < site->segment->nchildren; k++)
        setup_sites_clauses(r, site->segment->children[k], out);
}

/* The wrapper's arguments: a scalar passed by value is read at the call (a
 * global, a local whose address went where a kernel may write through
 * it); a table of pointers is read row by row to copy the rows. */
static void setup_capture_reads(Res *r, const Site *site, InvalList *out)
{
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        const Var *v = cap->var;
        if (cap->kind == CAP_SCALAR && !fx_plain_local(&r->fx, v) && !is_array_type(v->type) &&
            may_hold_kernel_writes(r, v->type))
            add_inval(out, xformat("pragreduce::host_reads(&(%s), sizeof(%s));", v->name, v->name),
                      xformat("'%s', passed to the loop's wrapper, read on the host", v->name), site->loop->start,
                      0);
        else if (cap->kind == CAP_TABLE && may_hold_kernel_writes(r, clang_getPointeeType(clang_getCanonicalType(v->type))))
            add_read_all(out, xformat("the rows of '%s', a table of pointers, read on the host", v->name),
                         site->loop->start);
    }
}

/* The nested loop of a collapse(N) nest below `loop` (its body's only
 * statement, perhaps in braces), or NULL. */
static const Node *collapsed_loop(const Node *loop)
{
    const Node *b = loop->nkids ? loop->kids[loop->nkids - 1] : NULL;
    while (b && b->kind == N_COMPOUND && b->nkids == 1)
        b = b->kids[0];
    return b && b->kind == N_FOR ? b : NULL;
}

/* What the host evaluates for the launch of the marked loop `loop` (the
 * first of the sites it starts, `which`), brought back before it. */
static void put_setup_reads(Res *r, Node *loop, int which)
{
    if (!r->reads_on)
        return;
    InvalList out = {0};
    unsigned start = loop->start;
    for (int k = which; k < r->nsites; k++) {
        const Site *site = &r->sites[k];
        if (site->rejected || !site->loop || site->loop->start != start)
            continue;
        SetupCtx s = {{r, loop, false, {0}, &out}, site};
        fx_facts(&r->fx, loop, &s.w.facts);
        const Node *f = loop;
        for (int d = 0; f && d <= site->ninner; d++) {
            const Node *h[3] = {ast_for_init(f), ast_for_cond(f), ast_for_inc(f)};
            for (int j = 0; j < 3; j++)
                if (h[j])
                    setup_reads_in(&s, h[j]);
            f = collapsed_loop(f);
        }
        if (loop->nkids)
            setup_body_reads(&s, loop->kids[loop->nkids - 1]);
        setup_sites_clauses(r, site, &out);
        setup_capture_reads(r, site, &out);
    }
    if (out.count == 0)
        return;
    put_around(r, loop, inval_text(&out), NULL);
    note(r, &out, where_line(r, "before the launch set-up of the marked loop of", start));
}

static void rewrite_stmt(Res *r, Node *n)
{
    unsigned s, e;
    int which;
    if (is_marked_loop(r, n, &which)) {
        put_setup_reads(r, n, which);
        return;
    }
    if ((n->kind == N_IF || n->kind == N_SWITCH || n->kind == N_WHILE || n->kind == N_DO ||
         n->kind == N_FOR) && n->nkids == 0) {
        r->give_up = true;
        return;
    }
    stmt_range(r, n, &s, &e);
    /* an `if` holding no marked loop: its branches' invalidations go into
     * the branches, so a call under `if (timeron)` costs nothing when the
     * branch does not run (before the whole statement would be as right:
     * no marked loop runs between) */
    const bool if_parts = n->kind == N_IF && n->nkids > 1 && !n->from_macro && !in_macro(r, n) &&
                          !leaf_in_macro(r, n);
    if (!holds_special(r, n->start, e) && !if_parts) {
        rewrite_leaf(r, n);
        return;
    }
    switch (n->kind) {
    case N_COMPOUND:
        for (int i = 0; i < n->nkids; i++)
            rewrite_stmt(r, n->kids[i]);
        return;
    case N_IF:
    case N_SWITCH: {
        InvalList l = writes_of(r, n->kids[0], n->kids[0]);
        InvalList reads = reads_of(r, n->kids[0], n->kids[0]);
        if (l.count == 0 && l.inlined == 0)
            mark_chains(r, n->kids[0], reads.count > 0);
        merge(&l, &reads);
        if (l.count) {
            put_around(r, n, inval_text(&l), NULL);
            note(r, &l, " [before it]");
        }
        for (int i = 1; i < n->nkids; i++)
            rewrite_stmt(r, n->kids[i]);
        return;
    }
    case N_WHILE: {
        const Node *ctl[1] = {n->kids[0]};
        rewrite_loop_control(r, n, ctl, 1, n->kids[n->nkids - 1]);
        rewrite_stmt(r, n->kids[n->nkids - 1]);
        return;
    }
    case N_DO: {
        const Node *ctl[1] = {n->nkids > 1 ? n->kids[1] : NULL};
        rewrite_loop_control(r, n, ctl, 1, n->kids[0]);
        rewrite_stmt(r, n->kids[0]);
        return;
    }
    case N_FOR: {
        if (ast_for_init(n)) {
            InvalList l = writes_of(r, ast_for_init(n), ast_for_init(n));
            InvalList reads = reads_of(r, ast_for_init(n), ast_for_init(n));
            merge(&l, &reads);
            if (l.count) {
                put_around(r, n, inval_text(&l), NULL);
                note(r, &l, " [before it]");
            }
        }
        const Node *ctl[2] = {ast_for_cond(n), ast_for_inc(n)};
        rewrite_loop_control(r, n, ctl, 2, n->kids[n->nkids - 1]);
        rewrite_stmt(r, n->kids[n->nkids - 1]);
        return;
    }
    case N_LABEL:
    case N_CASE:
    case N_DEFAULT:
        if (n->nkids)
            rewrite_stmt(r, n->kids[n->nkids - 1]);
        return;
    default: {
        /* an expression, declaration or return calling functions with regions */
        int saved = r->ncalls;
        r->ncalls = 0;
        bool loops = holds_special(r, n->start, e);
        r->ncalls = saved;
        if (!loops) {
            rewrite_leaf(r, n);
            return;
        }
        /* a marked loop inside an expression (a statement expression) */
        InvalList l = {0};
        add_all(&l, "a statement holding a marked loop", n->start);
        add_read_all(&l, xstrdup("a statement holding a marked loop"), n->start);
        put_around(r, n, inval_text(&l), NULL);
        return;
    }
    }
}

/* ------------------------------------------------------------ data regions */

/* Host writes to a data region's arrays need an update after them. */
/* A write at `lv` inside data region `d` (at statement end `after`): an
 * error when it is to a region array and no update of it follows. */
static void check_region_write(Res *r, const Node *lv, unsigned after, const DataDirective *d)
{
    const Node *b = fx_address_root(lv);
    for (int s = 0; b && b->name && s < d->nsections; s++) {
        if (strcmp(b->name, d->sections[s].name) != 0)
            continue;
        bool updated = false;
        for (int k = 0; k < r->ndirs && !updated; k++) {
            const DataDirective *u = &r->dirs[k];
            if (u->kind != DIR_UPDATE || !u->bound || u->start < after || u->start >= d->stmt_end)
                continue;
            for (int q = 0; q < u->nsections && !updated; q++)
                updated = !strcmp(u->sections[q].name, b->name);
        }
        if (!updated) {
            diag_at(r->src, lv->start, DIAG_ERROR,
                    "'%s' is written on the host inside a data region that keeps it on the GPU, "
                    "with no '#pragma reduce update in(%s[...])' after the write: the GPU's "
                    "copy would be stale",
                    b->name, b->name);
            diag_at(r->src, d->start, DIAG_NOTE, "the data region is here");
            r->ok = false;
        }
    }
}

/* Host writes to a data region's arrays need an update after them: by
 * assignment, by library functions that write at an argument, by functions
 * of the file that write through a parameter. */
static void check_region_writes(Res *r, const Node *n, const DataDirective *d)
{
    if (is_marked_loop(r, n, NULL))
        return;
    if ((n->kind == N_ASSIGN && n->nkids) ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")) && n->nkids))
        check_region_write(r, n->kids[0], n->end, d);
    if (n->kind == N_CALL) {
        int k = fx_model_of(&r->fx, n);
        CXCursor fn = fx_callee(n);
        CXCursor def = clang_Cursor_isNull(fn) ? fn : clang_getCursorDefinition(fn);
        if (k >= 0 && fx_models[k].n1)
            check_region_write(r, n->kids[fx_models[k].dst], n->end, d);
        else if (k < 0 && !clang_Cursor_isNull(def) && source_cursor_in_main(r->src, def) &&
                 !fx_is_regioned(&r->fx, def)) {
            Node *saved_fn = r->fx.fn;
            Var **saved_addr = r->fx.addr_taken;
            int saved_naddr = r->fx.naddr;
            FnSummary *sum = fx_summary(&r->fx, def);
            r->fx.fn = saved_fn;
            r->fx.addr_taken = saved_addr;
            r->fx.naddr = saved_naddr;
            for (int j = 0; sum->state == 2 && j < 64 && j + 1 < n->nkids; j++)
                if (sum->params >> j & 1)
                    check_region_write(r, n->kids[j + 1], n->end, d);
        }
    }
    for (int i = 0; i < n->nkids; i++)
        check_region_writes(r, n->kids[i], d);
}

static void regions_in(Res *r, const Node *n, const DataDirective *d)
{
    if (n->start >= d->stmt_start && stmt_text_end(r->src, n) <= d->stmt_end && n->start < d->stmt_end &&
        n->kind != N_OTHER) {
        check_region_writes(r, n, d);
        return;
    }
    for (int i = 0; i < n->nkids; i++)
        regions_in(r, n->kids[i], d);
}

/* ------------------------------------------------------------ driver */

typedef struct {
    Res *r;
    bool grew;
    CXCursor fn; /* the definition being scanned */
} CallerScan;

static enum CXChildVisitResult scan_calls_in(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    CallerScan *cs = data;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        CXCursor callee = clang_getCursorReferenced(c);
        if (!clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_FunctionDecl) {
            CXCursor def = clang_getCursorDefinition(callee);
            if (!clang_Cursor_isNull(def) && fx_is_regioned(&cs->r->fx, def) && !fx_is_regioned(&cs->r->fx, cs->fn)) {
                fx_add_regioned(&cs->r->fx, cs->fn);
                cs->grew = true;
                return CXChildVisit_Break;
            }
        }
    }
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult scan_callers(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    CallerScan *cs = data;
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        source_cursor_in_main(cs->r->src, c) && !fx_is_regioned(&cs->r->fx, c)) {
        cs->fn = c;
        clang_visitChildren(c, scan_calls_in, cs);
    }
    return CXChildVisit_Continue;
}

static const char *const unsafe_names[] = {"pthread_create", "thrd_create", "fork", "vfork",
                                           "signal", "sigaction", "setjmp", "longjmp",
                                           "_setjmp", "_longjmp", "sigsetjmp", "siglongjmp",
                                           "__builtin_setjmp", "__builtin_longjmp", NULL};

static bool name_in(const char *name, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(name, *list))
            return true;
    return false;
}

/* A reason the file keeps nothing on the GPU, or NULL. */
static char *unsafe_reason(const Source *src, const Site *sites, int nsites)
{
    for (size_t i = 0; i < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        /* `pthread_create` renamed for C++ (cxx_names.c) is the same call */
        const char *name = t->text;
        if (src->rename_prefix && !strncmp(name, src->rename_prefix, strlen(src->rename_prefix)))
            name += strlen(src->rename_prefix);
        if (t->kind == CXToken_Identifier && name_in(name, unsafe_names)) {
            unsigned line, col;
            source_line_col(src, t->offset, &line, &col);
            return xformat("'%s' at line %u (other threads, signal handlers or longjmp could write "
                           "or leave unseen)",
                           name, line);
        }
    }
    /* OpenMP threads that synchronize through atomics: a write another
     * thread made visible that way is seen by no invalidation */
    if (source_has_omp_line(src, 0, (unsigned)src->size, sites, nsites))
        for (size_t i = 0; i < src->ntokens; i++) {
            const char *w = src->tokens[i].text;
            if (!strcmp(w, "_Atomic") || !strncmp(w, "atomic_", 7) || !strncmp(w, "__atomic_", 9) ||
                !strncmp(w, "__sync_", 7) || !strncmp(w, "__c11_atomic", 12)) {
                unsigned line, col;
                source_line_col(src, src->tokens[i].offset, &line, &col);
                return xformat("'%s' at line %u with OpenMP threads (a write another thread "
                               "publishes through an atomic is seen by no invalidation)",
                               w, line);
            }
        }
    return NULL;
}

/* OpenMP in a function (other than the directives of its marked loops)
 * that residency cannot follow: its threads would write what only this
 * thread's invalidations see, or wait for each other at points the
 * analysis does not model. Followed: `parallel for [simd]`, `parallel
 * loop` and `simd` over a `for` holding no marked loop and no call of a
 * function with a region: the team has finished when the statement ends,
 * and the statement's invalidation goes before its directive, run by this
 * thread (with host_wrote_all for writes whose invalidation would go
 * inside, where other threads would run it on their own empty region
 * stacks). Anything else: the region keeps nothing, and marks the
 * callers' copies stale when it ends; no invalidation is inserted. */
/* The outermost statement of `n` that starts at `start`, or NULL. */
static const Node *stmt_starting_at(const Node *n, unsigned start)
{
    if (n->start == start)
        return n;
    for (int i = 0; i < n->nkids; i++)
        if (n->kids[i]->start <= start && start < n->kids[i]->end)
            return stmt_starting_at(n->kids[i], start);
    return NULL;
}

/* A statement of a team region other than its marked loops: it may touch
 * only variables (no memory a copy may hold, read or written, no call of
 * a function with a region), for then its threads need no invalidation of
 * their own (they would run it on their own empty region stacks). */
static bool team_leaf_ok(Res *r, const Node *n)
{
    unsigned s, e;
    stmt_range(r, n, &s, &e);
    if (n->from_macro || in_macro(r, n) || holds_special(r, s, e))
        return false;
    if (n->kind == N_DECLSTMT)
        for (int i = 0; i < n->nkids; i++) {
            const Node *d = n->kids[i];
            if (d->kind == N_VARDECL && d->var &&
                (fx_type_is_aggregate(d->var->type) || fx_is_addr_taken(&r->fx, d->var)))
                return false;
        }
    /* (a question: what the walks would put at the writes is dropped) */
    EditList scratch = {0};
    EditList *held = r->held_edits;
    const size_t explained = r->explain.len;
    r->held_edits = &scratch;
    InvalList w = writes_of(r, n, n);
    InvalList rd = reads_of(r, n, n);
    r->held_edits = held;
    if (r->explain.buf) {
        r->explain.len = explained;
        r->explain.buf[explained] = '\0';
    }
    return w.count == 0 && w.inlined == 0 && rd.count == 0;
}

/* `#pragma omp parallel` over `body`, which holds marked loops: residency
 * follows it when the body is a block of marked loops under `omp for`
 * (the team calls, whose one thread borrows this function's region:
 * emit_team.c) and statements team_leaf_ok takes; `omp barrier` lines
 * are no statements. Nothing then needs invalidating inside the region:
 * the marked loops invalidate their own writes (their CPU path, under
 * `omp single`, on the borrowed region). */
static bool team_region_ok(Res *r, const Node *body)
{
    if (body->kind != N_COMPOUND || body->from_macro || in_macro(r, body))
        return false;
    for (int d = 0; d < r->ndirs; d++)
        if (r->dirs[d].bound && body->start <= r->dirs[d].start && r->dirs[d].start < body->end)
            return false;
    for (int i = 0; i < body->nkids; i++) {
        const Node *k = body->kids[i];
        int which;
        if (is_marked_loop(r, k, &which)) {
            if (!site_in_team(&r->sites[which]))
                return false;
            continue;
        }
        if (!team_leaf_ok(r, k))
            return false;
    }
    return true;
}

/* `#pragma omp parallel` at token `hash` over a statement residency
 * follows: one holding no marked loop and no call of a function with a
 * region (its writes are invalidated before the directive, by this
 * thread, as for `parallel for`), or a team region (team_region_ok). The
 * token after the statement in *next. */
static bool followed_parallel(Res *r, const Node *fn, size_t hash, size_t *next)
{
    const Source *src = r->src;
    bool shared;
    if (!pragma_omp_parallel_block(src, hash, &shared))
        return false;
    size_t t = source_after_omp_lines(src, hash);
    if (t >= src->ntokens)
        return false;
    const Node *stmt = stmt_starting_at(fn, src->tokens[t].offset);
    if (!stmt || stmt->from_macro || in_macro(r, stmt))
        return false;
    unsigned s, e;
    stmt_range(r, stmt, &s, &e);
    if (source_pragma_operator_in(src, stmt->start, e, true))
        return false;
    if (holds_special(r, stmt->start, e) && (!shared || !team_region_ok(r, stmt)))
        return false;
    *next = source_token_at(src, e);
    while (*next < src->ntokens && src->tokens[*next].offset < e)
        (*next)++;
    return true;
}

static bool uses_openmp(Res *r, const Node *fn)
{
    const Source *src = r->src;
    /* _Pragma("omp ...") in any form: which loop it governs is not read */
    if (source_pragma_operator_in(src, fn->start, fn->end, true))
        return true;
    for (size_t i = source_token_at(src, fn->start); i + 2 < src->ntokens &&
                                                     src->tokens[i].offset < fn->end; i++) {
        if (strcmp(src->tokens[i].text, "#") != 0 ||
            !source_has_omp_line(src, src->tokens[i].offset, src->tokens[i].offset + 1, r->sites,
                                 r->nsites))
            continue;
        size_t next;
        if (followed_parallel(r, fn, i, &next)) {
            i = next - 1;
            continue;
        }
        if (!pragma_omp_is_loop_form(src, i))
            return true;
        /* the `for` after its line (and any more OpenMP lines) */
        size_t t = source_after_omp_lines(src, i);
        if (t >= src->ntokens || strcmp(src->tokens[t].text, "for") != 0)
            return true;
        const Node *loop = ast_for_at(fn, src->tokens[t].offset);
        if (!loop || loop->from_macro ||
            holds_special(r, loop->start, loop_text_end(src, loop)))
            return true;
    }
    return false;
}

static bool same_function(CXCursor a, CXCursor b)
{
    return clang_equalCursors(clang_getCanonicalCursor(a), clang_getCanonicalCursor(b));
}

/* Each marked loop's arrays: copied at their first loop in the function,
 * kept for the later ones (copied again where the host wrote them). */
static void explain_sites(Res *r, CXCursor fn)
{
    for (int i = 0; i < r->nsites; i++) {
        const Site *s = &r->sites[i];
        /* a loop inside a segmented loop runs as part of it */
        if (s->rejected || !s->loop || !same_function(s->function, fn) || s->segmented_by)
            continue;
        unsigned line, col;
        source_line_col(r->src, s->loop->start, &line, &col);
        strbuf_printf(&r->explain, "  line %u, #pragma %s:\n", line, s->pragma.summary);
        int n = 0;
        for (int k = 0; k < s->ncaptures; k++) {
            const Capture *cap = &s->captures[k];
            if (cap->kind == CAP_TABLE) {
                n++;
                strbuf_printf(&r->explain,
                              "    %s: a table of pointers: the rows its in() clause names are copied "
                              "(kept like an array when they lie together in memory), its tables of "
                              "device addresses built on each call\n",
                              cap->var->name);
            }
            if (cap->kind != CAP_ARRAY)
                continue;
            n++;
            const char *name = cap->var->name;
            const DataDirective *held = NULL;
            for (int d = 0; d < r->ndirs && !held; d++)
                if (r->dirs[d].bound && r->dirs[d].kind == DIR_DATA &&
                    r->dirs[d].stmt_start <= s->pragma.start && s->loop_end <= r->dirs[d].stmt_end)
                    for (int q = 0; q < r->dirs[d].nsections && !held; q++)
                        if (!strcmp(r->dirs[d].sections[q].name, name))
                            held = &r->dirs[d];
            unsigned prev = 0;
            for (int j = 0; j < i; j++) {
                const Site *o = &r->sites[j];
                if (o->rejected || !o->loop || !same_function(o->function, fn) || o->segmented_by)
                    continue;
                for (int q = 0; q < o->ncaptures; q++)
                    if (o->captures[q].kind == CAP_ARRAY && o->captures[q].var == cap->var)
                        source_line_col(r->src, o->loop->start, &prev, &col);
            }
            const char *out = cap->written ? " (written by the loop: kept on the GPU until the host reads it)" : "";
            if (held) {
                unsigned dl;
                source_line_col(r->src, held->start, &dl, &col);
                strbuf_printf(&r->explain, "    %s: held by the data region of line %u%s\n", name, dl, out);
            } else if (prev) {
                strbuf_printf(&r->explain,
                              "    %s: kept from the loop at line %u; copied again only where the host "
                              "wrote it since%s\n",
                              name, prev, out);
            } else {
                strbuf_printf(&r->explain,
                              "    %s: copied to the GPU here, the first use in the call (when the loop "
                              "runs again, only what the host wrote since)%s\n",
                              name, out);
            }
        }
        if (!n)
            strbuf_puts(&r->explain, "    no arrays\n");
    }
    for (int i = 0; i < r->ndirs; i++) {
        const DataDirective *d = &r->dirs[i];
        if (!d->bound || !clang_equalCursors(clang_getCanonicalCursor(d->function),
                                             clang_getCanonicalCursor(fn)))
            continue;
        unsigned line, col;
        source_line_col(r->src, d->start, &line, &col);
        if (d->kind == DIR_DATA)
            strbuf_printf(&r->explain,
                          "  line %u, #pragma reduce %s: copied on entry, kept until the statement "
                          "ends, whatever calls do\n",
                          line, d->summary);
        else
            strbuf_printf(&r->explain, "  line %u, #pragma reduce %s: copied again here\n", line,
                          d->summary);
    }
}

/* The functions whose region keeps nothing, and why (residency_off_in). */
static struct {
    CXCursor fn;
    const char *why;
} *kept_nothing;
static int nkept_nothing;

static void note_kept_nothing(CXCursor fn, const char *why)
{
    kept_nothing = xrealloc(kept_nothing, (size_t)(nkept_nothing + 1) * sizeof *kept_nothing);
    kept_nothing[nkept_nothing].fn = clang_getCanonicalCursor(fn);
    kept_nothing[nkept_nothing++].why = why;
}

const char *residency_off_in(CXCursor fn)
{
    CXCursor c = clang_getCanonicalCursor(fn);
    for (int i = 0; i < nkept_nothing; i++)
        if (clang_equalCursors(kept_nothing[i].fn, c))
            return kept_nothing[i].why;
    return NULL;
}

/* One function with a region: its region's declaration, and the
 * invalidations and reads of its host statements (residency_rewrite). */
static void rewrite_function(Res *r, CXCursor fn, const char *unsafe, char **dir_reads)
{
    ast_scratch_release(); /* (the function before's: one function's tree at a time) */
    Node *tree = ast_build_scratch(r->src, fn);
    Node *body = tree->nkids ? tree->kids[tree->nkids - 1] : NULL;
    if (!body || body->kind != N_COMPOUND || body->from_macro)
        return;
    r->fx.fn = tree;
    r->fx.addr_taken = NULL;
    r->fx.naddr = 0;
    fx_collect_addr_taken(&r->fx, tree);
    r->ncalls = 0;
    collect_calls(r, tree);
    if (r->ncalls > 1)
        qsort(r->calls, (size_t)r->ncalls, sizeof(unsigned), compare_offsets);
    char *name = cursor_spelling(fn);
    unsigned line, col;
    source_line_col(r->src, tree->start, &line, &col);
    if (r->explaining)
        strbuf_printf(&r->explain, "residency in '%s' (line %u): %s\n", name, line,
                      unsafe || uses_openmp(r, tree)
                          ? "off"
                          : "device copies kept from loop to loop while a call runs");
    if (unsafe) {
        note_kept_nothing(fn, xformat("the file uses %s", unsafe));
        /* (the explanation below says the same) */
        if (r->explaining)
            strbuf_printf(&r->explain, "  nothing kept: the file uses %s\n", unsafe);
    } else if (uses_openmp(r, tree)) {
        note_kept_nothing(fn, "it uses '#pragma omp', whose other threads write what this one "
                              "cannot invalidate");
        edits_add(r->edits, body->start + 1, body->start + 1,
                  xformat(" pragreduce::region %sregion(false); /* pragreduce: OpenMP threads "
                          "write unseen here: no device copies kept in this function, and "
                          "the callers' are stale after it */",
                          r->prefix));
        if (r->explaining)
            strbuf_puts(&r->explain, "  nothing kept: the function uses '#pragma omp' (other "
                                    "threads write what this one cannot invalidate)\n");
    } else {
        size_t first_edit = r->edits->count;
        edits_add(r->edits, body->start + 1, body->start + 1, xstrdup(""));
        if (r->explaining)
            explain_sites(r, fn);
        if (r->explaining)
            strbuf_printf(&r->explain,
                          "  host writes that make copies stale (copied again at the next loop that reads "
                          "them)%s:\n",
                          r->reads_on ? ", host reads that bring back what kernels wrote" : "");
        size_t before = r->explain.len;
        r->give_up = false;
        r->give_up_why = NULL;
        for (int i = 0; i < body->nkids; i++)
            rewrite_stmt(r, body->kids[i]);
        /* the region: kept copies, or none when a write could not be covered */
        r->edits->items[first_edit].text =
            r->give_up ? xformat(" pragreduce::region %sregion(false); /* pragreduce: a host write "
                                "in a macro: no device copies kept in this function */",
                                r->prefix)
                      : xformat(" pragreduce::region %sregion; /* pragreduce: device copies kept "
                                "while this call runs */",
                                r->prefix);
        if (r->give_up && r->explaining)
            strbuf_printf(&r->explain, "  nothing kept after all: %s\n",
                          r->give_up_why ? r->give_up_why : "a write in a loop from a macro");
        if (r->explaining && r->explain.len == before)
            strbuf_puts(&r->explain, "    none\n");
        if (r->explaining && r->chains.len) {
            strbuf_puts(&r->explain, "  calls whose copies stay in this call's region (chained):\n");
            strbuf_puts(&r->explain, r->chains.buf);
            r->chains.len = 0;
            r->chains.buf[0] = '\0';
        }
    }
    for (int i = 0; i < r->ndirs; i++) {
        if (!r->dirs[i].bound ||
            !clang_equalCursors(clang_getCanonicalCursor(r->dirs[i].function), clang_getCanonicalCursor(fn)))
            continue;
        if (r->dirs[i].kind == DIR_DATA)
            regions_in(r, tree, &r->dirs[i]);
        /* its extents are host reads, before the copies are made */
        InvalList l = {0};
        if (r->reads_on && !unsafe && !uses_openmp(r, tree))
            for (int k = 0; k < r->dirs[i].nsections; k++) {
                const ArraySection *sec = &r->dirs[i].sections[k];
                setup_text_reads(r, sec->lo, r->dirs[i].start, &l);
                setup_text_reads(r, sec->len, r->dirs[i].start, &l);
            }
        if (l.count) {
            dir_reads[i] = inval_text(&l);
            note(r, &l, where_line(r, "before the directive of", r->dirs[i].start));
        }
    }
}

bool residency_rewrite(const Source *src, const Site *sites, int nsites, DataDirective *dirs,
                       int ndirs, EditList *edits, FILE *explain, bool line_directives)
{
    nkept_nothing = 0; /* (an earlier file's) */
    Res r = {.fx = {.src = src}, .src = src, .sites = sites, .nsites = nsites, .dirs = dirs, .ndirs = ndirs,
             .edits = edits, .explaining = explain != NULL, .ok = true,
             .line_directives = line_directives};
    /* the generated names' prefix: "pr_" of "pr_loop0" */
    r.prefix = "pr_";
    for (int i = 0; i < nsites; i++)
        if (sites[i].prefix) {
            const char *l = strstr(sites[i].prefix, "loop");
            r.prefix = l ? xstrndup(sites[i].prefix, (size_t)(l - sites[i].prefix)) : r.prefix;
            break;
        }
    collect_marks(&r);
    collect_written_types(&r);
    for (int i = 0; i < nsites; i++)
        if (!sites[i].rejected && sites[i].loop)
            fx_add_regioned(&r.fx, sites[i].function);
    for (int i = 0; i < ndirs; i++)
        if (dirs[i].bound)
            fx_add_regioned(&r.fx, dirs[i].function);

    /* callers of functions with regions get one too, so that those calls
     * can be chained (their copies outlive them in the caller's region) */
    for (bool grew = true; grew;) {
        grew = false;
        CallerScan cs = {&r, false, clang_getNullCursor()};
        clang_visitChildren(clang_getTranslationUnitCursor(src->tu), scan_callers, &cs);
        grew = cs.grew;
    }

    char *unsafe = unsafe_reason(src, sites, nsites);
    char **dir_reads = xcalloc((size_t)ndirs + 1, sizeof(char *)); /* before each directive, or NULL */
    for (int f = 0; f < r.fx.nregioned; f++)
        rewrite_function(&r, clang_getCursorDefinition(r.fx.regioned[f]), unsafe, dir_reads);
    ast_scratch_release();
    /* the directives themselves */
    for (int i = 0; i < ndirs; i++) {
        if (!dirs[i].bound)
            continue;
        char *open = data_open_text(src, &dirs[i], i, r.prefix);
        edits_add(edits, dirs[i].start, dirs[i].end, dir_reads[i] ? xformat("%s%s", dir_reads[i], open) : open);
        if (dirs[i].kind == DIR_DATA)
            edits_add(edits, dirs[i].stmt_end, dirs[i].stmt_end, xstrdup(" }"));
    }
    if (explain && r.explain.len)
        fputs(r.explain.buf, explain);
    strbuf_free(&r.explain);
    strbuf_free(&r.chains);
    return r.ok;
}
