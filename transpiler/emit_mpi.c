/*
 * emit_mpi.c - comm(C): a marked loop's reduction completed over the ranks
 * of an MPI communicator.
 *
 * The loop's call is left as it is (GPU or CPU); around it, each reduction
 * variable is set to where this rank's part starts, and after it the parts
 * are combined over the ranks and the value before the loop folded in once
 * (runtime mpi.cuh). What that cannot reproduce exactly is an error here.
 */
#include "pragreduce.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* <mpi.h> was included when its MPI_Comm typedef is declared (libclang's
 * list of inclusions leaves out some system folders). */
static enum CXChildVisitResult find_mpi_comm(CXCursor c, CXCursor parent, CXClientData data)
{
    if (clang_getCursorKind(c) != CXCursor_TypedefDecl)
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    bool found = !strcmp(clang_getCString(name), "MPI_Comm");
    clang_disposeString(name);
    if (!found)
        return CXChildVisit_Continue;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

static bool includes_mpi_h(const Source *src)
{
    bool found = false;
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_mpi_comm, &found);
    return found;
}

static bool is_plain_name(const char *s)
{
    if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}

/* The types MPI and the runtime carry: C's integers, _Bool, float, double. */
static bool mpi_type_ok(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Bool: case CXType_Char_S: case CXType_Char_U: case CXType_SChar:
    case CXType_UChar: case CXType_Short: case CXType_UShort: case CXType_Int:
    case CXType_UInt: case CXType_Long: case CXType_ULong: case CXType_LongLong:
    case CXType_ULongLong: case CXType_Float: case CXType_Double:
        return true;
    default:
        return false;
    }
}

/* Why variable v of the site cannot be reduced over ranks, or NULL. */
static const char *why_not_variable(const Site *site, const ReduceVar *rv)
{
    if (is_section(rv))
        return "an array section";
    if (!is_plain_name(rv->name) || !rv->var)
        return "an element or member (copy it to a local variable around the loop)";
    if (!mpi_type_ok(rv->var->type))
        return "of a type other than C's integers, _Bool, float and double";
    if (rv->op == OP_BXOR && clang_getCanonicalType(rv->var->type).kind == CXType_Bool)
        return "a _Bool under ^ (an update `b ^= x` is not a parity when x is not 0 or 1)";
    if ((rv->op == OP_MIN || rv->op == OP_MAX) && rv->form == MM_TAKE &&
        type_is_floating(rv->var->type))
        return "updated as `m = m > x ? m : x` (MAX(m, x)), which takes a NaN: no order of the "
               "ranks' parts reproduces it (write `if (x > m) m = x;` or fmax)";
    if ((rv->op == OP_MIN || rv->op == OP_MAX) && (rv->form == MM_FMAX || rv->form == MM_FMAXF) &&
        !type_is_floating(rv->var->type))
        return "an integer updated through fmax/fmin (rounded through floating point)";
    if ((rv->op == OP_MAXLOC || rv->op == OP_MINLOC) && rv->loc_role == 0 && rv->loc_last != 0)
        return "a maxloc/minloc whose ties keep the last index (`>=`): only the first index (`>`) "
               "is kept exactly over ranks";
    for (int k = 0; k < site->nminmax_pairs; k++) {
        int v = (int)(rv - site->pragma.vars);
        if (site->minmax_pairs[k][0] == v || site->minmax_pairs[k][1] == v)
            return "a min and a max updated in one else-chain (write two ifs)";
    }
    return NULL;
}

bool mpi_check_site(const Source *src, const Site *site)
{
    const Pragma *p = &site->pragma;
    if (!includes_mpi_h(src)) {
        diag_at(src, p->comm_offset, DIAG_ERROR,
                "comm(...) needs <mpi.h> included before the loop");
        return false;
    }
    bool ok = true;
    for (int v = 0; v < p->nvars; v++) {
        const char *why = why_not_variable(site, &p->vars[v]);
        if (why) {
            diag_at(src, p->vars[v].offset, DIAG_ERROR,
                    "comm(...) cannot complete the reduction of '%s' over MPI ranks: it is %s",
                    p->vars[v].name, why);
            ok = false;
        }
    }
    return ok;
}

bool mpi_any_site(const Site *sites, int n)
{
    for (int i = 0; i < n; i++)
        if (sites[i].pragma.comm && !sites[i].rejected && !sites[i].absorbed)
            return true;
    return false;
}

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
