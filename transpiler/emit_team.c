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
    strbuf_printf(sb, "%s(", c->p);
    if (emit_call_args(c, sb, false))
        strbuf_puts(sb, ", ");
    strbuf_puts(sb, "&pr_team_cpu);\n"
                    "if (pr_team_cpu) { /* on the CPU: the team runs the loop as written */\n");
    for (int k = 0; k < site->pragma.nomp; k++)
        strbuf_printf(sb, "%s\n", site->pragma.omp[k].text);
    if (site->segment) /* a nest: its marked loops run as written in each thread's iterations */
        emit_text_in_caller(c, sb, segment_as_written_text(c));
    else
        emit_loop_in_caller(c, sb, "", false);
    if (site_writes_arrays(site))
        strbuf_puts(sb, "/* the host wrote outputs that kept device copies may hold */\n"
                        "#pragma omp single\n"
                        "pragreduce::host_wrote_all(true);\n");
    strbuf_puts(sb, "} }");
    emit_rest_of_line(c, sb);
}
