/*
 * host_launches.c - --explain: marked loops launched from host loops.
 *
 * A marked loop inside a host loop (of its own function, or around a call
 * of that function elsewhere in the file) is a launch per iteration of
 * that loop: each pays the launch, and the copies of what the host wrote
 * since the last one. For each such loop this pass tells
 *   - the host loops around it and around the calls that reach it, with
 *     their ranges: the launches a run makes;
 *   - the host writes in those loops to arrays the marked loop reads
 *     (directly, or through a pointer passed to a function of the file):
 *     each sends its bytes to the GPU again at the next launch;
 *   - the loop to mark instead: the host loops that make those writes,
 *     which `#pragma reduce parallel` runs on the GPU, where the arrays
 *     then stay.
 */
#include "pragreduce.h"

#include <string.h>

enum { MAX_WRITES = 16, MAX_CALLERS = 8, MAX_DEPTH = 3 };

typedef struct {
    const Source *src;
    const Site *sites;
    int nsites;
} Pass;

/* A host write to an element of an array a marked loop reads. */
typedef struct {
    unsigned at;      /* the write */
    const Node *loop; /* the innermost host loop around it, below the launching loop */
    char *array;      /* the array's name where it is written */
    char *function;   /* the function it is in */
} HostWrite;

typedef struct {
    HostWrite items[MAX_WRITES];
    int count;
    unsigned launches[MAX_CALLERS + 1]; /* where the launches are: the loop, the calls */
    int nlaunches;
} Writes;

/* Whether `loop` contains a launch: the marked loop or a call that reaches
 * it (that loop is the nest the segment pass tried, --explain says why it
 * is not one launch). */
static bool holds_launch(const Writes *w, const Node *loop)
{
    for (int i = 0; i < w->nlaunches; i++)
        if (loop->start <= w->launches[i] && w->launches[i] < loop->end)
            return true;
    return false;
}

static bool is_loop(const Node *n) { return n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_DO; }

/* Whether `n` is a marked loop (or a parallel one): it runs as a kernel,
 * its writes are the GPU's. */
static bool is_marked(const Pass *p, const Node *n)
{
    if (n->kind != N_FOR)
        return false;
    for (int i = 0; i < p->nsites; i++)
        if (p->sites[i].loop && p->sites[i].loop->start == n->start)
            return true;
    return false;
}

static bool same_decl(CXCursor a, CXCursor b)
{
    return clang_equalCursors(clang_getCanonicalCursor(a), clang_getCanonicalCursor(b));
}

/* The variable whose pointed-to elements `lv` names (`a[i]`, `*p`,
 * `a[i][j]`, `p->x`), or NULL for a plain variable. */
static const Var *element_root(const Node *lv)
{
    bool deref = false;
    for (const Node *n = ast_strip((Node *)lv); n;) {
        if (n->kind == N_SUBSCRIPT || (n->kind == N_UNARY && n->op && !strcmp(n->op, "*")) ||
            (n->kind == N_MEMBER && n->op && !strcmp(n->op, "->"))) {
            deref = true;
            n = n->nkids ? ast_strip(n->kids[0]) : NULL;
        } else if (n->kind == N_MEMBER || n->kind == N_PAREN || n->kind == N_CAST) {
            n = n->nkids ? ast_strip(n->kids[0]) : NULL;
        } else {
            return deref && n->kind == N_DECLREF ? n->var : NULL;
        }
    }
    return NULL;
}

/* The variable an argument passes (`p`, `p + k`, `&p[k]`, a cast of it). */
static const Var *argument_root(const Node *arg)
{
    const Node *n = ast_strip((Node *)arg);
    while (n) {
        if (n->kind == N_DECLREF)
            return n->var;
        if (n->kind == N_BINARY && n->op && (!strcmp(n->op, "+") || !strcmp(n->op, "-")) && n->nkids == 2)
            n = ast_strip(n->kids[0]);
        else if (n->kind == N_UNARY && n->op && !strcmp(n->op, "&") && n->nkids)
            n = ast_strip(n->kids[0]);
        else if ((n->kind == N_SUBSCRIPT || n->kind == N_CAST || n->kind == N_PAREN) && n->nkids)
            n = ast_strip(n->kids[0]);
        else
            return NULL;
    }
    return NULL;
}

