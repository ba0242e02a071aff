/*
 * emit_mpi.c - comm(C): a marked loop's reduction completed over the ranks
 * of an MPI communicator.
 *
 * The loop's call is left as it is (GPU or CPU); around it, each reduction
 * variable is set to where this rank's part starts, and after it the parts
 * are combined over the ranks and the value before the loop folded in once
 * (runtime mpi.cuh). mpi_check.c has refused what that cannot reproduce.
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

/* The runtime operator that combines parts as the variable's updates do. */
static const char *mpi_functor(const ReduceVar *rv)
{
    bool max = rv->op == OP_MAX;
    if ((rv->op == OP_MIN || max) && rv->form == MM_FMAX)
        return max ? "pragreduce::op_fmax<double>" : "pragreduce::op_fmin<double>";
    if ((rv->op == OP_MIN || max) && rv->form == MM_FMAXF)
        return max ? "pragreduce::op_fmax<float>" : "pragreduce::op_fmin<float>";
    return reduce_ops[rv->op].functor;
}

static void emit_starts(const Site *site, StrBuf *sb)
{
    const Pragma *p = &site->pragma;
    for (int v = 0; v < p->nvars; v++) {
        const ReduceVar *rv = &p->vars[v];
        if (rv->op == OP_MAXLOC || rv->op == OP_MINLOC) {
            if (rv->loc_role == 0)
                strbuf_printf(sb, "    const auto %s_before%d = pragreduce::mpi::start_loc<%s>(%s);\n",
                              site->prefix, v, rv->op == OP_MAXLOC ? "true" : "false", rv->name);
            else
                strbuf_printf(sb, "    const auto %s_before%d = %s; /* the index, as the loop left it */\n",
                              site->prefix, v, rv->name);
            continue;
        }
        strbuf_printf(sb, "    const auto %s_before%d = pragreduce::mpi::start_part<%s>(%s);\n",
                      site->prefix, v, mpi_functor(rv), rv->name);
    }
}

static void emit_finishes(const Site *site, StrBuf *sb)
{
    const Pragma *p = &site->pragma;
    const char *pre = site->prefix;
    for (int v = 0; v < p->nvars; v++) {
        const ReduceVar *rv = &p->vars[v];
        if (rv->op == OP_MAXLOC || rv->op == OP_MINLOC) {
            if (rv->loc_role != 0)
                continue;
            const ReduceVar *ix = &p->vars[rv->partner];
            strbuf_printf(sb,
                          "    pragreduce::mpi::finish_loc<%s>(%s, %s, %s_before%d, %s_before%d, "
                          "%s_comm, %s_site);\n",
                          rv->op == OP_MAXLOC ? "true" : "false", rv->name, ix->name, pre, v, pre,
                          rv->partner, pre, pre);
            continue;
        }
        strbuf_printf(sb, "    %s = pragreduce::mpi::finish<%s>(%s_before%d, %s, %s_comm, %s, %s_site);\n",
                      rv->name, mpi_functor(rv), pre, v, rv->name, pre,
                      site->pragma.comm_ordered ? "true" : "false", pre);
    }
}

/* A #line directive for `offset` of the input, then spaces up to its column. */
static void line_at(const Source *src, unsigned offset, StrBuf *sb)
{
    unsigned line, col;
    source_line_col(src, offset, &line, &col);
    strbuf_line_directive(sb, line, source_path_at(src, offset));
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(sb, " ", 1);
}

char *mpi_wrap_call(const Source *src, const Site *site, char *call, bool line_directives)
{
    const Pragma *p = &site->pragma;
    StrBuf sb = {0};
    strbuf_printf(&sb,
                  "{ /* %s comm(%s%s): this rank's part of the reduction, then every rank's "
                  "(pragreduce::mpi) */\n",
                  p->summary, p->comm, p->comm_ordered ? ", ordered" : "");
    /* nvcc's message about the communicator's type points at the clause */
    if (line_directives)
        line_at(src, p->comm_offset, &sb);
    strbuf_printf(&sb,
                  "static_assert(std::is_same<std::decay<decltype(%s)>::type, MPI_Comm>::value, "
                  "\"comm(...) takes an MPI_Comm\");\n",
                  p->comm);
    strbuf_printf(&sb, "    const MPI_Comm %s_comm = (%s);\n", site->prefix, p->comm);
    emit_starts(site, &sb);
    strbuf_puts(&sb, call);
    strbuf_puts(&sb, "\n");
    if (line_directives)
        strbuf_puts(&sb, "#line @@OUT@@\n");
    emit_finishes(site, &sb);
    strbuf_puts(&sb, "}");
    /* the rest of the loop's last line keeps its number */
    if (line_directives) {
        strbuf_puts(&sb, "\n");
        line_at(src, site->loop_end, &sb);
    }
    return strbuf_steal(&sb);
}
