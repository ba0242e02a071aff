/*
 * transpile.c - runs the stages over every site of a parsed file.
 *
 * Each `#pragma reduce` becomes a Site: its loop is checked (loop.c), its
 * body validated (reduction.c), its arrays sized (access.c), a plan chosen
 * (cost.c) and code emitted (emit.c). A rejected site is an error, or with
 * --keep-invalid a warning that leaves the loop sequential. The output is
 * assembled by splice.c only when every stage succeeded.
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

typedef struct {
    CXCursor cursor;
    unsigned start;
    CXCursor function;
} ForLoop;

typedef struct {
    const Source *src;
    ForLoop *loops;
    size_t count, cap;
    CXCursor function;
    bool in_function;
} LoopIndex;

/* Whether the cursor's text holds `({`, where a statement expression
 * (and so a loop) could start. */
static bool has_stmt_expr_token(const LoopIndex *ix, CXCursor c)
{
    const Source *src = ix->src;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned s, e;
    if (!source_offset(src, clang_getRangeStart(r), &s) ||
        !source_offset(src, clang_getRangeEnd(r), &e))
        return true;
    for (size_t t = source_token_at(src, s); t + 1 < src->ntokens && src->tokens[t].offset < e; t++)
        if (src->tokens[t].text[0] == '(' && src->tokens[t + 1].text[0] == '{')
            return true;
    return false;
}

static enum CXChildVisitResult index_loops(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    LoopIndex *ix = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (!source_cursor_in_main(ix->src, c))
        return CXChildVisit_Continue;
    /* a for statement inside an expression needs a statement expression
     * (`({ ... })`): the rest of a (possibly very deep) expression is not
     * walked */
    if (clang_isExpression(k) && k != CXCursor_StmtExpr && !has_stmt_expr_token(ix, c))
        return CXChildVisit_Continue;
    if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
        CXCursor saved = ix->function;
        bool saved_in = ix->in_function;
        ix->function = c;
        ix->in_function = true;
        clang_visitChildren(c, index_loops, ix);
        ix->function = saved;
        ix->in_function = saved_in;
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_ForStmt && ix->in_function) {
        unsigned s;
        if (source_offset(ix->src, clang_getRangeStart(clang_getCursorExtent(c)), &s)) {
            if (ix->count == ix->cap) {
                ix->cap = ix->cap ? 2 * ix->cap : 16;
                ix->loops = xrealloc(ix->loops, ix->cap * sizeof(ForLoop));
            }
            ix->loops[ix->count++] = (ForLoop){c, s, ix->function};
        }
    }
    return CXChildVisit_Recurse;
}

static int compare_loops(const void *a, const void *b)
{
    const ForLoop *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* ix->loops sorted by start: a search per site keeps 10,000 loops linear */
static const ForLoop *loop_at(const LoopIndex *ix, unsigned offset)
{
    size_t lo = 0, hi = ix->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ix->loops[mid].start < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ix->count && ix->loops[lo].start == offset ? &ix->loops[lo] : NULL;
}

static unsigned line_start_of(const Source *src, unsigned offset)
{
    while (offset > 0 && src->text[offset - 1] != '\n')
        offset--;
    return offset;
}

/* A prefix no identifier of the file starts with. */
static char *choose_prefix(const Source *src)
{
    for (int n = 0;; n++) {
        char *prefix = n ? xformat("pr%d_", n) : xstrdup("pr_");
        size_t len = strlen(prefix);
        bool clash = false;
        for (size_t i = 0; i < src->ntokens && !clash; i++)
            clash = src->tokens[i].kind == CXToken_Identifier &&
                    strncmp(src->tokens[i].text, prefix, len) == 0;
        if (!clash)
            return prefix;
    }
}

static void note_at_pragma(const Source *src, const Site *site)
{
    diag_at(src, site->pragma.hash_offset, DIAG_NOTE, "in the loop marked by '#pragma %s'",
            site->pragma.summary);
}

static bool bind_loop(const Source *src, const LoopIndex *ix, Site *site)
{
    /* (past conditional directives: `#endif` after a pragma inside `#ifdef`) */
    size_t t = source_after_omp_lines(src, source_token_at(src, site->pragma.end));
    if (t >= src->ntokens || strcmp(src->tokens[t].text, "for") != 0) {
        diag_at(src, site->pragma.hash_offset, DIAG_ERROR,
                "'#pragma %s' must be followed by a 'for' loop%s%s%s", site->pragma.summary,
                t < src->ntokens ? ", not '" : "", t < src->ntokens ? src->tokens[t].text : "",
                t < src->ntokens ? "'" : " (it is at the end of the file)");
        return false;
    }
    const ForLoop *fl = loop_at(ix, src->tokens[t].offset);
    if (!fl) {
        diag_at(src, src->tokens[t].offset, DIAG_ERROR,
                "this 'for' loop is not inside a function definition, or comes from a macro");
        note_at_pragma(src, site);
        return false;
    }
    site->loop = ast_build_loop(src, fl->cursor);
    if (site->loop->from_macro) {
        diag_at(src, site->loop->start, DIAG_ERROR,
                "the marked loop comes from a macro expansion; write the loop out");
        note_at_pragma(src, site);
        return false;
    }
    site->loop_end = loop_text_end(src, site->loop);
    site->function = fl->function;
    unsigned fs;
    source_offset(src, clang_getRangeStart(clang_getCursorExtent(fl->function)), &fs);
    site->function_start = line_start_of(src, fs);
    site->function_name = cursor_spelling(fl->function);
    return true;
}

static bool analyze_loop(const Source *src, Site *site)
{
    if (!loop_analyze(src, site, site->loop)) {
        note_at_pragma(src, site);
        return false;
    }
    site->body_end = site->ninner ? loop_text_end(src, site->innermost) : site->loop_end;
    return reduction_analyze(src, site) && access_analyze(src, site);
}

/* Whether every array the collapsed site reads walks memory contiguously
 * (or not at all) along its innermost loop: then consecutive flat
 * iterations read consecutive elements, and giving them to consecutive
 * threads beats a thread per outer iteration. */
static bool inner_level_contiguous(const Source *src, const Site *site)
{
    const Var *inner = site->inner[site->ninner - 1].iv;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY)
            continue;
        if (cap->dims || cap->other_use || cap->deref0 || cap->written)
            return false;
        for (int k = 0; k < cap->nsubs; k++) {
            Linear l = access_linear(src, cap->subs[k], inner);
            long long coef = l.coef ? l.coef_value : 0;
            if (!l.affine || (l.coef && !l.coef_known) || (coef != 0 && coef != 1))
                return false;
        }
    }
    return true;
}