static const Node *body_of(const Node *fn_tree)
{
    const Node *b = fn_tree && fn_tree->nkids ? fn_tree->kids[fn_tree->nkids - 1] : NULL;
    return b && b->kind == N_COMPOUND ? b : NULL;
}

static void add_write(Writes *w, const Node *at, const Node *loop, const char *fn)
{
    if (w->count >= MAX_WRITES)
        return;
    for (int i = 0; i < w->count; i++)
        if (w->items[i].at == at->start)
            return;
    const Var *v = element_root(at->kids[0]);
    w->items[w->count++] = (HostWrite){at->start, loop, xstrdup(v ? v->name : "?"), xstrdup(fn)};
}

/* Host writes under `n` to elements of the variable declared by `var`,
 * outside marked loops; through calls of the file's functions that are
 * passed it, `depth` levels down. `loop`: the innermost host loop so far. */
static void writes_to(const Pass *p, const Node *n, CXCursor var, const Node *loop, const char *fn,
                      int depth, Writes *w)
{
    if (!n || is_marked(p, n))
        return;
    if (is_loop(n))
        loop = n;
    bool updates = n->kind == N_ASSIGN ||
                   (n->kind == N_UNARY && n->op && (!strcmp(n->op, "++") || !strcmp(n->op, "--")));
    if (updates && n->nkids) {
        const Var *root = element_root(n->kids[0]);
        if (root && same_decl(root->decl, var))
            add_write(w, n, loop, fn);
    }
    if (n->kind == N_CALL && depth < MAX_DEPTH) {
        CXCursor callee = fx_callee(n);
        CXCursor def = clang_Cursor_isNull(callee) ? callee : clang_getCursorDefinition(callee);
        if (!clang_Cursor_isNull(def) && source_cursor_in_main(p->src, def)) {
            int nparams = clang_Cursor_getNumArguments(def);
            for (int a = 1; a < n->nkids && a - 1 < nparams; a++) {
                const Var *root = argument_root(n->kids[a]);
                if (!root || !same_decl(root->decl, var))
                    continue;
                Node *tree = ast_build(p->src, def);
                char *name = cursor_spelling(def);
                writes_to(p, body_of(tree), clang_Cursor_getArgument(def, (unsigned)(a - 1)), NULL, name,
                          depth + 1, w);
            }
        }
    }
    for (int i = 0; i < n->nkids; i++)
        writes_to(p, n->kids[i], var, loop, fn, depth, w);
}

/* " x line 5 ('t' over [0, steps))...": the host loops around `n`; the
 * outermost in *outer. */
static int loops_around(const Source *src, const Node *n, StrBuf *sb, const Node **outer)
{
    int count = 0;
    for (const Node *q = n->parent; q; q = q->parent) {
        if (!is_loop(q))
            continue;
        strbuf_puts(sb, count++ ? " x " : "");
        explain_loop_range(src, q, sb);
        *outer = q;
    }
    return count;
}

/* A call of the function with the marked loop, inside host loops. */
typedef struct {
    const Node *call;
    const Node *outer; /* the outermost host loop around it */
    char *caller;
    CXCursor caller_def;
    char *loops;       /* their ranges */
} LoopCall;

typedef struct {
    CXCursor target;
    const Source *src;
    LoopCall *calls;
    int count;
} CallScan;

