/*
 * emit_team.c - a marked loop under `#pragma omp for`: a worksharing loop
 * of the enclosing parallel region (NPB's OpenMP codes write their solvers
 * this way: one `omp parallel` region, `omp for reduction(...)` inside).
 *
 * Every thread of the team reaches the loop, so one of them calls the
 * wrapper (`omp single`), which either runs the loop on the GPU, folding
 * its results into the shared reduction variables, or says that it stays
 * on the CPU; `copyprivate` hands that answer to the whole team, which
 * then runs the loop as written under its own `omp for` (a nest with its
 * marked loops inside as plain loops: the rows of NPB CG), array sections
 * included (NPB IS's histogram into each thread's own prv_buff1, or into a
 * shared array under OpenMP's reduction(+: h[0:n])). One thread
 * running every iteration is an execution the `omp for` allows, so the
 * program means the same either way; single's barrier makes the GPU's
 * results visible to the team before anyone reads them, and a barrier
 * before it lets the team finish an `omp for nowait` above, whose
 * elements the one thread may read.
 */
#include "emit.h"

#include <string.h>

/* What about the site keeps its loop from being shared this way, or NULL. */
static const char *team_problem(const Source *src, const Site *site)
{
    if (site->segmented_by)
        return "lies inside a loop that pragreduce runs as one launch";
    if (site->pragma.comm)
        return "completes its reduction over MPI ranks (comm)";
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (element_named(src, rv->name))
            return "reduces into an array element or a member";
    }
    return NULL;
}

bool team_check_site(const Source *src, const Site *site)
{
    if (!site_in_team(site))
        return true;
    const char *why = team_problem(src, site);
    if (!why)
        return true;
    for (int k = 0; k < site->pragma.nomp; k++)
        if (site->pragma.omp[k].worksharing)
            diag_at(src, site->pragma.omp[k].start, DIAG_ERROR,
                    "'#pragma omp for' beside '#pragma reduce' takes a loop that reduces into "
                    "variables (or a nest of them), inside no loop pragreduce runs as one launch; this one %s: write "
                    "'#pragma omp parallel for' outside the parallel region",
                    why);
    return false;
}

/* The token after the `}` matching the `{` at token `open`. */
static size_t after_block(const Source *src, size_t open)
{
    int depth = 0;
    for (size_t k = open; k < src->ntokens; k++) {
        if (!strcmp(src->tokens[k].text, "{"))
            depth++;
        else if (!strcmp(src->tokens[k].text, "}") && --depth == 0)
            return k + 1;
    }
    return src->ntokens;
}

/* Whether the innermost `#pragma omp parallel` block around the site
 * leaves the function's region shared (no `default(...)` other than
 * shared): the team call may name it then. */
static bool region_shared_in_team(const Source *src, const Site *site)
{
    bool shared = false;
    for (size_t i = source_token_at(src, site->function_start);
         i + 3 < src->ntokens && src->tokens[i].offset < site->pragma.start; i++) {
        bool default_shared;
        if (strcmp(src->tokens[i].text, "#") != 0 || !source_omp_line_at(src, i) ||
            !pragma_omp_parallel_block(src, i, &default_shared))
            continue;
        size_t t = source_after_omp_lines(src, i);
        if (t >= src->ntokens || strcmp(src->tokens[t].text, "{") != 0)
            continue;
        size_t end = after_block(src, t);
        if (end < src->ntokens && src->tokens[end - 1].offset < site->loop_end)
            continue; /* it ends before the loop */
        shared = default_shared;
    }
    return shared;
}

/* The statement that runs `call` on the borrowed region, or `call` alone. */
static char *on_borrowed_region(const Ctx *c, bool borrow, const char *call)
{
    if (!borrow)
        return xstrdup(call);
    const char *l = strstr(c->p, "loop");
    return xformat("{ pragreduce::team_borrow pr_borrow(%.*sregion); /* this function's copies */\n"
                   "  %s }",
                   l ? (int)(l - c->p) : (int)strlen(c->p), c->p, call);
}

void emit_team_call(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    /* the barrier first: after an `omp for nowait` the team may still be
     * writing what the loop reads (each thread its own iterations, which
     * static schedules allow), and the thread in `single` reads all of it */
    strbuf_puts(sb, "{ bool pr_team_cpu = false; /* under '#pragma omp for': one thread of the team "
                    "calls it, once the team has finished what came before */\n"
                    "#pragma omp barrier\n"
                    "#pragma omp single copyprivate(pr_team_cpu)\n");
    StrBuf call = {0};
    strbuf_printf(&call, "%s(", c->p);
    if (emit_call_args(c, &call, false))
        strbuf_puts(&call, ", ");
    strbuf_puts(&call, "&pr_team_cpu);");
    const bool borrow = region_shared_in_team(c->src, site);
    strbuf_printf(sb, "%s\n", on_borrowed_region(c, borrow, call.buf));
    strbuf_free(&call);
    strbuf_puts(sb, "if (pr_team_cpu) { /* on the CPU: the team runs the loop as written */\n");
    for (int k = 0; k < site->pragma.nomp; k++)
        strbuf_printf(sb, "%s\n", site->pragma.omp[k].text);
    if (site->segment) /* a nest: its marked loops run as written in each thread's iterations */
        emit_text_in_caller(c, sb, segment_as_written_text(c));
    else
        emit_loop_in_caller(c, sb, "", false);
    if (site_writes_arrays(site) && !cpu_wrote_elems(c)) /* (else the wrapper said which) */
        strbuf_printf(sb, "/* the host wrote outputs that kept device copies may hold */\n"
                          "#pragma omp single\n%s\n",
                      on_borrowed_region(c, borrow, "pragreduce::host_wrote_all(true);"));
    strbuf_puts(sb, "} }");
    emit_rest_of_line(c, sb);
}