/* A marked loop whose body is one rectangular loop nest reading memory
 * contiguously along the inner loop (`for r ... for c ... s += a[r * cols
 * + c]`, the way OpenMP users mark a 2-D sum) runs as collapse(2): a flat
 * iteration per thread instead of a row per thread. The sequential order
 * of the updates is the flat one, so ties and results are as collapse(2)
 * written by hand. The site is analyzed again from its state before
 * analysis (`pristine`). */
static void try_auto_collapse(const Source *src, Site *site, const Site *pristine)
{
    if (site->pragma.collapse != 1 || site_has_sections(site) || !site->info.body)
        return;
    Node *b = site->info.body;
    while (b && b->kind == N_COMPOUND && b->nkids == 1)
        b = b->kids[0];
    if (!b || b->kind != N_FOR)
        return;
    Site trial = *pristine;
    trial.pragma.collapse = 2;
    trial.pragma.vars = xcalloc((size_t)pristine->pragma.nvars + 1, sizeof(ReduceVar));
    if (pristine->pragma.nvars)
        memcpy(trial.pragma.vars, pristine->pragma.vars, (size_t)pristine->pragma.nvars * sizeof(ReduceVar));
    trial.pragma.privates = xcalloc((size_t)pristine->pragma.nprivates + 1, sizeof(PrivateVar));
    if (pristine->pragma.nprivates)
        memcpy(trial.pragma.privates, pristine->pragma.privates,
               (size_t)pristine->pragma.nprivates * sizeof(PrivateVar));
    diag_probe(true);
    bool ok = analyze_loop(src, &trial) && inner_level_contiguous(src, &trial);
    diag_probe(false);
    if (!ok)
        return;
    trial.auto_collapsed = true;
    trial.uncollapsed = xmalloc(sizeof(Site));
    *trial.uncollapsed = *site;
    *site = trial;
}

static bool analyze_site(const Source *src, Site *site, const TranspileOptions *opts)
{
    Site pristine = *site;
    if (!analyze_loop(src, site))
        return false;
    if (!opts->plan_override || !strstr(opts->plan_override, "collapse=0"))
        try_auto_collapse(src, site, &pristine);
    site->plan = cost_plan(src, site, opts->gpu ? opts->gpu : &gpu_table[0], opts->plan_override);
    if (site->uncollapsed)
        site->uncollapsed->plan =
            cost_plan(src, site->uncollapsed, opts->gpu ? opts->gpu : &gpu_table[0], opts->plan_override);
    if (opts->explain && !opts->explain_brief)
        cost_explain(src, site, opts->gpu ? opts->gpu : &gpu_table[0], opts->explain);
    return true;
}

/* What the stages after analysis ask of a site's function, answered while
 * its tree is at hand: freed after each site, it would be built again by
 * each of them. */
static void note_for_later(const Source *src, Site *site)
{
    segment_note_loops_around(src, site);
    reduction_note_iv_dead_after(src, site);
}

/* The statement a loop's body is, past braces around a single one. */
static Node *single_statement(Node *body)
{
    while (body && body->kind == N_COMPOUND && body->nkids == 1)
        body = body->kids[0];
    return body;
}

