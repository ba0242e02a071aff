/*
 * emit_table.c - tables of pointers in a marked loop's wrapper.
 *
 * `float **rows` read as rows[i][j] with in(rows[f0:n0][f1:n1]): the wrapper
 * asks the runtime (table.cuh) for a device table standing for the host's,
 * pr_t_rows, which the kernel gets in place of `rows`. The loop runs as
 * written when the table does not fit in the GPU's memory or when what the
 * loop writes (fused outputs, accumulators in memory) shares bytes with a
 * row or a table it reads: the GPU reads copies taken before the loop.
 */
#include <string.h>

#include "emit.h"

const ArraySection *table_section(const Site *site, const Capture *cap)
{
    for (int k = 0; k < site->pragma.nsections; k++)
        if (site->pragma.sections[k].nmore && !strcmp(site->pragma.sections[k].name, cap->var->name))
            return &site->pragma.sections[k];
    return NULL;
}

/* `first[]` and `count[]` of the clause's brackets, from the wrapper's
 * parameters (emit.c passes pr_in_NAME_lo, _n, then _lo1, _n1, ...). */
static void emit_brackets(StrBuf *sb, const char *n, const ArraySection *sec)
{
    strbuf_printf(sb, "    const long long pr_tab_%s_first[] = {pr_in_%s_lo", n, n);
    for (int k = 0; k < sec->nmore; k++)
        strbuf_printf(sb, ", pr_in_%s_lo%d", n, k + 1);
    strbuf_printf(sb, "};\n    const long long pr_tab_%s_count[] = {pr_in_%s_n", n, n);
    for (int k = 0; k < sec->nmore; k++)
        strbuf_printf(sb, ", pr_in_%s_n%d", n, k + 1);
    strbuf_puts(sb, "};\n");
}

/* What the loop writes in host memory, as `p, bytes` pairs. */
static int written_ranges(const Ctx *c, char **out)
{
    const Site *site = c->site;
    int n = 0;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *w = &site->captures[i];
        if (w->kind == CAP_ARRAY && w->written)
            out[n++] = xformat("%s + pr_%s_lo, (size_t)pr_%s_n * sizeof(%s)", w->var->name, w->var->name,
                               w->var->name, array_elem(w));
    }
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (is_section(rv))
            out[n++] = xformat("%s + pr_sec_%s_lo, (size_t)pr_sec_%s_n * sizeof(%s)", rv->name, rv->name,
                               rv->name, type_cxx_name(reduce_accum_type(rv)));
        else if (element_named(c->src, rv->name))
            out[n++] = xformat("pr_home_%s, sizeof(%s)", rv->name, var_type(rv->var));
    }
    return n;
}

void emit_table_build(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    char **writes = xcalloc((size_t)(site->ncaptures + site->pragma.nvars + 1), sizeof(char *));
    int nwrites = written_ranges(c, writes);
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_TABLE)
            continue;
        const ArraySection *sec = table_section(site, cap);
        const char *n = cap->var->name;
        strbuf_printf(sb, "    /* %s: a table of pointers; the GPU reads a copy of what in(%s[%s:%s]", n, n,
                      sec->lo, sec->len);
        for (int k = 0; k < sec->nmore; k++)
            strbuf_printf(sb, "[%s:%s]", sec->more_lo[k], sec->more_len[k]);
        strbuf_printf(sb, ") names\n       and tables of its device addresses, kept from call to call */\n"
                          "    static pragreduce::table &pr_tab_%s = *pragreduce::table_new();\n",
                      n);
        emit_brackets(sb, n, sec);
        strbuf_printf(sb,
                      "    %s const pr_t_%s = (%s)pragreduce::table_build(pr_tab_%s, %s, %d, pr_tab_%s_first, pr_tab_%s_count,\n"
                      "        sizeof(%s), pr_resident, %s_site);\n"
                      "    if (!pr_t_%s) {\n"
                      "        /* its rows do not fit in the GPU's memory: the loop as written */\n"
                      "        pragreduce::too_big_for_gpu(%s_site);\n"
                      "        pr_on_cpu();\n"
                      "        return;\n"
                      "    }\n",
                      cap->type, n, cap->type, n, n, cap->levels, n, n, cap->leaf_type, c->p, n, c->p);
        if (nwrites == 0)
            continue;
        strbuf_puts(sb, "    /* the loop writes bytes of a row or table it reads: the loop as written */\n"
                        "    if (");
        for (int k = 0; k < nwrites; k++)
            strbuf_printf(sb, "%spragreduce::table_overlaps(pr_tab_%s, %s)", k ? " ||\n        " : "", n, writes[k]);
        strbuf_puts(sb, ") {\n        pr_on_cpu();\n        return;\n    }\n");
    }
}
