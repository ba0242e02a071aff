/*
 * segment.c - segmented reductions: an outer loop around marked loops whose
 * iterations are independent runs as one launch, each outer iteration (a
 * segment) on a thread, a warp or a block.
 *
 *   for (i = 0; i < rows; i++) {         <- the segmented loop
 *       s = 0;                           <- runs on the GPU too
 *   #pragma reduce(+: s)
 *       for (j = 0; j < cols; j++)       <- shared by the segment's threads
 *           s += A[i * cols + j] * x[j];
 *       y[i] = s;                        <- the segment's own element
 *   }
 *
 * An outer loop qualifies when its body, marked loops included, passes the
 * checks a marked loop's body passes (reduction.c: no writes that outlive
 * an iteration, no calls with effects, no early exits), with two
 * relaxations that keep iterations independent:
 *   - it may write the element of an array at its own index (`y[i]`), and
 *     touch that array nowhere else (access.c's fused-output rule);
 *   - it may write scalars declared outside it that each iteration assigns
 *     before anything reads them (`s = 0;` at the top of the body, a for
 *     loop's `j = 0`): private scalars, whose value after the loop is the
 *     last iteration's, as in C.
 * The outermost enclosing loop that qualifies is taken; --explain tells
 * which loops were tried and why the others were not.
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the tree */

/* ------------------------------------------------------------ private scalars */

typedef struct {
    Var **vars;
    int n;
} VarSet;

static bool set_has(const VarSet *s, const Var *v)
{
    for (int i = 0; i < s->n; i++)
        if (s->vars[i] == v)
            return true;
    return false;
}

static void set_add(VarSet *s, Var *v)
{
    if (set_has(s, v))
        return;
    s->vars = xrealloc(s->vars, (size_t)(s->n + 1) * sizeof(Var *));
    s->vars[s->n++] = v;
}

static bool declared_within(const Node *loop, unsigned end, const Var *v)
{
    return v->decl_offset != UINT32_MAX && v->decl_offset >= loop->start && v->decl_offset < end;
}

/* The struct variable `d` of a member lvalue `d.x` (or `d.p.x`), reached
 * without a pointer; NULL otherwise. */
static Node *local_struct_root(Node *target)
{
    Node *n = target;
    while (n && n->kind == N_MEMBER && n->nkids == 1 && !(n->op && !strcmp(n->op, "->")))
        n = ast_strip(n->kids[0]);
    return n != target && n && n->kind == N_DECLREF ? n : NULL;
}

/* Scalars and structs declared outside `loop` that its body assigns (plain
 * variables and their members, not through pointers). */
static void written_scalars(const Node *n, const Node *loop, unsigned end, VarSet *out)
{
    if (!n)
        return;
    Node *target = NULL;
    if (n->kind == N_ASSIGN)
        target = ast_strip(n->kids[0]);
    else if (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")))
        target = ast_strip(n->kids[0]);
    if (target && target->kind == N_MEMBER && local_struct_root(target))
        target = local_struct_root(target);
    if (target && target->kind == N_DECLREF && target->var && !declared_within(loop, end, target->var))
        set_add(out, target->var);
    if (ast_for_init(n))
        written_scalars(ast_for_init(n), loop, end, out);
    if (ast_for_cond(n))
        written_scalars(ast_for_cond(n), loop, end, out);
    if (ast_for_inc(n))
        written_scalars(ast_for_inc(n), loop, end, out);
    for (int i = 0; i < n->nkids; i++)
        if (n->kids[i] != ast_for_init(n) && n->kids[i] != ast_for_cond(n) && n->kids[i] != ast_for_inc(n))
            written_scalars(n->kids[i], loop, end, out);
}

/* The first reference to `v` in the tree, in source order. */
static const Node *first_ref(const Node *n, const Var *v)
{
    const Node *best = NULL;
    if (!n)
        return NULL;
    if (n->kind == N_DECLREF && n->var == v)
        return n;
    const Node *kids[3] = {ast_for_init(n), ast_for_cond(n), ast_for_inc(n)};
    for (int k = 0; k < 3; k++) {
        const Node *f = first_ref(kids[k], v);
        if (f && (!best || f->start < best->start))
            best = f;
    }
    for (int i = 0; i < n->nkids; i++) {
        const Node *f = first_ref(n->kids[i], v);
        if (f && (!best || f->start < best->start))
            best = f;
    }
    return best;
}

static bool address_taken(const Node *n, const Var *v)
{
    if (!n)
        return false;
    if (n->kind == N_UNARY && !strcmp(n->op, "&")) {
        const Node *t = ast_strip(n->kids[0]);
        if (t && t->kind == N_DECLREF && t->var == v)
            return true;
    }
    if ((ast_for_init(n) && address_taken(ast_for_init(n), v)) || (ast_for_cond(n) && address_taken(ast_for_cond(n), v)) ||
        (ast_for_inc(n) && address_taken(ast_for_inc(n), v)))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (address_taken(n->kids[i], v))
            return true;
    return false;
}

/* True when every iteration of `loop` assigns `v` before reading it: the
 * first mention of v in the body is the target of a plain `v = e` (e not
 * reading v) that runs unconditionally, as a statement of the body itself
 * or as the first clause of a `for` that is one. */
static bool assigned_first(const Node *loop, const Var *v)
{
    const Node *body = loop->kids[loop->nkids - 1];
    const Node *ref = first_ref(body, v);
    if (!ref)
        return false;
    const Node *assign = ref->parent;
    while (assign && (assign->kind == N_PAREN || assign->kind == N_IMPLICIT))
        assign = assign->parent;
    if (!assign || assign->kind != N_ASSIGN || strcmp(assign->op, "=") != 0 ||
        ast_strip(assign->kids[0]) != ref || ast_mentions(assign->kids[1], v))
        return false;
    const Node *stmt = assign;
    while (stmt->parent && (stmt->parent->kind == N_PAREN || stmt->parent->kind == N_IMPLICIT))
        stmt = stmt->parent;
    const Node *holder = stmt->parent;
    if (holder && holder->kind == N_FOR && ast_for_init(holder) == stmt)
        stmt = holder, holder = holder->parent;
    /* a plain block runs unconditionally: `{ ... }` around the statement
     * (element.c puts one around a marked loop) */
    while (holder && holder != body && holder->kind == N_COMPOUND)
        holder = holder->parent;
    return holder == body || (stmt == body);
}

/* An outer-level `continue` skips the rest of an iteration, which could
 * skip a private scalar's assignment. */
static bool has_outer_continue(const Node *n, int depth)
{
    if (!n)
        return false;
    if (n->kind == N_CONTINUE)
        return depth == 0;
    bool loop = n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_DO;
    for (int i = 0; i < n->nkids; i++)
        if (has_outer_continue(n->kids[i], depth + (loop ? 1 : 0)))
            return true;
    return false;
}

/* ------------------------------------------------------------ in() clauses */

static bool mentions_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; (p = strstr(p, word)); p += n) {
        bool before = p > text && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
                                   (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9'));
        char a = p[n];
        bool after = a == '_' || (a >= 'a' && a <= 'z') || (a >= 'A' && a <= 'Z') || (a >= '0' && a <= '9');
        if (!before && !after)
            return true;
    }
    return false;
}