/* The innermost loop of the perfect nest `collapse(N)` names on a parallel
 * loop (N levels, each the whole body of the one above, written out, with
 * no directive of its own); NULL after an error. */
static Node *collapse_innermost(const Source *src, const Site *s)
{
    Node *loop = s->loop;
    for (int level = 2; level <= s->pragma.collapse; level++) {
        Node *inner = loop->nkids ? single_statement(loop->kids[loop->nkids - 1]) : NULL;
        /* (a loop hint, `#pragma GCC unroll`, wraps the loop in the tree) */
        const bool hinted = inner && inner->kind != N_FOR && inner->nkids == 1 && inner->kids[0] &&
                            inner->kids[0]->kind == N_FOR;
        if (hinted || (inner && inner->kind == N_FOR && source_pragma_line_before(src, inner->start))) {
            unsigned line, col;
            source_line_col(src, (hinted ? inner->kids[0] : inner)->start, &line, &col);
            diag_at(src, s->pragma.collapse_offset, DIAG_ERROR,
                    "a directive applies to the loop at line %u that collapse(%d) takes in; remove one of them",
                    line, s->pragma.collapse);
            return NULL;
        }
        if (!inner || inner->kind != N_FOR || inner->from_macro) {
            diag_at(src, s->pragma.collapse_offset, DIAG_ERROR,
                    "collapse(%d) needs %d perfectly nested loops: the body of each but the last one 'for' "
                    "loop, written out, not from a macro",
                    s->pragma.collapse, s->pragma.collapse);
            return NULL;
        }
        loop = inner;
    }
    return loop;
}

/* `#pragma reduce parallel collapse(N)`: the innermost loop of the nest
 * runs as if marked `#pragma reduce parallel` too (a site of its own at
 * its `for`, with no text): segment.c proves its iterations independent
 * and lets the outer loop's group of threads share them, consecutive
 * threads on consecutive iterations (the innermost loop walks memory
 * contiguously in a stencil), one launch for the nest; the levels between
 * run in each thread (any order of independent iterations is one the
 * nest allows). A 2-D or 3-D sweep is then not a thread per plane (heat-3d
 * at 120^3: 118 threads). Inserted after its parent: sites stay in source
 * order. */
/* Whether n holds a `for` loop written out (not from a macro). */
static bool holds_loop(const Node *n)
{
    for (int i = 0; n && i < n->nkids; i++) {
        const Node *k = n->kids[i];
        if (k && ((k->kind == N_FOR && !k->from_macro) || holds_loop(k)))
            return true;
    }
    return false;
}

/* The innermost `for` loops inside n (none inside them), written out, with
 * no directive of their own, in source order: at most `max`. */
static int innermost_loops(const Source *src, Node *n, Node **out, int count, int max)
{
    for (int i = 0; n && i < n->nkids && count < max; i++) {
        Node *k = n->kids[i];
        if (!k || k->from_macro)
            continue;
        if (k->kind == N_FOR && !holds_loop(k)) {
            if (!source_pragma_line_before(src, k->start))
                out[count++] = k;
            continue;
        }
        count = innermost_loops(src, k, out, count, max);
    }
    return count;
}

/* One site with no text for `inner`, a loop of parallel loop s's body run
 * as if marked `#pragma reduce parallel` (transpile.c's collapse sites). */
static Site inner_parallel_site(const Source *src, const Site *s, Node *inner, const ForLoop *fl, bool by_itself)
{
    unsigned line, col;
    source_line_col(src, s->loop->start, &line, &col);
    Site t = {0};
    t.pragma.start = t.pragma.end = t.pragma.hash_offset = t.pragma.parallel_offset = inner->start;
    t.pragma.collapse_offset = s->pragma.collapse_offset;
    t.pragma.parallel = true;
    t.pragma.collapse = 1;
    t.from_collapse = true;
    t.collapse_auto = by_itself;
    t.pragma.summary = by_itself ? xformat("reduce parallel (shared by itself in the loop at line %u)", line)
                                 : xformat("reduce parallel (level %d of the collapse(%d) at line %u)",
                                           s->pragma.collapse, s->pragma.collapse, line);
    t.loop = ast_build(src, fl->cursor);
    t.loop_end = loop_text_end(src, t.loop);
    t.function = s->function;
    t.function_start = s->function_start;
    t.function_name = s->function_name;
    return t;
}

/* Without the clause, each innermost loop of a parallel loop's body is
 * tried as a parallel loop its group shares, by itself (segment.c drops
 * the ones whose iterations are not independent or that the group could
 * not share): heat-3d's stencil marked on its outer loop alone, gemm's
 * rows `C[i][j]` under `for k` (a thread per row of 1,000 reads the rows
 * of C and A strided across a warp; lanes on consecutive j read them
 * whole). */
