/*
 * emit_globals.c - the program's globals that functions called from a
 * marked loop read (a constant table, a size).
 *
 * On the GPU the program's globals are not there, so each GPU copy of such
 * a function takes the globals it reads, and those its callees read, as
 * parameters of its own under the globals' names: its body stays as
 * written. Every call of a copy passes them first, by the same names: in
 * the kernel and the wrapper those are the loop's captures (device copies
 * kept and invalidated like any array the loop reads), in a copy its own
 * parameters. reduction.c has checked that no variable of the caller hides
 * a global's name and that the loop leaves the globals unchanged.
 */
#include "emit.h"

#include <string.h>

static const SiteFunction *function_named(const Site *site, const char *name)
{
    for (int i = 0; name && i < site->nfunctions; i++)
        if (strcmp(site->functions[i]->name, name) == 0)
            return site->functions[i];
    return NULL;
}

static const Capture *capture_of(const Site *site, const Var *v)
{
    for (int i = 0; i < site->ncaptures; i++)
        if (site->captures[i].var == v)
            return &site->captures[i];
    return NULL;
}

/* "const double (&ce)[5][13], int nx": as the kernel and the wrapper hold
 * the captures. */
static char *global_params(const Site *site, const SiteFunction *f)
{
    StrBuf sb = {0};
    for (int k = 0; k < f->nglobals; k++) {
        const Capture *cap = capture_of(site, f->globals[k]);
        if (!cap)
            continue; /* (reduction.c made each a capture) */
        strbuf_printf(&sb, "%s%s", sb.len ? ", " : "",
                      cap->kind == CAP_ARRAY ? array_param(cap)
                                             : xformat("%s %s", cap->type, cap->var->name));
    }
    return sb.buf ? strbuf_steal(&sb) : xstrdup("");
}

static char *global_args(const SiteFunction *f)
{
    StrBuf sb = {0};
    for (int k = 0; k < f->nglobals; k++)
        strbuf_printf(&sb, "%s%s", k ? ", " : "", f->globals[k]->name);
    return sb.buf ? strbuf_steal(&sb) : xstrdup("");
}

/* The offset of the '(' that follows `from` (past blanks, comments and the
 * ')' of a parenthesized callee), or 0. */
static unsigned open_paren_after(const Source *src, unsigned from)
{
    size_t t = source_token_at(src, from);
    while (t < src->ntokens && strcmp(src->tokens[t].text, ")") == 0)
        t++;
    return t < src->ntokens && strcmp(src->tokens[t].text, "(") == 0 ? src->tokens[t].offset : 0;
}

static bool has_globals(const Site *site, const char *function)
{
    const SiteFunction *f = function_named(site, function);
    return f && f->nglobals > 0;
}

void add_global_args(const Ctx *c, EditList *edits, const Node *callee)
{
    const SiteFunction *f = function_named(c->site, callee->name);
    if (!f || f->nglobals == 0)
        return;
    unsigned open = open_paren_after(c->src, callee->end);
    if (!open)
        return;
    const Node *call = callee->parent;
    while (call && call->kind != N_CALL)
        call = call->parent;
    bool has_args = call && call->nkids > 1;
    add_unique_edit(edits, open + 1, open + 1, xformat("%s%s", global_args(f), has_args ? ", " : ""));
}

void add_global_params(const Ctx *c, EditList *edits, const SiteFunction *f, unsigned name_at,
                       unsigned body)
{
    if (f->nglobals == 0)
        return;
    const Source *src = c->src;
    unsigned open = open_paren_after(src, name_at + (unsigned)strlen(f->name));
    if (!open)
        return;
    char *params = global_params(c->site, f);
    size_t t = source_token_at(src, open) + 1;
    if (f->nparams == 0 && t + 1 < src->ntokens && strcmp(src->tokens[t].text, "void") == 0 &&
        strcmp(src->tokens[t + 1].text, ")") == 0) {
        edits_add(edits, src->tokens[t].offset, src->tokens[t].end, params); /* f(void) */
        return;
    }
    char *knr = cxx_knr_prototype_parameters(src, f->def);
    if (knr) {
        /* a K&R definition: its prototype, which the C-to-C++ edit over the
         * same range would have written, with the globals first; the
         * declarations' line breaks stay */
        StrBuf sb = {0};
        strbuf_printf(&sb, "(%s, %s", params, knr + 1);
        for (unsigned i = open; i < body; i++)
            if (src->text[i] == '\n')
                strbuf_puts(&sb, "\n");
        strbuf_puts(&sb, " ");
        edits_add(edits, open, body, strbuf_steal(&sb));
        return;
    }
    edits_add(edits, open + 1, open + 1, xformat("%s%s", params, f->nparams ? ", " : ""));
}

void add_global_call_edits(const Ctx *c, EditList *edits, unsigned start, unsigned end)
{
    const Site *site = c->site;
    for (int k = 0; k < site->nfn_calls; k++) {
        const Node *callee = site->fn_calls[k];
        if (callee->start < start || callee->end > end || !has_globals(site, callee->name))
            continue;
        add_unique_edit(edits, callee->start, callee->end, xformat("%s_fn_%s", c->p, callee->name));
        add_global_args(c, edits, callee);
    }
}