static void calls_in(const Node *n, CallScan *cs, const char *caller, CXCursor def)
{
    if (n->kind == N_CALL && cs->count < MAX_CALLERS) {
        CXCursor callee = fx_callee(n);
        if (!clang_Cursor_isNull(callee) && same_decl(callee, cs->target)) {
            StrBuf sb = {0};
            const Node *outer = NULL;
            loops_around(cs->src, n, &sb, &outer);
            cs->calls[cs->count++] = (LoopCall){n, outer, xstrdup(caller), def, sb.len ? strbuf_steal(&sb) : NULL};
            strbuf_free(&sb);
        }
    }
    for (int i = 0; i < n->nkids; i++)
        calls_in(n->kids[i], cs, caller, def);
}

static enum CXChildVisitResult scan_definitions(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    CallScan *cs = data;
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        source_cursor_in_main(cs->src, c)) {
        Node *tree = ast_build(cs->src, c);
        const Node *body = body_of(tree);
        if (body)
            calls_in(body, cs, cursor_spelling(c), c);
    }
    return CXChildVisit_Continue;
}

/* The calls of `fn` in the file, each with the host loops around it. */
static int calls_of(const Source *src, CXCursor fn, LoopCall *out)
{
    CallScan cs = {fn, src, out, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), scan_definitions, &cs);
    return cs.count;
}

static unsigned line_of(const Source *src, unsigned offset)
{
    unsigned line, col;
    source_line_col(src, offset, &line, &col);
    return line;
}

/* The writes in `loop` (the host loop that launches) to what the site's
 * array `cap` is where the loop is: the array itself (a loop around the
 * marked one, a global), or the argument passed for it (`call`). */
static void launch_writes(const Pass *p, const Site *s, const Capture *cap, const Node *loop,
                          const LoopCall *call, const char *fn, Writes *w)
{
    CXCursor var = cap->var->decl;
    if (call) {
        /* a parameter of the function with the marked loop: its argument */
        int nparams = clang_Cursor_getNumArguments(s->function);
        bool found = false;
        for (int a = 0; a < nparams && !found; a++) {
            if (!same_decl(clang_Cursor_getArgument(s->function, (unsigned)a), var))
                continue;
            found = true;
            const Var *root = a + 1 < call->call->nkids ? argument_root(call->call->kids[a + 1]) : NULL;
            if (!root)
                return;
            var = root->decl;
        }
        if (!found && cap->var->storage != VAR_GLOBAL)
            return; /* a local of the function: nothing outside writes it */
    }
    writes_to(p, loop, var, NULL, fn, 0, w);
}

static void print_writes(const Pass *p, const Site *s, const Writes *w, FILE *to)
{
    const char *off = residency_off_in(s->function);
    if (off) {
        fprintf(to, "    copies per launch: every array the loop reads, at every launch: no device copies "
                    "are kept in '%s' (%s)\n",
                s->function_name, off);
        return;
    }
    if (!w->count) {
        fprintf(to, "    copies per launch: none the transpiler sees written by the host in those loops "
                    "(arrays kept on the GPU are copied once)\n");
        return;
    }
    fprintf(to, "    copies per launch: what the host writes in those loops goes to the GPU again at the "
                "next launch:");
    for (int i = 0; i < w->count; i++)
        fprintf(to, "%s '%s' (line %u, in '%s')", i ? "," : "", w->items[i].array, line_of(p->src, w->items[i].at),
                w->items[i].function);
    fprintf(to, "\n");
    bool any = false;
    for (int i = 0; i < w->count; i++) {
        const Node *l = w->items[i].loop;
        if (!l || holds_launch(w, l))
            continue;
        bool dup = false;
        for (int j = 0; j < i; j++)
            dup |= w->items[j].loop == l;
        if (dup)
            continue;
        if (!any)
            fprintf(to, "    mark instead:");
        StrBuf sb = {0};
        explain_loop_range(p->src, l, &sb);
        fprintf(to, "%s the host loop at %s in '%s' (it writes '%s')", any ? ";" : "", sb.buf,
                w->items[i].function, w->items[i].array);
        strbuf_free(&sb);
        any = true;
    }
    if (any)
        fprintf(to, ": with `#pragma reduce parallel` (when its iterations are independent, each "
                    "writing its own elements) such a loop runs on the GPU, and the arrays it writes "
                    "stay there between launches\n");
}