static Site *expand_parallel_collapse(const Source *src, const LoopIndex *ix, Site *sites, int *n_io)
{
    int n = *n_io;
    for (int i = 0; i < n; i++) {
        Site *s = &sites[i];
        if (!s->loop || s->rejected || !s->pragma.parallel || s->from_collapse)
            continue;
        const bool by_itself = s->pragma.collapse < 2;
        /* (not inside another parallel loop, whose group shares this one) */
        bool nested = false;
        for (int o = 0; o < n && by_itself; o++)
            nested |= o != i && sites[o].loop && sites[o].pragma.parallel && sites[o].loop->start < s->loop->start &&
                      s->loop->start < sites[o].loop_end;
        if (by_itself && nested)
            continue;
        Node *inner[16];
        int ninner = 0;
        s->inner_tried = by_itself;
        if (by_itself)
            ninner = innermost_loops(src, s->loop, inner, 0, 16); /* (its body may be the loop) */
        else if ((inner[0] = collapse_innermost(src, s)) != NULL)
            ninner = 1;
        else
            s->rejected = true;
        int added = 0;
        for (int k = 0; k < ninner; k++) {
            const ForLoop *fl = loop_at(ix, inner[k]->start);
            if (!fl) {
                s->rejected |= !by_itself;
                continue;
            }
            sites = xrealloc(sites, (size_t)(n + 1) * sizeof(Site));
            memmove(&sites[i + 2 + added], &sites[i + 1 + added], (size_t)(n - i - 1 - added) * sizeof(Site));
            sites[i + 1 + added] = inner_parallel_site(src, &sites[i], inner[k], fl, by_itself);
            added++;
            n++;
        }
    }
    *n_io = n;
    return sites;
}

/* A marked loop inside another marked loop's range. The sites are in
 * source order (pragma_find_all), so those inside one follow it. Inside a
 * marked reduction, a marked loop runs as written in each iteration (the
 * outer loop is the one reduced); a parallel loop there is an error. */
static bool check_nesting(const Source *src, Site *sites, int n)
{
    bool ok = true;
    for (int i = 0; i < n; i++) {
        if (!sites[i].loop)
            continue;
        for (int j = i + 1; j < n && sites[j].pragma.start < sites[i].loop_end; j++) {
            if (!sites[j].loop)
                continue;
            if (sites[i].pragma.parallel)
                continue; /* a marked or parallel loop inside a parallel one: a segment's
                             (segment.c says when the group cannot share it) */
            if (sites[j].pragma.parallel) {
                diag_at(src, sites[j].pragma.parallel_offset, DIAG_ERROR,
                        "a parallel loop inside a marked loop is not supported; mark only the "
                        "outer one");
                sites[j].rejected = true;
                ok = false;
                continue;
            }
            if (sites[j].pragma.start > sites[i].pragma.start && !sites[j].inside_marked_at) {
                /* the outer one reduces over its iterations, each running the
                 * inner loop as written: the sequential program's order inside
                 * each (XSBench's lookups, each with its maxloc over a few) */
                sites[j].inside_marked_at = sites[i].loop->start;
                sites[j].rejected = true;
            }
        }
    }
    return ok;
}