/* A variable declared in the outer loop (or its own) that an in() clause
 * names: the clause then changes from segment to segment. */
static const char *section_uses_local(const Node *n, const ArraySection *sec)
{
    if (!n)
        return NULL;
    if (n->kind == N_VARDECL && n->var &&
        (mentions_word(sec->lo, n->var->name) || mentions_word(sec->len, n->var->name)))
        return n->var->name;
    for (int i = 0; i < n->nkids; i++) {
        const char *v = section_uses_local(n->kids[i], sec);
        if (v)
            return v;
    }
    return NULL;
}

/* ------------------------------------------------------------ outer accumulators */

static bool is_ref_to(const Node *n, const Var *v)
{
    n = ast_strip((Node *)n);
    return n && n->kind == N_DECLREF && n->var == v;
}

/* The operator of an update of v that n is (`v += e`, `v++`, `v = v | e`,
 * `if (e < v) v = e`), or OP_COUNT. The reduction walk then checks that
 * every mention is such an update. */
static ReduceOp update_op(const Node *n, const Var *v)
{
    static const struct { const char *s; ReduceOp op; } compound[] = {
        {"+=", OP_ADD}, {"-=", OP_ADD}, {"*=", OP_MUL}, {"&=", OP_BAND}, {"|=", OP_BOR}, {"^=", OP_BXOR},
    };
    static const struct { const char *s; ReduceOp op; } binary[] = {
        {"+", OP_ADD}, {"-", OP_ADD}, {"*", OP_MUL}, {"&", OP_BAND}, {"|", OP_BOR}, {"^", OP_BXOR},
        {"&&", OP_LAND}, {"||", OP_LOR},
    };
    n = ast_strip((Node *)n);
    if (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")) && is_ref_to(n->kids[0], v))
        return OP_ADD;
    if (n->kind == N_ASSIGN && is_ref_to(n->kids[0], v)) {
        for (size_t i = 0; i < sizeof compound / sizeof *compound; i++)
            if (!strcmp(n->op, compound[i].s))
                return compound[i].op;
        const Node *r = ast_strip(n->kids[1]);
        if (strcmp(n->op, "=") == 0 && r->kind == N_BINARY && (is_ref_to(r->kids[0], v) || is_ref_to(r->kids[1], v)))
            for (size_t i = 0; i < sizeof binary / sizeof *binary; i++)
                if (!strcmp(r->op, binary[i].s))
                    return binary[i].op;
        return OP_COUNT;
    }
    if (n->kind == N_IF && n->nkids == 2) {
        const Node *c = ast_strip(n->kids[0]);
        const Node *then = n->kids[1];
        if (then->kind == N_COMPOUND && then->nkids == 1)
            then = then->kids[0];
        then = ast_strip((Node *)then);
        if (c->kind != N_BINARY || then->kind != N_ASSIGN || strcmp(then->op, "=") != 0 ||
            !is_ref_to(then->kids[0], v))
            return OP_COUNT;
        bool less = !strcmp(c->op, "<") || !strcmp(c->op, "<="),
             more = !strcmp(c->op, ">") || !strcmp(c->op, ">=");
        /* e < v, v > e: a smaller value is taken */
        if (is_ref_to(c->kids[1], v) && (less || more))
            return less ? OP_MIN : OP_MAX;
        if (is_ref_to(c->kids[0], v) && (less || more))
            return less ? OP_MAX : OP_MIN;
    }
    return OP_COUNT;
}

/* The first update of v in n (in source order), or OP_COUNT; *at its start. */
static ReduceOp first_update(const Node *n, const Var *v, unsigned *at)
{
    if (!n)
        return OP_COUNT;
    ReduceOp op = update_op(n, v);
    if (op != OP_COUNT) {
        *at = n->start;
        return op;
    }
    for (int i = 0; i < n->nkids; i++) {
        op = first_update(n->kids[i], v, at);
        if (op != OP_COUNT)
            return op;
    }
    return OP_COUNT;
}

/* A scalar the outer loop's body only accumulates into (`delta +=
 * changed`, `if (len > longest) longest = len`): a reduction of the
 * segmented loop itself, across its iterations. Integers only, whose
 * combine is exact in any order: an unmarked floating-point sum keeps its
 * order (the loop stays on the host). */
static bool add_outer_accumulator(Site *t, const Node *body, Var *v, char **float_note)
{
    unsigned at = 0;
    ReduceOp op = first_update(body, v, &at);
    if (op == OP_COUNT)
        return false;
    if (!type_is_integer(v->type)) {
        const char *spelling = reduce_ops[op].spelling;
        if (!*float_note)
            *float_note = xformat("'%s' accumulates across its iterations in floating point, an "
                                  "order pragreduce keeps unless told: %s to allow reordering it",
                                  v->name,
                                  t->pragma.parallel
                                      ? xformat("name it, '#pragma reduce parallel reduce(%s: %s)',", spelling, v->name)
                                      : xformat("mark this loop '#pragma reduce(%s: %s)' (in place of the "
                                                "marked loop inside it)", spelling, v->name));
        return false;
    }
    t->pragma.vars = xrealloc(t->pragma.vars, (size_t)(t->pragma.nvars + 1) * sizeof(ReduceVar));
    t->pragma.vars[t->pragma.nvars++] =
        (ReduceVar){.op = op, .name = v->name, .offset = at, .partner = -1, .loc_last = -1};
    return true;
}

/* ------------------------------------------------------------ one candidate */

typedef struct {
    unsigned start;
    Site *site; /* NULL when the loop does not qualify */
    char *why_not;
} OuterTry;

static bool names_var(const Pragma *p, const char *name)
{
    for (int v = 0; p && v < p->nvars; v++)
        if (!strcmp(p->vars[v].name, name))
            return true;
    return false;
}

/* Whether the parallel directive names `name` in private(...). */
static bool named_private(const Pragma *p, const char *name)
{
    for (int k = 0; p && k < p->nprivates; k++)
        if (!strcmp(p->privates[k].name, name))
            return true;
    return false;
}

/* Whether n writes an element of an array named `name` (`buf[k] = e`). */
static bool written_array_named(const Node *n, const char *name)
{
    if (!n)
        return false;
    if ((n->kind == N_ASSIGN && n->nkids > 0) ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")))) {
        const Node *t = ast_strip(n->kids[0]);
        while (t && t->kind == N_SUBSCRIPT)
            t = ast_strip(t->kids[0]);
        if (t && t != ast_strip(n->kids[0]) && t->kind == N_DECLREF && t->var &&
            !strcmp(t->var->name, name))
            return true;
    }
    for (int i = 0; i < n->nkids; i++)
        if (written_array_named(n->kids[i], name))
            return true;
    return false;
}

/* The first `for` loop inside n (outermost first), or NULL. */
static const Node *first_inner_for(const Node *n)
{
    if (!n)
        return NULL;
    for (int i = 0; i < n->nkids; i++) {
        const Node *k = n->kids[i];
        if (!k)
            continue;
        if (k->kind == N_FOR && !k->from_macro)
            return k;
        const Node *f = first_inner_for(k);
        if (f)
            return f;
    }
    return NULL;
}

/* Whether the threads of a group can share parallel loop q inside another
 * one's iterations: nothing to carry from one iteration to the next or out
 * of the loop (accumulators, private scalars something reads after it,
 * marked loops, in() clauses). *kept: the first private read after it. */
static bool group_can_share_why(const Source *src, const Site *q, int *kept)
{
    *kept = -1;
    for (int k = 0; k < q->nprivates && *kept < 0; k++)
        if (!reduction_scratch_private(src, (Site *)q, q->privates[k]))
            *kept = k;
    return !(q->pragma.nvars || *kept >= 0 || q->segment->nmarked || q->pragma.nsections);
}

static bool group_can_share(const Source *src, const Site *q)
{
    int kept;
    return group_can_share_why(src, q, &kept);
}

/* The parallel loop nested in a parallel loop whose group of threads can
 * share it: found already (par, the parallel loops' sites so far), with
 * nothing to carry from one iteration to the next or out of the loop (no
 * accumulators, no private scalars, no marked loops inside), so that every
 * thread of the group leaves it with the same values. NULL, with why_not,
 * otherwise. */
static Site *shareable_parallel(const Source *src, const Site *m, Site **par, int npar, char **why_not)
{
    unsigned line, col;
    source_line_col(src, m->loop->start, &line, &col);
    for (int i = 0; i < npar; i++) {
        Site *q = par[i];
        if (q->pragma.start != m->pragma.start)
            continue;
        /* its scratch scalars (a C89 inner loop's variable) are the group's
         * threads' own when nothing reads them after it: no last value to
         * choose between the threads (heat-3d's k) */
        int kept;
        if (!group_can_share_why(src, q, &kept)) {
            *why_not = xformat("the parallel loop at line %u inside it %s, which its threads could "
                               "not share inside another one's iterations; mark one of the two", line,
                               q->pragma.nvars ? "accumulates across its iterations"
                               : kept >= 0     ? xformat("keeps the last iteration's '%s'", q->privates[kept]->name)
                               : q->segment->nmarked ? "has marked loops inside"
                                                     : "has an in() clause");
            return NULL;
        }
        return q;
    }
    *why_not = xformat("the parallel loop at line %u inside it runs as a launch of its own", line);
    return NULL;
}

/* The segmented site for loop `outer` around marked loops (`marked` the
 * one it was found from), or for a parallel loop's own (`marked` is then
 * the parallel pragma's site, and parallel loops inside that `par` holds
 * may be shared like marked loops). */
static Site *try_outer(const Source *src, Node *fn_tree, Node *outer, Site *marked,
                       Site *all, int nall, Site **par, int npar, char **why_not)
{
    unsigned end = loop_text_end(src, outer);
    const Pragma *parallel = marked->pragma.parallel ? &marked->pragma : NULL;
    /* its OpenMP directive would be left before the call that replaces it
     * (a parallel pragma's directive and OpenMP lines are replaced with it) */
    if (!parallel && source_omp_line_before(src, outer->start)) {
        *why_not = xstrdup("a '#pragma omp' directive applies to it");
        return NULL;
    }
    if (!parallel && source_pragma_line_before(src, outer->start)) {
        *why_not = xstrdup("a directive applies to it ('#pragma' or _Pragma), which would stay "
                           "before the call that replaces it");
        return NULL;
    }
    Site *t = xcalloc(1, sizeof *t);
    t->index = -1;
    t->loop = outer;
    t->loop_end = end;
    t->function = marked->function;
    t->function_start = marked->function_start;
    t->function_name = marked->function_name;
    t->pragma.collapse = 1;
    t->pragma.hash_offset = outer->start;
    t->pragma.start = t->pragma.end = outer->start;
    if (parallel) {
        /* the directive goes with the loop; what it names accumulates */
        t->pragma.hash_offset = parallel->hash_offset;
        t->pragma.start = parallel->start;
        t->pragma.end = parallel->end;
        t->pragma.parallel = true;
        t->pragma.parallel_offset = parallel->parallel_offset;
        t->from_collapse = marked->from_collapse; /* (a nest's innermost loop: transpile.c) */
        t->collapse_auto = marked->collapse_auto;
        t->pragma.nvars = parallel->nvars;
        t->pragma.vars = xcalloc((size_t)parallel->nvars + 1, sizeof(ReduceVar));
        if (parallel->nvars)
            memcpy(t->pragma.vars, parallel->vars, (size_t)parallel->nvars * sizeof(ReduceVar));
        t->pragma.comm = parallel->comm; /* its reduction over MPI ranks (emit_mpi.c) */
        t->pragma.comm_offset = parallel->comm_offset;
        t->pragma.comm_ordered = parallel->comm_ordered;
        t->pragma.omp = parallel->omp; /* for the CPU path, when it has no wrappers inside */
        t->pragma.nomp = parallel->nomp;
        /* private(...): checked with the body (reduction.c), kept by the caller */
        t->pragma.nprivates = parallel->nprivates;
        t->pragma.privates = xcalloc((size_t)parallel->nprivates + 1, sizeof(PrivateVar));
        if (parallel->nprivates)
            memcpy(t->pragma.privates, parallel->privates, (size_t)parallel->nprivates * sizeof(PrivateVar));
        t->pragma.nsections = parallel->nsections;
        t->pragma.sections = xcalloc((size_t)parallel->nsections + 1, sizeof(ArraySection));
        if (parallel->nsections)
            memcpy(t->pragma.sections, parallel->sections, (size_t)parallel->nsections * sizeof(ArraySection));
    }
    Segment *seg = xcalloc(1, sizeof *seg);
    t->segment = seg;

    /* the marked loops inside: all must be valid, and their in() clauses
     * are the outer loop's too */
    for (int k = 0; k < nall; k++) {
        Site *m = &all[k];
        if (!m->loop || m->pragma.start < outer->start || m->pragma.start >= end || m->loop->start == outer->start)
            continue;
        if (m->pragma.parallel) {
            Site *q = parallel ? shareable_parallel(src, m, par, npar, why_not) : NULL;
            if (!q) {
                if (!parallel) {
                    unsigned line, col;
                    source_line_col(src, m->loop->start, &line, &col);
                    *why_not = xformat("the parallel loop at line %u inside it runs as a launch of its own", line);
                }
                return NULL;
            }
            /* inside a parallel loop: shared by a segment's group like a marked loop */
            seg->marked = xrealloc(seg->marked, (size_t)(seg->nmarked + 1) * sizeof(Site *));
            seg->marked[seg->nmarked++] = q;
            continue;
        }
        if (m->rejected) {
            *why_not = xformat("the marked loop at offset %u inside it is not a valid reduction", m->pragma.start);
            return NULL;
        }
        if (m->info.step_runtime_check) {
            unsigned line, col;
            source_line_col(src, m->loop->start, &line, &col);
            *why_not = xformat("the marked loop at line %u steps by a variable that may be 0", line);
            return NULL;
        }
        if (site_has_sections(m)) {
            unsigned line, col;
            source_line_col(src, m->loop->start, &line, &col);
            *why_not = xformat("the marked loop at line %u reduces an array section, which runs "
                               "as a launch of its own", line);
            return NULL;
        }
        if (m->pragma.comm) {
            unsigned line, col;
            source_line_col(src, m->loop->start, &line, &col);
            *why_not = xformat("the marked loop at line %u completes its reduction over MPI ranks "
                               "(comm), on the host after its own launch", line);
            return NULL;
        }
        if (site_has_tables(m)) {
            unsigned line, col;
            source_line_col(src, m->loop->start, &line, &col);
            *why_not = xformat("the marked loop at line %u reads a table of pointers, which runs "
                               "as a launch of its own", line);
            return NULL;
        }
        if (!element_base_apart(src, m)) {
            /* its own launch runs it as written when the array's copy holds
             * the element; a segment's group would read the element's old
             * value where the loop reads it (other arrays that may overlap
             * it: the segment's run-time check) */
            unsigned line, col;
            source_line_col(src, m->loop->start, &line, &col);
            *why_not = xformat("the marked loop at line %u reduces into an element of an array it "
                               "may read at that element, which runs as a launch of its own",
                               line);
            return NULL;
        }
        seg->marked = xrealloc(seg->marked, (size_t)(seg->nmarked + 1) * sizeof(Site *));
        seg->marked[seg->nmarked++] = m;
        for (int s = 0; s < m->pragma.nsections; s++) {
            const ArraySection *sec = &m->pragma.sections[s];
            const char *local = section_uses_local(outer, sec);
            if (!local && ast_for_init(outer)) {
                /* the outer loop's own variable, when declared before it */
                LoopInfo li;
                diag_probe(true);
                if (loop_analyze_one(src, outer, &li) && (mentions_word(sec->lo, li.iv->name) ||
                                                          mentions_word(sec->len, li.iv->name)))
                    local = li.iv->name;
                diag_probe(false);
            }
            if (local) {
                *why_not = xformat("in(%s[%s:%s]) uses '%s', which changes from one iteration to "
                                   "the next",
                                   sec->name, sec->lo, sec->len, local);
                return NULL;
            }
            bool dup = false;
            for (int q = 0; q < t->pragma.nsections; q++) {
                const ArraySection *o = &t->pragma.sections[q];
                if (strcmp(o->name, sec->name) != 0)
                    continue;
                if (strcmp(o->lo, sec->lo) != 0 || strcmp(o->len, sec->len) != 0) {
                    *why_not = xformat("two marked loops name different in() sections of '%s'", sec->name);
                    return NULL;
                }
                dup = true;
            }
            if (dup)
                continue;
            t->pragma.sections = xrealloc(t->pragma.sections,
                                          (size_t)(t->pragma.nsections + 1) * sizeof(ArraySection));
            t->pragma.sections[t->pragma.nsections++] = m->pragma.sections[s];
        }
    }
    StrBuf summary = {0};
    int named = 0, found_inside = 0; /* (loops shared by themselves: counted, not named) */
    for (int k = 0; k < seg->nmarked; k++) {
        if (seg->marked[k]->collapse_auto) {
            found_inside++;
            continue;
        }
        strbuf_printf(&summary, "%s%s", named++ ? " " : "", seg->marked[k]->pragma.summary);
    }
    if (found_inside)
        strbuf_printf(&summary, "%s%d inner loop%s", named ? " and " : "", found_inside,
                      found_inside > 1 ? "s shared by themselves" : " shared by itself");
    if (parallel)
        t->pragma.summary = seg->nmarked ? xformat("%s, around %s", parallel->summary, summary.buf)
                                         : xstrdup(parallel->summary);
    else
        t->pragma.summary = xformat("%s, segmented", summary.buf ? summary.buf : "");
    strbuf_free(&summary);

    diag_probe(true);
    char *float_note = NULL;
    bool ok = loop_analyze(src, t, outer);
    const Node *body = ok ? t->info.body : NULL;
    if (ok) {
        t->body_end = end;
        /* private scalars: written inside, declared outside, assigned first */
        VarSet written = {0};
        written_scalars(body, outer, end, &written);
        for (int k = 0; k < written.n; k++) {
            Var *v = written.vars[k];
            if (v == t->info.iv || v->storage != VAR_LOCAL || v->is_volatile || names_var(parallel, v->name))
                continue; /* (a parallel pragma's reduce() names its accumulators) */
            CXType canon = clang_getCanonicalType(v->type);
            if (canon.kind == CXType_ConstantArray || canon.kind == CXType_IncompleteArray ||
                canon.kind == CXType_VariableArray || !type_cxx_name(v->type))
                continue;
            /* assigned first at the top of each iteration, or scratch nothing
             * after the loop reads (written first wherever it is read), or
             * named in private() (which reduction.c checks is written first) */
            if (address_taken(fn_tree, v))
                continue; /* the walk reports the write */
            bool named = named_private(parallel, v->name);
            if (!named && !assigned_first(outer, v) && !reduction_scratch_private(src, t, v)) {
                add_outer_accumulator(t, body, v, &float_note); /* else the walk reports the write */
                continue;
            }
            t->privates = xrealloc(t->privates, (size_t)(t->nprivates + 1) * sizeof(Var *));
            t->privates_kept = xrealloc(t->privates_kept, (size_t)(t->nprivates + 1) * sizeof(bool));
            t->privates_kept[t->nprivates] = named;
            t->privates[t->nprivates++] = v;
        }
        /* private() names what the kernel can keep per thread: local
         * scalars and structs (reduction.c checks each is written first) */
        for (int k = 0; ok && parallel && k < parallel->nprivates; k++) {
            const char *name = parallel->privates[k].name;
            bool kept = false, scalar = false;
            for (int q = 0; q < t->nprivates; q++)
                kept |= !strcmp(t->privates[q]->name, name);
            for (int q = 0; q < written.n; q++)
                scalar |= !strcmp(written.vars[q]->name, name);
            if (kept || (!scalar && !written_array_named(body, name)))
                continue; /* not written: reduction.c says what is wrong, if anything */
            *why_not = xformat("private(%s) of a parallel loop takes local scalars and structs whose "
                               "address the function does not take; declare '%s' inside the loop's "
                               "body instead, so that each iteration has its own",
                               name, name);
            diag_probe(false);
            return NULL;
        }
        ok = reduction_analyze(src, t) && access_analyze(src, t);
        if (ok && t->pragma.nvars && !parallel) {
            StrBuf acc = {0};
            for (int v = 0; v < t->pragma.nvars; v++)
                strbuf_printf(&acc, "%sreduce(%s: %s)", v ? " " : "", reduce_ops[t->pragma.vars[v].op].spelling,
                              t->pragma.vars[v].name);
            t->pragma.summary = xformat("%s, and %s across its iterations", t->pragma.summary, acc.buf);
            strbuf_free(&acc);
        }
    }
    const char *first = diag_probe_first();
    diag_probe(false);
    if (ok && t->nprivates && has_outer_continue(body, 0)) {
        *why_not = xformat("a 'continue' of the outer loop could skip the assignment of '%s'",
                           t->privates[0]->name);
        return NULL;
    }
    if (!ok) {
        *why_not = float_note ? float_note : xstrdup(first ? first : "its loop header is not canonical");
        return NULL;
    }
    return t;
}

/* ------------------------------------------------------------ the mapping */

/* How a segment's marked loops are shared. A thread per segment runs them
 * as written; a warp or a block splits their iterations and combines
 * through shuffles and shared memory. The cost model's thresholds: a warp
 * needs at least a few iterations per lane to beat a thread that reads its
 * segment alone, a block needs enough to amortize its barriers. */
static const Capture *written_capture(const Site *t, const Var *v)
{
    for (int i = 0; i < t->ncaptures; i++)
        if (t->captures[i].var == v && t->captures[i].kind == CAP_ARRAY && t->captures[i].written)
            return &t->captures[i];
    return NULL;
}

static bool has_write(const Node *n)
{
    if (!n)
        return false;
    if (n->kind == N_ASSIGN ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--"))))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (has_write(n->kids[i]))
            return true;
    return false;
}

/* A whole statement (`y[i] = e;`, `y[i] += e;`) whose one effect is the
 * write of an element of a written array. */
static bool element_write_statement(const Source *src, const Site *t, const Node *n)
{
    if (n->from_macro)
        return false;
    size_t semi = source_token_at(src, n->end);
    if (semi >= src->ntokens || strcmp(src->tokens[semi].text, ";") != 0)
        return false;
    const Node *target = NULL;
    if (n->kind == N_ASSIGN) {
        if (has_write(n->kids[1]))
            return false;
        target = n->kids[0];
    } else if (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--"))) {
        target = n->kids[0];
    } else {
        return false;
    }
    if (has_write(target))
        return false;
    const Node *base = ast_strip((Node *)target);
    while (base && (base->kind == N_SUBSCRIPT || (base->kind == N_MEMBER && base->op && !strcmp(base->op, "."))))
        base = ast_strip(base->kids[0]);
    if (!base || base->kind != N_DECLREF || !written_capture(t, base->var))
        return false;
    const Node *p = n->parent;
    return p && (p->kind == N_COMPOUND || p->kind == N_IF || p->kind == N_FOR || p->kind == N_WHILE ||
                 p->kind == N_DO || p->kind == N_CASE || p->kind == N_DEFAULT || p->kind == N_LABEL) &&
           !(p->kind == N_IF && p->kids[0] == n) && !(p->kind == N_FOR && p->kids[p->nkids - 1] != n);
}

/* `y[i]` (or `y[i].f`) as the target of an assignment or ++/--. */
static bool is_write_target(const Node *ref)
{
    const Node *n = ref;
    while (n->parent && (n->parent->kind == N_SUBSCRIPT || n->parent->kind == N_MEMBER ||
                         n->parent->kind == N_PAREN || n->parent->kind == N_IMPLICIT) &&
           n->parent->kids[0] == n)
        n = n->parent;
    const Node *p = n->parent;
    if (!p)
        return false;
    if (p->kind == N_ASSIGN)
        return p->kids[0] == n;
    return p->kind == N_UNARY && (!strcmp(p->op, "++") || !strcmp(p->op, "--"));
}

/* Statements that write the segment's elements run in one thread of a
 * shared group, between barriers of the group (the others must not read
 * what it writes too early or too late: `y[i] = b * y[i]`, `x - mean[j]`);
 * false when such a write is inside a larger expression. */
static bool find_guarded(const Source *src, Site *t, const Node *n, bool inside_guarded)
{
    if (!n)
        return true;
    /* a loop shared by the group (parallel, or marked and writing fused
     * outputs): each thread writes its own iterations' elements, which the
     * loop's own checks made sure of, and the group waits for all around
     * it (emit_segment.c); its text is the shared loop's, not edited here */
    for (int k = 0; k < t->segment->nmarked; k++) {
        const Site *m = t->segment->marked[k];
        if (n->start >= m->loop->start && n->end <= m->loop_end)
            return true;
    }
    if (!inside_guarded && element_write_statement(src, t, n)) {
        Segment *seg = t->segment;
        seg->guarded = xrealloc(seg->guarded, (size_t)(seg->nguarded + 1) * sizeof(Node *));
        seg->guarded[seg->nguarded++] = (Node *)n;
        inside_guarded = true;
    }
    if (n->kind == N_DECLREF && n->var && written_capture(t, n->var) && !inside_guarded &&
        is_write_target(n))
        return false; /* written inside a larger expression */
    const Node *kids[3] = {ast_for_init(n), ast_for_cond(n), ast_for_inc(n)};
    for (int k = 0; k < 3; k++)
        if (kids[k] && !find_guarded(src, t, kids[k], inside_guarded))
            return false;
    for (int i = 0; i < n->nkids; i++)
        if (n->kids[i] != ast_for_init(n) && n->kids[i] != ast_for_cond(n) && n->kids[i] != ast_for_inc(n) &&
            !find_guarded(src, t, n->kids[i], inside_guarded))
            return false;
    return true;
}

static void choose_cooperation(const Source *src, Site *t)
{
    Segment *seg = t->segment;
    seg->cooperative = find_guarded(src, t, t->info.body, false);
    if (!seg->cooperative)
        seg->solo_why = "an element of the segment is written inside a larger expression";
    if (seg->nmarked == 0) {
        seg->cooperative = false; /* a parallel loop: nothing for a group to share */
        seg->solo_why = "no marked loop inside";
    }
    for (int k = 0; k < seg->nmarked; k++) {
        const Site *m = seg->marked[k];
        if (m->ninner) {
            seg->cooperative = false; /* collapse(N): its index arithmetic stays sequential */
            seg->solo_why = "a collapse(N) loop inside";
        }
        if (m->nminmax_pairs) {
            seg->cooperative = false; /* each thread must start from the values before */
            seg->solo_why = "an if/else-if min/max pair inside";
        }
        for (int v = 0; v < m->pragma.nvars; v++) {
            const ReduceVar *rv = &m->pragma.vars[v];
            if (rv->op == OP_MAXLOC || rv->op == OP_MINLOC) {
                seg->cooperative = false; /* ties need the iteration order */
                seg->solo_why = "maxloc/minloc inside: ties need the iteration order";
            }
            if ((rv->op == OP_MIN || rv->op == OP_MAX) && type_is_floating(rv->var->type)) {
                seg->cooperative = false; /* the sign of a zero result, NaN */
                seg->solo_why = "a floating-point min/max inside: a zero's sign and NaN depend on the "
                                "iteration order";
            }
        }
    }
    cost_segment_groups(&seg->group_thread_max, &seg->group_warp_max);
    if (!seg->cooperative)
        seg->group_thread_max = seg->group_warp_max = -1;
}

/* ------------------------------------------------------------ all sites */

static void explain_site(const Source *src, FILE *to, const Site *m, const char *text)
{
    if (!to)
        return;
    unsigned line, col;
    source_line_col(src, m->loop->start, &line, &col);
    fprintf(to, "%s:%u: %s: %s\n", source_path_at(src, m->loop->start), line, m->pragma.summary,
            text);
}

/* --explain: the scalars each iteration of segmented site `t` has its own. */
static void explain_privates(FILE *to, const Site *t)
{
    for (int v = 0; v < t->nprivates; v++)
        fprintf(to, "    private: '%s' (assigned first in each iteration; keeps the last one's value)\n",
                t->privates[v]->name);
}

/* "line 5 ('t' over [0, steps))": a host loop and what it runs over. */
void explain_loop_range(const Source *src, const Node *p, StrBuf *sb)
{
    unsigned line, col;
    source_line_col(src, p->start, &line, &col);
    strbuf_printf(sb, "line %u", line);
    LoopInfo li;
    diag_probe(true);
    bool canonical = p->kind == N_FOR && loop_analyze_one(src, (Node *)p, &li);
    diag_probe(false);
    if (canonical) {
        bool down = li.cmp == CMP_GT || li.cmp == CMP_GE;
        const char *step = li.step_node ? ast_expr_text(src, li.step_node) : NULL;
        if (step && strcmp(step, "1") == 0)
            step = NULL;
        strbuf_printf(sb, " ('%s' over %s%s, %s%s%s%s)", li.iv->name,
                      li.cmp == CMP_GT ? "(" : "[", down ? li.hi : li.lo, down ? li.lo : li.hi,
                      li.cmp == CMP_LT ? ")" : li.cmp == CMP_NE ? ") until equal" : "]",
                      step ? " by " : "", step ? step : "");
    } else {
        strbuf_puts(sb, p->kind == N_FOR ? " (not canonical)" : " (a while/do loop)");
    }
}

/* --explain: the host loops around a marked loop that stays its own
 * launch, with what each runs over: the launches a call makes. */
static void explain_launch_count(const Source *src, FILE *to, const Node *self)
{
    StrBuf sb = {0};
    int nloops = 0;
    for (const Node *p = self->parent; p; p = p->parent) {
        if (p->kind != N_FOR && p->kind != N_WHILE && p->kind != N_DO)
            continue;
        strbuf_puts(&sb, nloops++ ? " x " : " ");
        explain_loop_range(src, p, &sb);
    }
    if (nloops)
        fprintf(to, "    launches per call: one per iteration of the host loops around it,%s; "
                    "each costs ~5-10 us and the copies of what the host wrote since the last; "
                    "the nest is one launch once an outer loop's iterations are independent "
                    "(why not, above)\n",
                sb.buf);
    strbuf_free(&sb);
}

/* The innermost level of a collapse(N) that is not independent: the loop
 * that asked for it goes too (its nest is no longer the one it named), with
 * a note in place of a second error. */
static void reject_collapse_parent(const Source *src, const Site *level2, Site *sites, int n)
{
    for (int o = 0; o < n; o++) {
        Site *s = &sites[o];
        if (s->loop && s->pragma.parallel && s->pragma.collapse >= 2 && s->loop->start < level2->loop->start &&
            level2->loop->start < s->loop_end) {
            diag_at(src, s->pragma.collapse_offset, DIAG_NOTE,
                    "the loop is the innermost one of this 'collapse(%d)', whose iterations must all be independent",
                    s->pragma.collapse);
            s->rejected = true;
        }
    }
}

/* Whether a loop written out (not from a macro) is around `self`: one
 * that try_outer may make a site of. */
static const Site *sort_sites;

static int compare_pragma_starts(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    unsigned sx = sort_sites[x].pragma.start, sy = sort_sites[y].pragma.start;
    if (sx != sy)
        return sx < sy ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* A parallel loop's span, for parallel_nested. */
typedef struct {
    unsigned start, end;
    int site;
} ParSpan;

static int compare_par_spans(const void *a, const void *b)
{
    const ParSpan *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->site < y->site ? -1 : x->site > y->site;
}

/* For each parallel loop, whether its pragma lies strictly inside another
 * parallel loop (start < pragma < end): the loops' spans sorted by start,
 * the two largest ends (of different loops) among those starting before
 * each pragma kept as it goes, so that the loop's own span is left out:
 * a search per loop, not a scan of all (quadratic in a file's thousands). */
static bool *parallel_nested(const Site *sites, int n)
{
    bool *nested = xcalloc((size_t)(n ? n : 1), sizeof(bool));
    ParSpan *spans = xcalloc((size_t)(n ? n : 1), sizeof(ParSpan));
    int *queries = xcalloc((size_t)(n ? n : 1), sizeof(int));
    int nspans = 0, nq = 0;
    for (int o = 0; o < n; o++)
        if (sites[o].loop && sites[o].pragma.parallel) {
            spans[nspans++] = (ParSpan){sites[o].loop->start, sites[o].loop->end, o};
            queries[nq++] = o;
        }
    qsort(spans, (size_t)nspans, sizeof *spans, compare_par_spans);
    /* queries by pragma start (sites are not all in source order) */
    sort_sites = sites;
    qsort(queries, (size_t)nq, sizeof *queries, compare_pragma_starts);
    unsigned end1 = 0, end2 = 0; /* the largest end so far (loop site1), and the largest of another loop */
    int site1 = -1, next = 0;
    for (int q = 0; q < nq; q++) {
        const int k = queries[q];
        const unsigned at = sites[k].pragma.start;
        for (; next < nspans && spans[next].start < at; next++) {
            const ParSpan *sp = &spans[next];
            if (site1 < 0 || sp->end > end1) {
                if (site1 >= 0 && site1 != sp->site)
                    end2 = end1;
                end1 = sp->end, site1 = sp->site;
            } else if (sp->site != site1 && sp->end > end2) {
                end2 = sp->end;
            }
        }
        nested[k] = (site1 >= 0 && site1 != k && end1 > at) || (site1 == k && end2 > at);
    }
    return nested;
}

/* found[order[]] by loop start, the later first, ties in found's order
 * (what an insertion sort gave, quadratic for a file's thousands of
 * parallel loops, found in source order). */
static const Site *const *sort_found;

static int compare_later_first(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    unsigned sx = sort_found[x]->loop->start, sy = sort_found[y]->loop->start;
    if (sx != sy)
        return sx > sy ? -1 : 1;
    return x < y ? -1 : x > y;
}

static void sort_later_first(Site *const *found, int *order, int n)
{
    sort_found = (const Site *const *)found;
    qsort(order, (size_t)n, sizeof *order, compare_later_first);
}

static bool inside_written_loop(const Node *self)
{
    for (const Node *p = self->parent; p; p = p->parent)
        if (p->kind == N_FOR && !p->from_macro)
            return true;
    return false;
}

void segment_note_loops_around(const Source *src, Site *site)
{
    const Node *self = ast_find_for(ast_build_scratch(src, site->function), site->loop->start);
    site->loops_around = self && inside_written_loop(self) ? 2 : 1;
}

void segment_find_all(const Source *src, Site **sites_io, int *count, FILE *explain)
{
    Site *sites = *sites_io;
    int n = *count;
    OuterTry *tried = NULL;
    int ntried = 0;
    Site **found = NULL;
    int nfound = 0;
    int *parent_of = NULL; /* for each found loop, the independent loop around it in found */
    int *inner_of = xcalloc((size_t)(n ? n : 1), sizeof(int)); /* each marked loop's innermost */
    for (int k = 0; k < n; k++)
        inner_of[k] = -1;
    Node *fn_tree = NULL;
    CXCursor fn_cursor = clang_getNullCursor();

    /* parallel loops first, as they are written, those inside another
     * parallel loop before the rest (the outer one's group may share them):
     * the marked loops inside find them taken */
    int *par_order = xcalloc((size_t)(n ? n : 1), sizeof(int)), npar_order = 0, nested_count = 0;
    bool *nested = parallel_nested(sites, n);
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < n; k++) {
            const Site *p = &sites[k];
            if (!p->loop || !p->pragma.parallel)
                continue;
            if (nested[k] == (pass == 0))
                par_order[npar_order++] = k;
        }
        if (pass == 0)
            nested_count = npar_order;
    }
    for (int pk = 0; pk < npar_order; pk++) {
        const int k = par_order[pk];
        Site *p = &sites[k];
        if (!p->loop || p->rejected || !p->pragma.parallel)
            continue;
        Node *tree = ast_build(src, p->function);
        Node *self = ast_find_for(tree, p->loop->start);
        char *why = NULL;
        if (p->collapse_auto)
            diag_probe(true);
        Site *t = self ? try_outer(src, tree, self, p, sites, n, found, nfound, &why) : NULL;
        if (p->collapse_auto)
            diag_probe(false);
        /* (one the loop around it could not share would cost that loop its launch) */
        if (t && p->collapse_auto && !group_can_share(src, t))
            t = NULL;
        if (!t && p->collapse_auto) {
            /* a nest's innermost loop whose iterations are not independent:
             * the loop around it runs it in each iteration, as written */
            p->rejected = true;
            p->loop = NULL;
            continue;
        }
        if (!t) {
            diag_at(src, p->pragma.parallel_offset, DIAG_ERROR,
                    "cannot run the loop's iterations in parallel: %s", why ? why : "its loop header is not canonical");
            p->rejected = true;
            if (p->from_collapse)
                reject_collapse_parent(src, p, sites, n);
            continue;
        }
        tried = xrealloc(tried, (size_t)(ntried + 1) * sizeof(OuterTry));
        tried[ntried++] = (OuterTry){self->start, t, NULL};
        choose_cooperation(src, t);
        found = xrealloc(found, (size_t)(nfound + 1) * sizeof(Site *));
        parent_of = xrealloc(parent_of, (size_t)(nfound + 1) * sizeof(int));
        parent_of[nfound] = -1;
        found[nfound++] = t;
        p->absorbed = true;
        /* parallel loops shared inside it: its own when it stays on the host */
        for (int q = 0; q < t->segment->nmarked; q++)
            for (int i = 0; i < nfound - 1; i++)
                if (found[i] == t->segment->marked[q])
                    parent_of[i] = nfound - 1;
        if (explain) {
            explain_site(src, explain, p,
                         xformat("one launch, an iteration per thread%s%s",
                                 t->segment->cooperative ? "; the loops marked inside it shared by a warp or block "
                                                           "by their trip count" : "",
                                 pk < nested_count ? " (unless the parallel loop around it shares it: below)" : ""));
            const Node *body = t->info.body;
            const Node *inner = t->segment->nmarked ? NULL
                                : body && body->kind == N_FOR ? body
                                                               : first_inner_for(body);
            if (inner) {
                unsigned line, col;
                source_line_col(src, inner->start, &line, &col);
                /* (an innermost loop was tried by itself: transpile.c) */
                if (!first_inner_for(inner) && p->inner_tried && source_pragma_line_before(src, inner->start))
                    fprintf(explain, "    the loop at line %u inside it runs in each iteration's thread alone (a "
                                     "directive applies to it)\n",
                            line);
                else if (!first_inner_for(inner) && p->inner_tried)
                    fprintf(explain, "    the loop at line %u inside it runs in each iteration's thread alone: "
                                     "its iterations are not independent, or a group of threads could not "
                                     "share them\n",
                            line);
                else
                    fprintf(explain, "    the loop at line %u inside it runs in each iteration's thread alone; when "
                                     "its iterations are independent, '#pragma reduce parallel' on it lets a warp "
                                     "or block share them (still one launch)\n",
                            line);
            }
            for (int q = 0; q < t->segment->nmarked; q++) {
                const Site *in = t->segment->marked[q];
                if (!in->segment)
                    continue;
                unsigned line, col;
                source_line_col(src, in->loop->start, &line, &col);
                fprintf(explain, "    the %s at line %u inside it: run by each iteration's %s, no "
                                 "launch of its own; on the host, as written inside this one\n",
                        in->collapse_auto   ? "inner loop (its iterations independent)"
                        : in->from_collapse ? "collapse's innermost loop"
                                            : "parallel loop",
                        line, t->segment->cooperative ? "thread, warp or block" : "thread");
            }
            for (int v = 0; v < t->pragma.nvars; v++)
                fprintf(explain, "    accumulates '%s' (%s) across its iterations\n", t->pragma.vars[v].name,
                        reduce_ops[t->pragma.vars[v].op].spelling);
            explain_privates(explain, t);
        }
    }

    for (int k = 0; k < n; k++) {
        Site *m = &sites[k];
        if (!m->loop || m->rejected || m->pragma.parallel || m->loops_around == 1)
            continue; /* (no loop around it: nothing to try) */
        if (!clang_equalCursors(fn_cursor, m->function)) {
            ast_scratch_release(); /* (the function before's: one at a time) */
            fn_cursor = m->function;
            fn_tree = ast_build_scratch(src, m->function);
        }
        Node *self = ast_find_for(fn_tree, m->loop->start);
        if (!self)
            continue;
        if (inside_written_loop(self))
            fn_tree = ast_build(src, m->function); /* (kept: a loop around it may become a site) */
        Site *chosen = NULL;
        int innermost = -1, below = -1; /* indices in found */
        StrBuf notes = {0};
        for (Node *p = self->parent; p; p = p->parent) {
            if (p->kind != N_FOR || p->from_macro)
                continue;
            OuterTry *c = NULL;
            for (int i = 0; i < ntried; i++)
                if (tried[i].start == p->start)
                    c = &tried[i];
            if (!c) {
                tried = xrealloc(tried, (size_t)(ntried + 1) * sizeof(OuterTry));
                c = &tried[ntried++];
                c->start = p->start;
                c->why_not = NULL;
                c->site = try_outer(src, fn_tree, p, m, sites, n, NULL, 0, &c->why_not);
            }
            unsigned line, col;
            source_line_col(src, p->start, &line, &col);
            if (!c->site) {
                strbuf_printf(&notes, "    the loop at line %u: not taken: %s\n", line, c->why_not);
                continue;
            }
            strbuf_printf(&notes, "    the loop at line %u: iterations independent", line);
            for (int v = 0; v < c->site->pragma.nvars; v++)
                strbuf_printf(&notes, "%s'%s' (%s)", v ? ", " : "; it accumulates ",
                              c->site->pragma.vars[v].name, reduce_ops[c->site->pragma.vars[v].op].spelling);
            strbuf_printf(&notes, "%s\n", c->site->pragma.nvars ? " across them, in the same launch" : "");
            chosen = c->site;
            int at = -1;
            for (int i = 0; i < nfound; i++)
                if (found[i] == chosen)
                    at = i;
            if (at < 0) {
                /* a nest collapsed by itself runs as marked inside a segment,
                 * where a group can share its iterations */
                for (int i = 0; i < chosen->segment->nmarked; i++) {
                    Site *mk = chosen->segment->marked[i];
                    if (mk->auto_collapsed && mk->uncollapsed) {
                        *mk = *mk->uncollapsed;
                        unsigned ml, mc;
                        source_line_col(src, mk->loop->start, &ml, &mc);
                        strbuf_printf(&notes, "    the nest at line %u runs as marked inside each "
                                              "segment (not collapsed: a group shares its iterations)\n", ml);
                    }
                }
                choose_cooperation(src, chosen);
                found = xrealloc(found, (size_t)(nfound + 1) * sizeof(Site *));
                parent_of = xrealloc(parent_of, (size_t)(nfound + 1) * sizeof(int));
                parent_of[nfound] = -1;
                at = nfound;
                found[nfound++] = chosen;
            }
            /* an independent loop inside an independent loop: the outer one's
             * fallback when it has few iterations */
            if (below >= 0 && below != at)
                parent_of[below] = at;
            if (innermost < 0)
                innermost = at;
            below = at;
        }
        inner_of[k] = innermost;
        if (chosen) {
            unsigned line, col;
            source_line_col(src, chosen->loop->start, &line, &col);
            if (explain) {
                explain_site(src, explain, m,
                             xformat("segmented: the loop at line %u runs as one launch, an "
                                     "iteration of it per %s%s",
                                     line,
                                     chosen->segment->cooperative
                                         ? "thread, warp or block by the inner trip count"
                                         : "thread",
                                     chosen->segment->cooperative ? "" : xformat(" (%s)", chosen->segment->solo_why)));
                if (notes.len)
                    fputs(notes.buf, explain);
                if (found[innermost] != chosen)
                    fprintf(explain, "    with fewer iterations than twice the GPU's SMs, the loop at line %u runs on the host and the independent loops inside it launch instead\n",
                            line);
                explain_privates(explain, chosen);
            }
        } else if (explain && notes.len) {
            /* inside loops, none of them independent: item by item from the host */
            explain_site(src, explain, m, "not segmented: each run of it is its own launch");
            fputs(notes.buf, explain);
            explain_launch_count(src, explain, self);
        }
        strbuf_free(&notes);
    }
    if (!nfound)
        return;
    /* the outer sites go after the marked ones, inner loops first (an outer
     * loop's wrapper calls an inner one's); a site inside another is
     * emitted as part of it */
    int *order = xcalloc((size_t)nfound, sizeof(int)), *new_at = xcalloc((size_t)nfound, sizeof(int));
    for (int i = 0; i < nfound; i++)
        order[i] = i;
    sort_later_first(found, order, nfound);
    for (int i = 0; i < nfound; i++)
        new_at[order[i]] = n + i;
    /* where each segment's marked loops go: a marked site (its index), or
     * a parallel loop's segmented site (-1 - its index in found) */
    int **marked_at = xcalloc((size_t)nfound, sizeof(int *));
    for (int i = 0; i < nfound; i++) {
        marked_at[i] = xcalloc((size_t)found[i]->segment->nmarked + 1, sizeof(int));
        for (int q = 0; q < found[i]->segment->nmarked; q++) {
            const Site *mk = found[i]->segment->marked[q];
            marked_at[i][q] = mk >= sites && mk < sites + n ? (int)(mk - sites) : -1;
            for (int j = 0; j < nfound; j++)
                if (found[j] == mk)
                    marked_at[i][q] = -1 - j;
            PR_ASSERT(marked_at[i][q] >= 0 || found[-1 - marked_at[i][q]] == mk);
        }
    }
    sites = xrealloc(sites, (size_t)(n + nfound) * sizeof(Site));
    for (int i = 0; i < nfound; i++) {
        Site *t = &sites[new_at[i]];
        *t = *found[i];
        t->index = new_at[i];
        for (int q = 0; q < t->segment->nmarked; q++)
            t->segment->marked[q] = marked_at[i][q] >= 0 ? &sites[marked_at[i][q]]
                                                         : &sites[new_at[-1 - marked_at[i][q]]];
    }
    /* a parallel pragma's site is the segmented one now */
    for (int k = 0; k < n; k++)
        if (sites[k].absorbed)
            sites[k].loop = NULL;
    /* who calls whom when a nest stays on the host */
    for (int k = 0; k < n; k++)
        if (inner_of[k] >= 0)
            sites[k].segmented_by = &sites[new_at[inner_of[k]]];
    for (int i = 0; i < nfound; i++)
        if (parent_of[i] >= 0)
            sites[new_at[i]].segmented_by = &sites[new_at[parent_of[i]]];
    for (int k = 0; k < n + nfound; k++) {
        Site *o = sites[k].segmented_by;
        if (!o)
            continue;
        Segment *seg = o->segment;
        seg->children = xrealloc(seg->children, (size_t)(seg->nchildren + 1) * sizeof(Site *));
        seg->children[seg->nchildren++] = &sites[k];
    }
    *sites_io = sites;
    *count = n + nfound;
}