static bool explained(const Site *s)
{
    return !s->rejected && s->loop && !s->segmented_by && !s->absorbed;
}

static void explain_site(const Pass *p, const Site *s, FILE *to)
{
    StrBuf own = {0};
    const Node *own_outer = NULL;
    /* the marked loop in its function's tree, with the loops around it */
    const Node *body = body_of(ast_build(p->src, s->function));
    const Node *self = body ? ast_for_at(body, s->loop->start) : NULL;
    int nown = self ? loops_around(p->src, self, &own, &own_outer) : 0;
    LoopCall calls[MAX_CALLERS];
    int ncalls = calls_of(p->src, s->function, calls);
    int looped = 0;
    for (int k = 0; k < ncalls; k++)
        looped += calls[k].loops != NULL;
    if (!nown && !looped) {
        strbuf_free(&own);
        return;
    }
    fprintf(to, "%s:%u: %s: launched from host loops\n", source_path_at(p->src, s->loop->start),
            line_of(p->src, s->loop->start), s->pragma.summary);
    Writes w = {0};
    w.launches[w.nlaunches++] = s->loop->start;
    for (int k = 0; k < ncalls && w.nlaunches <= MAX_CALLERS; k++)
        w.launches[w.nlaunches++] = calls[k].call->start;
    if (nown) {
        fprintf(to, "    in '%s': one launch per iteration of %s, in each call of '%s'\n", s->function_name,
                own.buf, s->function_name);
        for (int c = 0; c < s->ncaptures; c++)
            if (s->captures[c].kind == CAP_ARRAY)
                launch_writes(p, s, &s->captures[c], own_outer, NULL, s->function_name, &w);
    }
    for (int k = 0; k < ncalls; k++) {
        if (!calls[k].loops)
            continue;
        /* calls in the same outermost loop: counted together */
        bool seen = false;
        for (int j = 0; j < k; j++)
            seen |= calls[j].outer == calls[k].outer;
        if (seen)
            continue;
        int in_loop = 0;
        StrBuf lines = {0};
        for (int j = k; j < ncalls; j++)
            if (calls[j].outer == calls[k].outer) {
                strbuf_printf(&lines, "%s%u", in_loop++ ? ", " : "", line_of(p->src, calls[j].call->start));
                for (int c = 0; c < s->ncaptures; c++)
                    if (s->captures[c].kind == CAP_ARRAY)
                        launch_writes(p, s, &s->captures[c], calls[j].outer, &calls[j], calls[j].caller, &w);
            }
        fprintf(to, "    '%s' is called from '%s' (line%s %s) in host loops: %d call%s per iteration of %s%s, "
                    "in each call of '%s'\n",
                s->function_name, calls[k].caller, in_loop > 1 ? "s" : "", lines.buf, in_loop,
                in_loop > 1 ? "s" : "", calls[k].loops, nown ? ", each with the launches above" : "",
                calls[k].caller);
        strbuf_free(&lines);
    }
    fprintf(to, "    each launch costs ~5-20 us (the launch, and the result back for a reduction); a loop "
                "whose arrays are kept on the GPU copies only what the host wrote since; in auto mode, "
                "calls near the loop's thresholds are timed on both sides and the faster keeps them "
                "(PRAGREDUCE_ADAPT)\n");
    print_writes(p, s, &w, to);
    strbuf_free(&own);
}

void explain_host_launches(const Source *src, const Site *sites, int nsites, FILE *to)
{
    if (!to)
        return;
    Pass p = {src, sites, nsites};
    for (int i = 0; i < nsites; i++)
        if (explained(&sites[i]))
            explain_site(&p, &sites[i], to);
}