Site *transpile_analyze(Source *src, const TranspileOptions *opts, int *count, bool *ok)
{
    bool keep_invalid = opts->keep_invalid;
    int npragmas = 0;
    int errors_before = diag_error_count();
    diag_set_errors_are_warnings(keep_invalid);
    Pragma *pragmas = pragma_find_all(src, &npragmas);
    bool malformed = diag_error_count() > errors_before;

    LoopIndex ix = {.src = src};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), index_loops, &ix);
    if (ix.count > 1)
        qsort(ix.loops, ix.count, sizeof(ForLoop), compare_loops);

    Site *sites = xcalloc((size_t)(npragmas ? npragmas : 1), sizeof(Site));
    char *prefix = choose_prefix(src);
    for (int i = 0; i < npragmas; i++) {
        Site *s = &sites[i];
        s->index = i;
        s->pragma = pragmas[i];
        s->prefix = xformat("%sloop%d", prefix, i);
        if (!bind_loop(src, &ix, s)) {
            s->rejected = true;
            s->loop = NULL;
        }
    }
    sites = expand_parallel_collapse(src, &ix, sites, &npragmas);
    for (int i = 0; i < npragmas; i++) {
        sites[i].index = i;
        sites[i].prefix = xformat("%sloop%d", prefix, i);
    }
    check_nesting(src, sites, npragmas);
    /* (parallel loops are analyzed as segmented loops, below) */
    for (int i = 0; i < npragmas; i++) {
        timing_progress("analysis", i, npragmas);
        if (!sites[i].rejected && !sites[i].pragma.parallel && !analyze_site(src, &sites[i], opts))
            sites[i].rejected = true;
        if (!sites[i].rejected && !sites[i].pragma.parallel)
            note_for_later(src, &sites[i]);
        ast_scratch_release(); /* (its function's tree: one loop's at a time) */
    }
    timing_progress_clear();

    /* comm(C): what the ranks' parts can reproduce exactly */
    for (int i = 0; i < npragmas; i++)
        if (!sites[i].rejected && sites[i].pragma.comm && !sites[i].pragma.parallel &&
            !mpi_check_site(src, &sites[i]))
            sites[i].rejected = true;

    /* independent outer loops around marked loops, and parallel loops: one
     * launch each */
    int nmarked = npragmas;
    /* (after errors too: each parallel loop's own reason is reported with
     * the others', not one round of fixes later) */
    segment_find_all(src, &sites, &npragmas, opts->explain_brief ? NULL : opts->explain);
    ast_scratch_release();
    diag_set_errors_are_warnings(false);
    for (int i = 0; i < nmarked; i++)
        if (sites[i].pragma.parallel && !sites[i].absorbed)
            sites[i].rejected = true; /* not taken (segment.c said why) */
    for (int i = nmarked; i < npragmas; i++) {
        Site *s = &sites[i];
        s->prefix = xformat("%sloop%d", prefix, i);
        /* a parallel loop with no marked loop inside: the CPU below the size
         * where the GPU pays off, as for a marked loop */
        LaunchPlan own = cost_plan(src, s, opts->gpu ? opts->gpu : &gpu_table[0], NULL);
        if (s->segment->nmarked) /* (the marked loops' plan decides; emit_work_scale rescales it) */
            own.cpu_below = own.cpu_below_kept = own.cpu_below_rewritten = 0;
        /* (its thresholds and what they come from, emit_work_scale's) */
        s->plan = own;
        s->plan.block = 256, s->plan.unroll = 8, s->plan.vector = 1, s->plan.waves = 0;
        s->plan.why = "segmented";
    }

    /* comm(C) on a parallel loop's reduce(): checked on its segmented site,
     * where its reduction was analyzed */
    for (int i = nmarked; i < npragmas; i++)
        if (!sites[i].rejected && sites[i].pragma.comm && !mpi_check_site(src, &sites[i]))
            sites[i].rejected = true;

    /* `omp for`: what its team can share (emit_team.c) */
    for (int i = 0; i < npragmas; i++)
        if (!sites[i].rejected && !sites[i].absorbed && !team_check_site(src, &sites[i]))
            sites[i].rejected = true;

    bool any_rejected = malformed;
    for (int i = 0; i < npragmas; i++)
        any_rejected |= sites[i].rejected && !sites[i].collapse_auto && /* (tried by itself: segment.c) */
                        !sites[i].inside_marked_at;
    *ok = !(any_rejected && !keep_invalid) && diag_error_count() == errors_before;
    /* --keep-invalid would leave a comm loop sequential: each rank's own
     * result, never combined; an error even then */
    for (int i = 0; i < nmarked; i++) {
        if (sites[i].rejected && sites[i].pragma.comm && keep_invalid) {
            diag_at(src, sites[i].pragma.comm_offset, DIAG_ERROR,
                    "a loop with comm(...) cannot be kept sequential (--keep-invalid): each rank "
                    "would keep its own result");
            *ok = false;
        }
    }
    *count = npragmas;
    return sites;
}

/* The text of the valid sites, as disjoint sorted spans: a cast is looked
 * up in them by a search, not a scan. */
typedef struct {
    unsigned start, end;
} Span;

static int compare_spans(const void *a, const void *b)
{
    const Span *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

static Span *replaced_spans(const Site *sites, int n, size_t *count)
{
    Span *s = xcalloc((size_t)n + 1, sizeof(Span));
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!sites[i].rejected && !sites[i].absorbed)
            s[k++] = (Span){sites[i].pragma.start, sites[i].loop_end};
    qsort(s, (size_t)k, sizeof(Span), compare_spans);
    int m = 0; /* merge overlapping (segmented loops hold their marked ones) */
    for (int i = 0; i < k; i++) {
        if (m > 0 && s[i].start < s[m - 1].end) {
            if (s[i].end > s[m - 1].end)
                s[m - 1].end = s[i].end;
        } else {
            s[m++] = s[i];
        }
    }
    *count = (size_t)m;
    return s;
}

static bool in_spans(const Span *s, size_t n, unsigned at)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s[mid].end <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && s[lo].start <= at;
}

/* --explain=brief: one line per loop, as -Minfo=accel gives. */
static int compare_site_lines(const void *a, const void *b)
{
    const Site *x = *(const Site *const *)a, *y = *(const Site *const *)b;
    unsigned xs = x->loop ? x->loop->start : 0, ys = y->loop ? y->loop->start : 0;
    return xs < ys ? -1 : xs > ys;
}

/* The end of a loop's brief line: where auto mode keeps it on the CPU. */
static void brief_cpu_threshold(FILE *to, const LaunchPlan *plan)
{
    if (plan->cpu_below == ~0ULL)
        fputs("; CPU in auto mode when its arrays start on the host", to);
    else if (plan->cpu_below > 0)
        fprintf(to, "; CPU below %llu iterations (auto mode)", plan->cpu_below);
    fputs("\n", to);
}

