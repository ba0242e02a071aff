/*
 * warnings.c - what a user would want told although the file is valid:
 * a reduction variable the loop starts from that has no value (C leaves
 * it undefined, and the GPU and the CPU may then differ), and a file with
 * no marked loop (nothing will run on the GPU).
 */
#include "pragreduce.h"

#include <string.h>

/* True when the name appears as an identifier in [from, to): an
 * assignment, a call taking its address, anything: it may be set. */
static bool mentioned(const Source *src, const char *name, unsigned from, unsigned to)
{
    for (size_t i = source_token_at(src, from); i < src->ntokens && src->tokens[i].offset < to; i++)
        if (src->tokens[i].kind == CXToken_Identifier && strcmp(src->tokens[i].text, name) == 0)
            return true;
    return false;
}

static void warn_uninitialised(const Source *src, const Site *site, const ReduceVar *rv)
{
    const Var *v = rv->var;
    if (!v || v->storage != VAR_LOCAL || v->decl_offset == UINT32_MAX ||
        clang_getCursorKind(v->decl) != CXCursor_VarDecl ||
        !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(v->decl)))
        return;
    unsigned decl_end;
    CXSourceRange r = clang_getCursorExtent(v->decl);
    if (!source_offset(src, clang_getRangeEnd(r), &decl_end) || decl_end > site->pragma.start)
        return;
    if (mentioned(src, v->name, decl_end, site->pragma.start))
        return;
    unsigned line, col;
    source_line_col(src, v->decl_offset, &line, &col);
    diag_at(src, rv->offset, DIAG_WARNING,
            "'%s' has no value before the loop (declared at line %u without an initializer, "
            "not set since): C leaves it undefined, and the reduction starts from it; "
            "initialize it",
            rv->name, line);
}

void warn_about_sites(const Source *src, const Site *sites, int n)
{
    for (int i = 0; i < n; i++) {
        const Site *s = &sites[i];
        if (s->rejected || s->absorbed)
            continue;
        for (int k = 0; k < s->pragma.nvars; k++) {
            const ReduceVar *rv = &s->pragma.vars[k];
            /* a maxloc/minloc index keeps its start only when nothing updates */
            if (rv->loc_role == 1)
                continue;
            warn_uninitialised(src, s, rv);
        }
    }
}

void warn_no_marked_loop(const Source *src, int nloops, int ndirectives)
{
    if (nloops == 0 && ndirectives == 0)
        diag_plain(DIAG_WARNING,
                   "%s has no '#pragma reduce': the output is the program as C++, with "
                   "nothing for the GPU",
                   src->path);
}