static void explain_brief(const Source *src, const Site *sites, int n, FILE *to)
{
    const Site **order = xcalloc((size_t)(n ? n : 1), sizeof *order);
    for (int i = 0; i < n; i++)
        order[i] = &sites[i];
    qsort(order, (size_t)n, sizeof *order, compare_site_lines);
    for (int i = 0; i < n; i++) {
        const Site *s = order[i];
        const Node *loop = s->loop;
        if (!loop)
            continue;
        unsigned line, col;
        source_line_col(src, loop->start, &line, &col);
        fprintf(to, "%s:%u: ", source_path_at(src, loop->start), line);
        if (s->rejected && s->collapse_auto)
            continue; /* (tried by itself: nothing was asked) */
        if (s->inside_marked_at) {
            unsigned oline;
            source_line_col(src, s->inside_marked_at, &oline, &col);
            fprintf(to, "#pragma %s: as written, in each iteration of the marked loop at line %u\n",
                    s->pragma.summary, oline);
            continue;
        }
        if (s->rejected) {
            fprintf(to, "#pragma %s: kept sequential (not a valid reduction)\n", s->pragma.summary);
            continue;
        }
        bool outer = s->segment != NULL; /* an independent loop found around marked ones */
        if (s->pragma.parallel) {
            fprintf(to, "#pragma %s: GPU kernel, an iteration per thread%s", s->pragma.summary,
                    s->segment->cooperative ? ", a warp or block sharing each marked loop inside" : "");
            brief_cpu_threshold(to, &s->plan);
            continue;
        }
        if (outer)
            fprintf(to, "independent loop (%s): one launch for the nest: ", s->pragma.summary);
        else
            fprintf(to, "#pragma %s: ", s->pragma.summary);
        if (s->segmented_by) {
            unsigned oline;
            source_line_col(src, s->segmented_by->loop->start, &oline, &col);
            fprintf(to, "inside the launch of the loop at line %u (alone when that one stays on "
                        "the CPU)\n", oline);
            continue;
        }
        fprintf(to, "GPU kernel, %d threads a block, %d load%s in flight%s",
                s->plan.block, s->plan.unroll, s->plan.unroll == 1 ? "" : "s",
                s->plan.vector > 1 ? ", 16-byte loads" : "");
        brief_cpu_threshold(to, &s->plan);
    }
}

/* Whether each loop's tree may be freed once its code is emitted (the
 * output then holds one loop's tree at a time, not a big file's all):
 * when every site is a marked loop of its own, neither holding nor held
 * by another, the later stages (residency, linkage) read only its position
 * and captures. Segments, parallel loops, nesting, data directives,
 * --explain and --pin-host read more: the trees stay. */
static bool trees_free_after_emission(const Site *sites, int n, int ndirs, const TranspileOptions *opts)
{
    if (ndirs || opts->explain || opts->pin_host)
        return false;
    for (int i = 0; i < n; i++) {
        const Site *s = &sites[i];
        if (s->segment || s->segmented_by || s->absorbed || s->pragma.parallel || s->from_collapse ||
            s->inside_marked_at || (i > 0 && s->pragma.start < sites[i - 1].pragma.start))
            return false;
        if (s->loop && i + 1 < n && sites[i + 1].pragma.start < s->loop_end)
            return false;
    }
    return true;
}

/* The C-to-C++ edits: `casts` for the file outside the replaced loops,
 * `copied` for the loop bodies and functions emit.c copies; false after
 * an error (every one reported in one run). */
static bool cxx_edits(Source *src, Site *sites, int npragmas, EditList *casts, EditList *copied)
{
    bool cxx_ok = cxx_rewrite(src, casts);
    cxx_ok &= cxx_local_enum_values(src, sites, npragmas, copied); /* every error in one run */
    cxx_ok &= cxx_read_only_args(src, sites, npragmas, copied);
    /* marked loops inside marked reductions run as written in their copies */
    for (int i = 0; i < npragmas; i++)
        if (sites[i].inside_marked_at)
            edits_add(copied, sites[i].pragma.start, sites[i].pragma.end,
                      with_kept_lines(src, &sites[i].pragma, sites[i].pragma.end,
                                      xformat("/* #pragma %s: as written, in each iteration of the "
                                              "marked loop around it */",
                                              escape_comment(sites[i].pragma.summary))));
    return cxx_ok && cxx_check_runtime_interposition(src);
}

/* The output's first lines: what made it, the runtime, the name team
 * calls borrow a region by, and the command line's macros in its order. */
static void prelude_head(StrBuf *prelude, const Source *src, const Site *sites, int npragmas,
                         const TranspileOptions *opts)
{
    strbuf_printf(prelude,
                  "/* Generated by pragreduce %s from %s. Edit the source, not this file. */\n",
                  PRAGREDUCE_VERSION, src->path);
    /* a CUDA context created before a fork is unusable in the child: no
     * context made in the background at start-up (runtime's warm_up) */
    for (size_t i = 0; i < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        if (t->kind == CXToken_Identifier &&
            (!strcmp(t->text, "fork") || !strcmp(t->text, "vfork") || !strcmp(t->text, "daemon"))) {
            strbuf_puts(prelude, "#define PRAGREDUCE_NO_WARMUP 1 /* the program forks */\n");
            break;
        }
    }
    if (mpi_any_site(sites, npragmas))
        strbuf_puts(prelude, "#define PRAGREDUCE_MPI 1 /* comm(...) clauses: runtime mpi.cuh */\n");
    /* the runtime compiled once (libpragreduce): its header, not its text */
    if (opts->runtime_library)
        strbuf_puts(prelude, "#include <pragreduce/runtime.cuh>\n");
    else
        strbuf_puts(prelude, pragreduce_runtime_text);
    strbuf_puts(prelude, "\n");
    /* the name team calls borrow a function's region by, where the
     * function has none (emit_team.c) */
    for (int i = 0; i < npragmas; i++)
        if (!sites[i].rejected && site_in_team(&sites[i])) {
            const char *l = strstr(sites[i].prefix, "loop");
            strbuf_printf(prelude, "[[maybe_unused]] static pragreduce::no_region %.*sregion;\n\n",
                          l ? (int)(l - sites[i].prefix) : (int)strlen(sites[i].prefix), sites[i].prefix);
            break;
        }
    /* the macros given with -D, so nvcc sees the program pragreduce analyzed */
    const ParseOptions *po = &opts->parse;
    for (size_t i = 0, nd = 0, nu = 0; i < po->ndefines + po->nundefines; i++) {
        /* in the command line's order, as gcc applies them */
        bool define = po->macro_order ? po->macro_order[i] == 'D' : nd < po->ndefines;
        if (!define) {
            strbuf_printf(prelude, "#undef %s\n", po->undefines[nu++]);
            continue;
        }
        const char *d = po->defines[nd++];
        const char *eq = strchr(d, '=');
        /* a macro given again replaces the earlier one, as with gcc */
        strbuf_printf(prelude, "#undef %.*s\n", (int)(eq ? eq - d : (long)strlen(d)), d);
        if (eq)
            strbuf_printf(prelude, "#define %.*s %s\n", (int)(eq - d), d, eq + 1);
        else
            strbuf_printf(prelude, "#define %s 1\n", d);
    }
}

/* Each marked loop's kernels and wrapper before its function, and its
 * call in place of the loop (trees freed after, where nothing later reads
 * them). */
static void emit_sites(Source *src, Site *sites, int npragmas, int ndirs, const TranspileOptions *opts,
                       const EmitOptions *eo, EditList *edits)
{
    timing_stage("kernels and wrappers");
    const bool free_trees = trees_free_after_emission(sites, npragmas, ndirs, opts);
    for (int i = 0; i < npragmas; i++) {
        Site *s = &sites[i];
        timing_progress("kernels and wrappers", i, npragmas);
        if (s->absorbed)
            continue; /* its segmented site replaces the loop */
        if (s->rejected) {
            /* --keep-invalid: the loop stays sequential; the directive is
             * commented out so nvcc does not warn about it (a collapse's
             * inner loop has no directive of its own) */
            if (!s->from_collapse)
                edits_add(edits, s->pragma.hash_offset, s->pragma.hash_offset,
                          xstrdup("// pragreduce: kept sequential: "));
            continue;
        }
        StrBuf defs = {0}, call = {0};
        /* generated code has templates and internal linkage: in C++
         * linkage of its own, nested in whichever block holds the function
         * (the program's, or a block of the file's own: its `#ifdef
         * __cplusplus` / `extern "C" {` guard, or an `extern "C++" {`),
         * which then goes on after it as before (linkage.c) */
        strbuf_puts(&defs, "extern \"C++\" { /* pragreduce's code */\n");
        emit_site(src, s, eo, &defs, &call);
        ast_scratch_release();
        strbuf_puts(&defs, "} /* extern \"C++\" */\n");
        if (opts->line_directives) {
            unsigned line, col;
            source_line_col(src, s->function_start, &line, &col);
            strbuf_line_directive(&defs, line, source_path_at(src, s->function_start));
        }
        edits_add(edits, s->function_start, s->function_start, strbuf_steal(&defs));
        if (s->segmented_by) {
            /* the outer loop's wrapper calls it when the nest stays on the host */
            strbuf_free(&call);
            continue;
        }
        char *text = strbuf_steal(&call);
        if (s->pragma.comm)
            text = mpi_wrap_call(src, s, text, opts->line_directives);
        edits_add(edits, s->pragma.start, s->loop_end,
                  with_kept_lines(src, &s->pragma, s->loop->start, text));
        if (free_trees)
            ast_free_loop(s->loop);
    }

    timing_progress_clear();
#ifdef __GLIBC__
    /* the freed trees' pages back to the system: the output's buffer,
     * one block, could not reuse them */
    if (free_trees)
        malloc_trim(0);
#endif
}

char *transpile(Source *src, const TranspileOptions *opts)
{
    int npragmas;
    bool ok;
    (void)splice_conflict(NULL); /* from an earlier file */
    timing_stage("analysis (loops, reductions, accesses)");
    Site *sites = transpile_analyze(src, opts, &npragmas, &ok);
    timing_loops(npragmas);
    if (!ok)
        return NULL;
    timing_stage("data directives, C-to-C++ rewrites");
    /* data/update directives (residency.c places the copies) */
    int errors_before = diag_error_count();
    int ndirs = 0;
    DataDirective *dirs = data_find_all(src, &ndirs);
    if (!data_bind(src, dirs, ndirs, sites, npragmas) || diag_error_count() > errors_before)
        return NULL;
    warn_about_sites(src, sites, npragmas);

    /* C-to-C++ edits: applied to the file outside the replaced loops here,
     * and by emit.c to the loop bodies and functions it copies */
    EditList casts = {0};
    EditList copied = {0};
    if (!cxx_edits(src, sites, npragmas, &casts, &copied))
        return NULL;
    EditList edits = {0};
    EmitOptions eo = {opts->line_directives, opts->out_name, &casts, &copied};
    StrBuf prelude = {0};
    prelude_head(&prelude, src, sites, npragmas, opts);
    /* declarations of functions C declares at their first call: library
     * functions' headers here, others before the generated code, whose CPU
     * path may call them */
    if (!cxx_implicit_declarations(src, &edits, &prelude) || !cxx_renamed_symbols(src, &edits)) {
        strbuf_free(&prelude);
        return NULL;
    }
    /* the program's own code keeps C linkage (linkage.c) */
    strbuf_puts(&prelude, "extern \"C\" {\n");
    /* -include: read first, as on the file's first line */
    for (size_t i = 0; i < opts->parse.nforced; i++) {
        strbuf_puts(&prelude, "#include \"");
        for (const char *p = opts->parse.forced[i]; *p; p++)
            strbuf_printf(&prelude, "%s%c", *p == '"' || *p == '\\' ? "\\" : "", *p);
        strbuf_puts(&prelude, "\"\n");
    }
    if (opts->line_directives)
        strbuf_line_directive(&prelude, 1, src->path);
    edits_add(&edits, 0, 0, strbuf_steal(&prelude));

    emit_sites(src, sites, npragmas, ndirs, opts, &eo, &edits);
    /* C-to-C++ casts, except inside replaced loops */
    size_t nreplaced;
    Span *replaced = replaced_spans(sites, npragmas, &nreplaced);
    for (size_t k = 0; k < casts.count; k++)
        if (!in_spans(replaced, nreplaced, casts.items[k].start))
            edits_add(&edits, casts.items[k].start, casts.items[k].end, casts.items[k].text);
    timing_stage("host code: residency, linkage");
    if (!residency_rewrite(src, sites, npragmas, dirs, ndirs, &edits,
                           opts->explain_brief ? NULL : opts->explain, opts->line_directives))
        return NULL;
    if (opts->explain_brief)
        explain_brief(src, sites, npragmas, opts->explain);
    else if (opts->explain)
        explain_host_launches(src, sites, npragmas, opts->explain);
    if (opts->pin_host)
        (void)pin_rewrite(src, sites, npragmas, &edits);
    linkage_rewrite(src, &edits, opts->line_directives);
    /* implicit int: after linkage.c's text at the start of `main(...)` */
    EditList implicit = {0};
    cxx_implicit_int(src, &implicit);
    for (size_t k = 0; k < implicit.count; k++) {
        if (in_spans(replaced, nreplaced, implicit.items[k].start)) {
            diag_at(src, implicit.items[k].start, DIAG_ERROR,
                    "a declaration without a type (C's implicit int) inside a marked loop: "
                    "write its type");
            return NULL;
        }
        edits_add(&edits, implicit.items[k].start, implicit.items[k].end, implicit.items[k].text);
    }
    include_paths_rewrite(src, opts->out_name, &edits);
    edits_add(&edits, (unsigned)src->size, (unsigned)src->size, xstrdup("\n} /* extern \"C\" */\n"));
    warn_no_marked_loop(src, npragmas, ndirs);
    timing_stage("splice the output");
    char *out = splice_apply(src->text, src->size, &edits, opts->out_name, opts->line_directives);
    unsigned at;
    if (splice_conflict(&at)) {
        diag_at(src, at, DIAG_ERROR,
                "pragreduce cannot rewrite the code here: two of its rewrites overlap without one "
                "holding the other (a macro whose expansion spans the pieces); write this without "
                "the macro");
        return NULL;
    }
    return out;
}
