/*
 * pragma.c - finds `#pragma reduce` through the main file's tokens.
 *
 * Unknown pragmas never reach libclang's AST, so the directive is found as
 * the tokens `#` `pragma` `reduce` at the start of a line. Grammar:
 *
 *   #pragma reduce(OP: VAR[, VAR...]) [reduce(OP: VAR...)]... [in(ARR[LO:LEN], ...)]
 *           [collapse(N)] [private(VAR, ...)] [comm(MPI_COMM[, ordered])]
 *   OP: + * min max & | ^ && ||
 *
 * The loop it marks is the `for` whose first token comes right after the
 * directive's line. `#pragma omp` lines directly before the directive or
 * between it and the loop belong to it (omp_group below).
 */
#include "pragreduce.h"

#include <ctype.h>
#include <strings.h>

#include <stdlib.h>
#include <string.h>

const ReduceOpInfo reduce_ops[OP_COUNT] = {
    [OP_ADD] = {"+", "pragreduce::op_add", false},
    [OP_MUL] = {"*", "pragreduce::op_mul", false},
    [OP_MIN] = {"min", "pragreduce::op_min", false},
    [OP_MAX] = {"max", "pragreduce::op_max", false},
    [OP_BAND] = {"&", "pragreduce::op_band", true},
    [OP_BOR] = {"|", "pragreduce::op_bor", true},
    [OP_BXOR] = {"^", "pragreduce::op_bxor", true},
    [OP_LAND] = {"&&", "pragreduce::op_land", false},
    [OP_LOR] = {"||", "pragreduce::op_lor", false},
    [OP_MAXLOC] = {"maxloc", NULL, false},
    [OP_MINLOC] = {"minloc", NULL, false},
};

typedef struct {
    const Source *src;
    const Token *toks;
    size_t n, i;
    unsigned line_end;
} Cursor;

static const Token *peek(Cursor *c) { return c->i < c->n ? &c->toks[c->i] : NULL; }

static bool at(Cursor *c, const char *text)
{
    const Token *t = peek(c);
    return t && strcmp(t->text, text) == 0;
}

static unsigned here(Cursor *c)
{
    const Token *t = peek(c);
    return t ? t->offset : c->line_end;
}

static bool is_identifier(const Token *t) { return t && t->kind == CXToken_Identifier; }

static bool expect(Cursor *c, const char *text, const char *after)
{
    if (at(c, text)) {
        c->i++;
        return true;
    }
    const Token *t = peek(c);
    if (t)
        diag_at(c->src, here(c), DIAG_ERROR, "expected '%s' %s, found '%s'", text, after, t->text);
    else
        diag_at(c->src, here(c), DIAG_ERROR, "expected '%s' %s at the end of the pragma", text,
                after);
    return false;
}

static bool parse_op(Cursor *c, ReduceOp *op)
{
    const Token *t = peek(c);
    if (!t) {
        diag_at(c->src, here(c), DIAG_ERROR,
                "expected a reduction operator (+ * min max & | ^ && ||) at the end of the pragma");
        return false;
    }
    for (int k = 0; k < OP_COUNT; k++) {
        if (strcmp(t->text, reduce_ops[k].spelling) == 0) {
            *op = (ReduceOp)k;
            c->i++;
            return true;
        }
    }
    if (strcmp(t->text, "-") == 0)
        diag_at(c->src, t->offset, DIAG_ERROR,
                "reduction operator '-' is not supported; use '+' (updates 'v -= e' count as '+')");
    else if (strcmp(t->text, ":") == 0)
        diag_at(c->src, t->offset, DIAG_ERROR,
                "expected a reduction operator (+ * min max & | ^ && ||) before ':'");
    else
        diag_at(c->src, t->offset, DIAG_ERROR,
                "unknown reduction operator '%s'; expected one of + * min max & | ^ && || "
                "maxloc minloc",
                t->text);
    return false;
}

static char *expr_until(Cursor *c, const char *stop);

/* `[lo:len]` after a reduction variable's name: an array section. Leaves
 * the cursor at the '[' (and returns true) when the brackets hold no ':',
 * an element that element.c could not take (it has said why). */
static bool parse_reduce_section(Cursor *c, ReduceVar *rv, ReduceOp op)
{
    size_t open = c->i;
    c->i++;
    char *lo = expr_until(c, ":");
    if (!at(c, ":")) {
        c->i = open;
        return true;
    }
    c->i++;
    char *len = expr_until(c, "]");
    if (!lo || !len) {
        diag_at(c->src, rv->offset, DIAG_ERROR, "expected '%s[first:count]': %s", rv->name,
                lo ? "the element count is missing" : "the first index is missing");
        return false;
    }
    if (!expect(c, "]", "after the element count"))
        return false;
    if (at(c, "[") || at(c, ".") || at(c, "->")) {
        diag_at(c->src, rv->offset, DIAG_ERROR,
                "'%s': a section is the last subscript, '%s[first:count]' or a row's "
                "'%s[i][first:count]'; '%s[%s:%s]' followed by more is not one run of elements "
                "(reduce each element instead)",
                rv->name, rv->name, rv->name, rv->name, lo, len);
        return false;
    }
    if (op != OP_ADD && op != OP_MUL && op != OP_BAND && op != OP_BOR && op != OP_BXOR) {
        diag_at(c->src, rv->offset, DIAG_ERROR,
                "a section '%s[%s:%s]' reduces with +, *, &, | or ^, not '%s'", rv->name, lo, len,
                reduce_ops[op].spelling);
        return false;
    }
    rv->sec_lo = lo;
    rv->sec_len = len;
    return true;
}

static bool parse_reduce_clause(Cursor *c, Pragma *p)
{
    c->i++; /* reduce */
    int first = p->nvars;
    if (!expect(c, "(", "after 'reduce'"))
        return false;
    ReduceOp op;
    if (!parse_op(c, &op))
        return false;
    if (!expect(c, ":", "after the reduction operator"))
        return false;
    for (;;) {
        const Token *t = peek(c);
        if (!is_identifier(t)) {
            diag_at(c->src, here(c), DIAG_ERROR, "expected a reduction variable name%s%s%s",
                    t ? ", found '" : " at the end of the pragma", t ? t->text : "", t ? "'" : "");
            return false;
        }
        for (int k = 0; k < p->nvars; k++) {
            if (strcmp(p->vars[k].name, t->text) == 0) {
                diag_at(c->src, t->offset, DIAG_ERROR,
                        "'%s' is named twice in the pragma; a variable can be reduced only once",
                        t->text);
                return false;
            }
        }
        p->vars = xrealloc(p->vars, (size_t)(p->nvars + 1) * sizeof *p->vars);
        p->vars[p->nvars++] = (ReduceVar){.op = op, .name = t->text, .offset = t->offset,
                                          .partner = -1, .loc_last = -1};
        c->i++;
        if (at(c, "[") && !parse_reduce_section(c, &p->vars[p->nvars - 1], op))
            return false;
        if (at(c, ".") || at(c, "->") || (at(c, "[") && !is_section(&p->vars[p->nvars - 1]))) {
            const char *why = element_error_at(c->src, t->offset);
            if (why) {
                diag_at(c->src, t->offset, DIAG_ERROR, "%s", why);
                return false;
            }
            diag_at(c->src, t->offset, DIAG_ERROR,
                    "a reduction variable must be a plain scalar variable, not a member or element "
                    "of '%s'",
                    t->text);
            return false;
        }
        if (at(c, ",")) {
            c->i++;
            continue;
        }
        if (!expect(c, ")", "to close 'reduce('"))
            return false;
        if (op == OP_MAXLOC || op == OP_MINLOC) {
            if (p->nvars - first != 2) {
                diag_at(c->src, p->vars[first].offset, DIAG_ERROR,
                        "'%s' reduces a value and its index: write reduce(%s: value, index)",
                        reduce_ops[op].spelling, reduce_ops[op].spelling);
                return false;
            }
            p->vars[first].loc_role = 0;
            p->vars[first].partner = first + 1;
            p->vars[first + 1].loc_role = 1;
            p->vars[first + 1].partner = first;
        }
        return true;
    }
}

/* Text of tokens from index `from` up to (not including) the first token at
 * depth 0 that is one of `stops`. */
static char *expr_until(Cursor *c, const char *stop)
{
    size_t from = c->i;
    int depth = 0;
    while (peek(c)) {
        const char *s = peek(c)->text;
        if (depth == 0 && strcmp(s, stop) == 0)
            break;
        if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{"))
            depth++;
        else if (!strcmp(s, ")") || !strcmp(s, "]") || !strcmp(s, "}")) {
            if (depth == 0)
                break;
            depth--;
        }
        c->i++;
    }
    if (c->i == from)
        return NULL;
    return source_text(c->src, c->toks[from].offset, c->toks[c->i - 1].end);
}

/* `in(a[first:count], ...)` at the cursor, appended to *sections; `where`
 * names the clause or directive in the message about a repeated array. */
/* in(rows[0:n][0:d]): the rows and elements of a pointer table, one
 * [first:count] per level after the first. */
static bool parse_table_dims(Cursor *c, ArraySection *sec)
{
    while (at(c, "[")) {
        if (sec->nmore == PR_MAX_TABLE_DIMS - 1) {
            diag_at(c->src, here(c), DIAG_ERROR,
                    "in(%s[...]...) gives more than %d brackets; pragreduce copies tables of "
                    "pointers at most %d levels deep",
                    sec->name, PR_MAX_TABLE_DIMS, PR_MAX_TABLE_DIMS);
            return false;
        }
        c->i++;
        char *lo = expr_until(c, ":");
        if (!lo || !at(c, ":")) {
            diag_at(c->src, here(c), DIAG_ERROR,
                    "expected 'first:count' in each bracket of in(%s[first:count][first:count])",
                    sec->name);
            return false;
        }
        c->i++;
        char *len = expr_until(c, "]");
        if (!len) {
            diag_at(c->src, here(c), DIAG_ERROR, "expected the element count in '%s[...][first:count]'",
                    sec->name);
            return false;
        }
        if (!expect(c, "]", "after the element count"))
            return false;
        sec->more_lo[sec->nmore] = lo;
        sec->more_len[sec->nmore] = len;
        sec->nmore++;
    }
    return true;
}

/* `s` without blanks: "p -> v" and "p->v" spell one path. */
static char *strip_blanks(const char *s)
{
    StrBuf sb = {0};
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\\')
            strbuf_putn(&sb, s, 1);
    return sb.buf ? strbuf_steal(&sb) : xstrdup("");
}

static bool parse_sections(Cursor *c, const char *where, ArraySection **sections, int *nsections)
{
    c->i++; /* in */
    if (!expect(c, "(", "after 'in'"))
        return false;
    for (;;) {
        const Token *t = peek(c);
        if (!is_identifier(t)) {
            diag_at(c->src, here(c), DIAG_ERROR, "expected an array name in 'in(...)'");
            return false;
        }
        ArraySection sec = {.name = t->text, .offset = t->offset};
        c->i++;
        /* a member path element.c left as written (one it copies before
         * the loop is a variable's name by now) */
        size_t path_end = c->i;
        while (path_end + 1 < c->n && (!strcmp(c->toks[path_end].text, ".") || !strcmp(c->toks[path_end].text, "->")) &&
               is_identifier(&c->toks[path_end + 1]))
            path_end += 2;
        if (path_end > c->i) {
            char *path = source_text(c->src, t->offset, c->toks[path_end - 1].end);
            /* one the loop may change (element.c said why) */
            const ElementInfo *ei = c->src->elements;
            size_t f = source_after_omp_lines(c->src, source_token_at(c->src, c->line_end));
            unsigned loop = f < c->src->ntokens ? c->src->tokens[f].offset : UINT32_MAX;
            for (size_t k = 0; ei && k < ei->nrefusals; k++) {
                if (ei->refusals[k].loop != loop || strcmp(strip_blanks(ei->refusals[k].text), strip_blanks(path)) != 0)
                    continue;
                diag_at(c->src, t->offset, DIAG_ERROR,
                        "in(%s[...]) names a pointer held in a struct that the loop may change (%s), "
                        "so pragreduce does not copy it to a variable before the loop; a marked loop "
                        "must leave the pointers it reads from structs as they are",
                        path, ei->refusals[k].why);
                if (ei->refusals[k].at != UINT32_MAX)
                    diag_at(c->src, ei->refusals[k].at, DIAG_NOTE, "it may change here");
                return false;
            }
            diag_at(c->src, t->offset, DIAG_ERROR,
                    "in(%s[...]) names a member that pragreduce does not copy to a variable before "
                    "this loop: it copies a pointer to numbers or structs held in a struct, which "
                    "the loop reads through '.' and '->' from a variable declared outside it; copy "
                    "a table of pointers (T **) to a variable before the loop, 'rows = %s;', and "
                    "name that, in(rows[first:count][first:count])",
                    path, path);
            return false;
        }
        if (!expect(c, "[", "after the array name (write in(a[first:count]))"))
            return false;
        sec.lo = expr_until(c, ":");
        if (!sec.lo) {
            diag_at(c->src, here(c), DIAG_ERROR, "expected the first index in '%s[first:count]'",
                    sec.name);
            return false;
        }
        if (!expect(c, ":", "between first index and count"))
            return false;
        sec.len = expr_until(c, "]");
        if (!sec.len) {
            diag_at(c->src, here(c), DIAG_ERROR, "expected the element count in '%s[first:count]'",
                    sec.name);
            return false;
        }
        if (!expect(c, "]", "after the element count"))
            return false;
        if (!parse_table_dims(c, &sec))
            return false;
        for (int k = 0; k < *nsections; k++) {
            if (strcmp((*sections)[k].name, sec.name) == 0) {
                diag_at(c->src, sec.offset, DIAG_ERROR, "'%s' appears twice in %s", sec.name, where);
                return false;
            }
        }
        *sections = xrealloc(*sections, (size_t)(*nsections + 1) * sizeof **sections);
        (*sections)[(*nsections)++] = sec;
        if (at(c, ",")) {
            c->i++;
            continue;
        }
        return expect(c, ")", "to close 'in('");
    }
}

bool pragma_parse_sections(const Source *src, const Token *toks, size_t ntoks, size_t *i,
                           unsigned line_end, const char *where, ArraySection **sections,
                           int *nsections)
{
    Cursor c = {src, toks, ntoks, *i, line_end};
    bool ok = parse_sections(&c, where, sections, nsections);
    *i = c.i;
    return ok;
}

/* collapse(N): the N perfectly nested loops form one iteration space. */
static bool parse_collapse_clause(Cursor *c, Pragma *p)
{
    unsigned at_clause = here(c);
    c->i++; /* collapse */
    if (!expect(c, "(", "after 'collapse'"))
        return false;
    const Token *t = peek(c);
    char *end = NULL;
    long n = t && t->kind == CXToken_Literal ? strtol(t->text, &end, 10) : 0;
    if (!t || t->kind != CXToken_Literal || *end != '\0' || n < 1 || n > PR_MAX_COLLAPSE) {
        diag_at(c->src, here(c), DIAG_ERROR,
                "collapse(N) needs a loop count N from 1 to %d written as a number",
                PR_MAX_COLLAPSE);
        return false;
    }
    if (p->collapse) {
        diag_at(c->src, at_clause, DIAG_ERROR, "'collapse' appears twice in '#pragma reduce'");
        return false;
    }
    p->collapse = (int)n;
    p->collapse_offset = at_clause;
    c->i++;
    return expect(c, ")", "to close 'collapse('");
}

/* private(v, ...): scratch variables declared outside the loop that every
 * iteration writes before reading (reduction.c checks that). */
static bool parse_private_clause(Cursor *c, Pragma *p)
{
    c->i++; /* private */
    if (!expect(c, "(", "after 'private'"))
        return false;
    for (;;) {
        const Token *t = peek(c);
        if (!is_identifier(t)) {
            diag_at(c->src, here(c), DIAG_ERROR, "expected a variable name in 'private(...)'%s%s%s",
                    t ? ", found '" : " at the end of the pragma", t ? t->text : "", t ? "'" : "");
            return false;
        }
        for (int k = 0; k < p->nprivates; k++) {
            if (strcmp(p->privates[k].name, t->text) == 0) {
                diag_at(c->src, t->offset, DIAG_ERROR, "'%s' appears twice in private(...)",
                        t->text);
                return false;
            }
        }
        p->privates = xrealloc(p->privates, (size_t)(p->nprivates + 1) * sizeof *p->privates);
        p->privates[p->nprivates++] = (PrivateVar){.name = t->text, .offset = t->offset};
        c->i++;
        if (at(c, ".") || at(c, "->") || at(c, "[")) {
            const char *why = element_error_at(c->src, t->offset);
            if (why) {
                diag_at(c->src, t->offset, DIAG_ERROR, "%s", why);
                return false;
            }
            diag_at(c->src, t->offset, DIAG_ERROR,
                    "private(...) takes whole variables, not a member or element of '%s'",
                    t->text);
            return false;
        }
        if (at(c, ",")) {
            c->i++;
            continue;
        }
        return expect(c, ")", "to close 'private('");
    }
}

/* comm(C) or comm(C, ordered): C is an expression of type MPI_Comm, its
 * tokens up to the `,` or `)` outside brackets (nvcc checks its type). */
static bool parse_comm_clause(Cursor *c, Pragma *p)
{
    unsigned at_clause = here(c);
    c->i++; /* comm */
    if (!expect(c, "(", "after 'comm'"))
        return false;
    size_t first = c->i;
    int depth = 0;
    for (; peek(c); c->i++) {
        const char *t = peek(c)->text;
        if (depth == 0 && (!strcmp(t, ",") || !strcmp(t, ")")))
            break;
        depth += !strcmp(t, "(") || !strcmp(t, "[");
        depth -= !strcmp(t, ")") || !strcmp(t, "]");
    }
    if (c->i == first || !peek(c)) {
        diag_at(c->src, here(c), DIAG_ERROR,
                "comm(...) needs an MPI communicator, as in comm(MPI_COMM_WORLD)");
        return false;
    }
    if (p->comm) {
        diag_at(c->src, at_clause, DIAG_ERROR, "'comm' appears twice in '#pragma reduce'");
        return false;
    }
    const Token *last = &c->toks[c->i - 1];
    unsigned from = c->toks[first].offset;
    p->comm = xstrndup(c->src->text + from, last->offset + strlen(last->text) - from);
    p->comm_offset = at_clause;
    if (at(c, ",")) {
        c->i++;
        if (!at(c, "ordered")) {
            diag_at(c->src, here(c), DIAG_ERROR,
                    "expected 'ordered' after the communicator in comm(...), found '%s'",
                    peek(c) ? peek(c)->text : "the end of the pragma");
            return false;
        }
        p->comm_ordered = true;
        c->i++;
    }
    return expect(c, ")", "to close 'comm('");
}

/* A malformed directive is left out, and --keep-invalid leaves its loop
 * sequential; with comm(...), each rank would then keep its own result and
 * nothing would say so at run time: an error even then. */
static void refuse_dropping_comm(const Source *src, const Token *toks, size_t n)
{
    for (size_t k = 0; k + 1 < n; k++) {
        if (is_identifier(&toks[k]) && !strcmp(toks[k].text, "comm") && !strcmp(toks[k + 1].text, "(") &&
            diag_errors_are_warnings()) {
            diag_set_errors_are_warnings(false);
            diag_at(src, toks[k].offset, DIAG_ERROR,
                    "a loop with comm(...) cannot be kept sequential (--keep-invalid): each rank "
                    "would keep its own result");
            diag_set_errors_are_warnings(true);
            return;
        }
    }
}

bool pragma_parse_tokens(const Source *src, const Token *toks, size_t ntoks, unsigned line_end,
                         Pragma *out)
{
    Cursor c = {src, toks, ntoks, 0, line_end};
    bool ok = true;
    /* `reduce parallel ...`: the directive's name, then clauses */
    if (ntoks >= 2 && !strcmp(toks[0].text, "reduce") && !strcmp(toks[1].text, "parallel")) {
        out->parallel = true;
        out->parallel_offset = toks[1].offset;
        c.i = 2;
    }
    while (ok && peek(&c)) {
        if (at(&c, "reduce"))
            ok = parse_reduce_clause(&c, out);
        else if (at(&c, "in"))
            ok = parse_sections(&c, "in(...)", &out->sections, &out->nsections);
        else if (at(&c, "collapse"))
            ok = parse_collapse_clause(&c, out);
        else if (at(&c, "private"))
            ok = parse_private_clause(&c, out);
        else if (at(&c, "comm"))
            ok = parse_comm_clause(&c, out);
        else if (out->parallel) {
            diag_at(src, here(&c), DIAG_ERROR,
                    "unexpected '%s' in '#pragma reduce parallel'; expected a clause reduce(OP: VAR), "
                    "in(ARRAY[FIRST:COUNT]), collapse(N), private(VAR, ...) or comm(MPI_COMM) (scalars each "
                    "iteration assigns before reading are private by themselves)",
                    peek(&c)->text);
            ok = false;
        } else {
            diag_at(src, here(&c), DIAG_ERROR,
                    "unexpected '%s' in '#pragma reduce'; expected a clause reduce(OP: VAR), "
                    "in(ARRAY[FIRST:COUNT]), collapse(N), private(VAR, ...) or comm(MPI_COMM)",
                    peek(&c)->text);
            ok = false;
        }
    }
    if (ok && out->nvars == 0 && !out->parallel) {
        diag_at(src, here(&c), DIAG_ERROR, "'#pragma reduce' names no reduction variable");
        ok = false;
    }
    if (ok && out->nvars == 0 && out->comm) {
        diag_at(src, out->comm_offset, DIAG_ERROR,
                "comm(...) completes a reduction over MPI ranks, but this '#pragma reduce parallel' "
                "has none: name it with reduce(OP: VAR)");
        ok = false;
    }
    /* a reduction variable carries values between iterations: not private */
    for (int k = 0; ok && k < out->nprivates; k++) {
        for (int v = 0; v < out->nvars; v++) {
            if (strcmp(out->vars[v].name, out->privates[k].name) == 0) {
                diag_at(src, out->privates[k].offset, DIAG_ERROR,
                        "'%s' is a reduction variable, so it cannot also be private: a private "
                        "variable starts every iteration afresh",
                        out->privates[k].name);
                ok = false;
                break;
            }
        }
    }
    if (!ok)
        return false;

    StrBuf sb = {0};
    if (out->parallel)
        strbuf_puts(&sb, "reduce parallel");
    for (int k = 0; k < out->nvars;) {
        ReduceOp op = out->vars[k].op;
        strbuf_printf(&sb, "%sreduce(%s: ", sb.len ? " " : "", reduce_ops[op].spelling);
        int j = k;
        /* variables of one clause are consecutive and share the operator */
        for (; j < out->nvars && out->vars[j].op == op; j++) {
            const ElementAcc *e = element_as_written(src, out->vars[j].name);
            strbuf_printf(&sb, "%s%s", j > k ? ", " : "", e ? e->text : out->vars[j].name);
            if (is_section(&out->vars[j]) && !(e && e->row))
                strbuf_printf(&sb, "[%s:%s]", out->vars[j].sec_lo, out->vars[j].sec_len);
        }
        strbuf_puts(&sb, ")");
        k = j;
    }
    if (out->collapse > 1)
        strbuf_printf(&sb, " collapse(%d)", out->collapse);
    if (out->collapse == 0)
        out->collapse = 1;
    for (int k = 0; k < out->nprivates; k++)
        strbuf_printf(&sb, "%s%s", k ? ", " : " private(", out->privates[k].name);
    if (out->nprivates)
        strbuf_puts(&sb, ")");
    out->summary = strbuf_steal(&sb);
    return true;
}

/* End of the directive's logical line: the first newline not escaped by a
 * backslash. */
static unsigned logical_line_end(const Source *src, unsigned from)
{
    unsigned i = from;
    while (i < src->size) {
        if (src->text[i] == '\n') {
            unsigned j = i;
            if (j > from && src->text[j - 1] == '\r')
                j--;
            if (j > from && src->text[j - 1] == '\\') {
                i++;
                continue;
            }
            return j;
        }
        i++;
    }
    return (unsigned)src->size;
}

/* Edit distance of a and b, up to 3 (short words only). */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 16 || lb > 16)
        return 3;
    int d[17][17];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int sub = d[i - 1][j - 1] + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
            d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
    return d[la][lb] < 3 ? d[la][lb] : 3;
}

/* A misspelt `reduce` (`reduction`, `reduc`, `Reduce`, `redcue`): silently
 * ignored by every compiler, so the loop would stay sequential unnoticed. */
static bool looks_like_reduce(const char *word)
{
    if (strcmp(word, "reduce") == 0)
        return false;
    if (strncasecmp(word, "reduc", 5) == 0)
        return true;
    return strlen(word) >= 4 && edit_distance(word, "reduce") <= 2;
}

/* Words that name OpenMP directives (the clauses follow them). */
static const char *const omp_directive_words[] = {
    "parallel", "for", "simd", "loop", "target", "teams", "distribute", "taskloop", "master",
    "masked", "critical", "atomic", "single", "sections", "section", "task", "barrier",
    "ordered", "declare", "threadprivate", "flush", "taskwait", "taskyield", "cancel",
    "cancellation", "point", "data", "enter", "exit", "update", "requires", "scan", "taskgroup",
    "depobj", "allocate", "tile", "unroll", "metadirective", "scope", "interop", "dispatch",
    "nothing", "error", NULL};

/* Those that go on a directive's name after its first word (others there
 * are clauses: `parallel for ordered`, `parallel for reduction(...)`). */
static const char *const omp_later_words[] = {
    "parallel", "for", "simd", "loop", "teams", "distribute", "taskloop", "sections",
    "master", "masked", "data", "enter", "exit", "update", "point", "reduction", "variant",
    "mapper", NULL};

static bool in_list(const char *w, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(w, *list) == 0)
            return true;
    return false;
}

/* Token i of [.., last) continues the directive's name. */
static bool is_directive_word(const Source *src, size_t i, size_t first, size_t last)
{
    const char *w = src->tokens[i].text;
    if (i + 1 < last && strcmp(src->tokens[i + 1].text, "(") == 0 && i > first)
        return false;
    return in_list(w, i == first ? omp_directive_words : omp_later_words);
}

/* Why the OpenMP directive at tokens [first, last) (after `omp`) cannot
 * stand beside `#pragma reduce`, or NULL when it can: the forms that run
 * the one loop with threads or vector lanes, whoever calls it. */
static const char *omp_form_problem(const Source *src, size_t first, size_t last, char **name)
{
    StrBuf sb = {0};
    size_t i = first;
    for (; i < last && is_directive_word(src, i, first, last); i++)
        strbuf_printf(&sb, "%s%s", sb.len ? " " : "", src->tokens[i].text);
    *name = sb.len ? strbuf_steal(&sb) : xstrdup(i < last ? src->tokens[i].text : "");
    const char *const fine[] = {"parallel for", "parallel for simd", "parallel loop", "simd",
                                "for", "for simd", NULL};
    for (const char *const *f = fine; *f; f++)
        if (strcmp(*name, *f) == 0)
            return NULL;
    if (!strcmp(*name, "loop") || !strncmp(*name, "taskloop", 8) || !strncmp(*name, "distribute", 10))
        return "it shares the loop among the threads of an enclosing region in a way pragreduce "
               "does not follow; write '#pragma omp for' or '#pragma omp parallel for'";
    if (!strncmp(*name, "target", 6) || !strncmp(*name, "teams", 5))
        return "pragreduce already runs the loop on the GPU; drop the OpenMP offload directive";
    if (!strcmp(*name, "parallel"))
        return "every thread of the team would run the whole loop; write '#pragma omp parallel "
               "for' to share it among them";
    return "it is not a loop directive for this loop; only 'omp parallel for', 'omp parallel for "
           "simd', 'omp parallel loop', 'omp simd', 'omp for' and 'omp for simd' may stand beside "
           "'#pragma reduce'";
}

/* `omp for` and `omp for simd`: a worksharing loop of the enclosing team. */
static bool omp_shares_loop(const char *name) { return !strcmp(name, "for") || !strcmp(name, "for simd"); }

bool pragma_omp_is_loop_form(const Source *src, size_t hash)
{
    unsigned end = logical_line_end(src, src->tokens[hash].offset);
    size_t last = hash;
    while (last < src->ntokens && src->tokens[last].offset < end)
        last++;
    char *name;
    /* `omp for` runs on every thread of a team: not one caller's loop */
    return omp_form_problem(src, hash + 3, last, &name) == NULL && !omp_shares_loop(name);
}

bool pragma_omp_parallel_block(const Source *src, size_t hash, bool *default_shared)
{
    if (hash + 3 >= src->ntokens || strcmp(src->tokens[hash + 2].text, "omp") != 0 ||
        strcmp(src->tokens[hash + 3].text, "parallel") != 0)
        return false;
    unsigned end = logical_line_end(src, src->tokens[hash].offset);
    size_t last = hash;
    while (last < src->ntokens && src->tokens[last].offset < end)
        last++;
    static const char *const combined[] = {"for", "loop", "sections", "master", "masked", "workshare", "simd"};
    if (hash + 4 < last)
        for (size_t k = 0; k < sizeof combined / sizeof *combined; k++)
            if (!strcmp(src->tokens[hash + 4].text, combined[k]))
                return false;
    *default_shared = true;
    for (size_t k = hash + 4; k + 2 < last; k++)
        if (!strcmp(src->tokens[k].text, "default") && !strcmp(src->tokens[k + 1].text, "(") &&
            strcmp(src->tokens[k + 2].text, "shared") != 0)
            *default_shared = false;
    return true;
}

/* `#pragma X` at token k, X not `reduce`: a line that may attach to the
 * statement below it (GCC ivdep and unroll, OpenMP, OpenACC, ...). */
static bool foreign_pragma_line_at(const Source *src, size_t k)
{
    return k + 2 < src->ntokens && strcmp(src->tokens[k].text, "#") == 0 &&
           source_starts_line(src, src->tokens[k].offset) && strcmp(src->tokens[k + 1].text, "pragma") == 0 &&
           strcmp(src->tokens[k + 2].text, "reduce") != 0;
}

static unsigned pragma_group_start(const Source *src, unsigned offset, bool any_pragma);

unsigned source_omp_group_start(const Source *src, unsigned offset)
{
    return pragma_group_start(src, offset, false);
}

unsigned source_pragma_group_start(const Source *src, unsigned offset)
{
    return pragma_group_start(src, offset, true);
}

static unsigned pragma_group_start(const Source *src, unsigned offset, bool any_pragma)
{
    size_t first = source_token_at(src, offset);
    size_t below = first; /* the first token of the line below the one looked at */
    for (size_t k = first; k-- > 0;) {
        const Token *t = &src->tokens[k];
        if (!source_starts_line(src, t->offset) || source_continues_line(src, t->offset))
            continue;
        /* OpenMP lines, and conditional directives among them (#ifdef _OPENMP) */
        bool omp = any_pragma ? foreign_pragma_line_at(src, k) : source_omp_line_at(src, k);
        if (!omp && !source_cond_line_at(src, k))
            break;
        size_t line_next = k;
        unsigned end = logical_line_end(src, t->offset);
        while (line_next < src->ntokens && src->tokens[line_next].offset < end)
            line_next++;
        if (line_next != below)
            break;
        below = k;
        if (omp)
            first = k;
    }
    return first < src->ntokens ? src->tokens[first].offset : offset;
}

/* The first token of the line after the one starting at token i. */
static size_t next_line_token(const Source *src, size_t i)
{
    unsigned end = logical_line_end(src, src->tokens[i].offset);
    while (i < src->ntokens && src->tokens[i].offset < end)
        i++;
    return i;
}

char *pragma_kept_lines(const Source *src, const Pragma *p, unsigned upto)
{
    StrBuf sb = {0};
    strbuf_puts(&sb, "");
    unsigned at = p->start;
    while (at < upto) {
        unsigned end = logical_line_end(src, at);
        if (end > upto)
            end = upto;
        unsigned first = at;
        while (first < end && (src->text[first] == ' ' || src->text[first] == '\t'))
            first++;
        bool grouped = first == p->hash_offset;
        for (int k = 0; k < p->nomp && !grouped; k++)
            grouped = first == p->omp[k].start;
        if (!grouped && first < end && src->text[first] == '#')
            strbuf_printf(&sb, "%.*s\n", (int)(end - at), src->text + at);
        at = end;
        while (at < upto && (src->text[at] == '\n' || src->text[at] == '\r'))
            at++;
    }
    return strbuf_steal(&sb);
}

char *with_kept_lines(const Source *src, const Pragma *p, unsigned upto, char *text)
{
    char *kept = pragma_kept_lines(src, p, upto);
    return *kept ? xformat("%s%s", kept, text) : text;
}

/* The `#pragma omp` line starting at token i, checked; *next: the token
 * after it. False after an error. */
static bool omp_line_at(const Source *src, size_t i, OmpLine *out, size_t *next)
{
    unsigned end = logical_line_end(src, src->tokens[i].offset);
    size_t last = i;
    while (last < src->ntokens && src->tokens[last].offset < end)
        last++;
    *next = last;
    char *name;
    const char *why = omp_form_problem(src, i + 3, last, &name);
    if (why) {
        diag_at(src, i + 3 < last ? src->tokens[i + 3].offset : src->tokens[i + 2].offset,
                DIAG_ERROR, "'#pragma omp %s' cannot go with '#pragma reduce': %s", name, why);
        return false;
    }
    *out = (OmpLine){src->tokens[i].offset, end, source_text(src, src->tokens[i].offset, end),
                     omp_shares_loop(name)};
    return true;
}

/* Whether the line before token `first` is a compiler's loop hint
 * (`#pragma GCC ivdep`, `#pragma unroll 4`, `#pragma clang loop ...`,
 * OpenACC): an error, since it would stay before the call that replaces
 * the loop, where the compiler wants a loop. */
static bool loop_hint_before(const Source *src, size_t first)
{
    size_t k;
    if (!source_line_before(src, src->tokens[first].offset, &k) || k + 2 >= first ||
        strcmp(src->tokens[k].text, "#") != 0 ||
        strcmp(src->tokens[k + 1].text, "pragma") != 0)
        return false;
    const char *w = src->tokens[k + 2].text, *next = k + 3 < first ? src->tokens[k + 3].text : "";
    const char *const alone[] = {"unroll", "nounroll", "ivdep", "loop_count", "vector", "novector",
                                 "simd", "acc", "unroll_and_jam", "nounroll_and_jam", "loop", NULL};
    bool hint = (!strcmp(w, "GCC") && (!strcmp(next, "ivdep") || !strcmp(next, "unroll") ||
                                       !strcmp(next, "novector"))) ||
                (!strcmp(w, "clang") && !strcmp(next, "loop"));
    for (const char *const *a = alone; *a && !hint; a++)
        hint = !strcmp(w, *a);
    if (!hint)
        return false;
    char *text = source_text(src, src->tokens[k].offset, logical_line_end(src, src->tokens[k].offset));
    diag_at(src, src->tokens[k + 2].offset, DIAG_ERROR,
            "'%s' cannot go with '#pragma reduce': it would stay before the call that replaces the "
            "loop, where the compiler wants a loop; drop it (the loop runs as a kernel, or on the "
            "CPU as written without it)",
            text);
    return true;
}

static void pragma_operator_error(const Source *src, unsigned at)
{
    diag_at(src, at, DIAG_ERROR,
            "a directive written as _Pragma(...) (here or in a macro) cannot go with '#pragma "
            "reduce': it would stay before the call that replaces the loop; write an OpenMP one as "
            "a '#pragma omp' line right before or after '#pragma reduce', and drop others");
}

/* Whether the line before token `first` spells a _Pragma (an error: it
 * would be left before the call that replaces the loop). */
static bool pragma_operator_beside(const Source *src, size_t first)
{
    size_t k;
    if (!source_line_before(src, src->tokens[first].offset, &k) ||
        !source_pragma_operator_in(src, src->tokens[k].offset, src->tokens[first].offset, false))
        return false;
    pragma_operator_error(src, src->tokens[k].offset);
    return true;
}

/* The `#pragma omp` lines directly before the reduce directive whose '#'
 * is token `hash` (first to last) and directly after its last token `after`,
 * added to p; p's range grows over them. False after an error. */
static bool omp_group(const Source *src, size_t hash, size_t after, Pragma *p, size_t *next)
{
    *next = after;
    size_t first = source_token_at(src, source_omp_group_start(src, src->tokens[hash].offset));
    /* an OpenMP line cut off by other directives (`#endif`) would be left
     * before the call that replaces the loop */
    for (size_t k = first; k-- > 0;) {
        const Token *t = &src->tokens[k];
        if (!source_starts_line(src, t->offset) || source_continues_line(src, t->offset))
            continue;
        if (strcmp(t->text, "#") != 0)
            break;
        if (source_omp_line_at(src, k)) {
            diag_at(src, t->offset, DIAG_ERROR,
                    "this '#pragma omp' is separated from the '#pragma reduce' below it by other "
                    "directives; put the OpenMP lines right before or right after '#pragma reduce'");
            return false;
        }
    }
    if (pragma_operator_beside(src, first) || loop_hint_before(src, first))
        return false;
    bool ok = true;
    for (size_t k = first; k < hash;) {
        OmpLine line;
        size_t n;
        if (source_cond_line_at(src, k)) {
            k = next_line_token(src, k);
            continue;
        }
        if (omp_line_at(src, k, &line, &n)) {
            p->omp = xrealloc(p->omp, (size_t)(p->nomp + 1) * sizeof *p->omp);
            p->omp[p->nomp++] = line;
        } else {
            ok = false;
        }
        k = n;
    }
    if (first < hash)
        p->start = src->tokens[first].offset;
    size_t k = after;
    while (source_omp_line_at(src, k) || source_cond_line_at(src, k)) {
        OmpLine line;
        size_t n;
        if (source_cond_line_at(src, k)) {
            k = next_line_token(src, k);
            continue;
        }
        if (omp_line_at(src, k, &line, &n)) {
            p->omp = xrealloc(p->omp, (size_t)(p->nomp + 1) * sizeof *p->omp);
            p->omp[p->nomp++] = line;
            p->end = line.end;
        } else {
            ok = false;
        }
        k = n;
    }
    *next = k;
    if (k < src->ntokens &&
        source_pragma_operator_in(src, src->tokens[k].offset, src->tokens[k].offset + 1, false)) {
        pragma_operator_error(src, src->tokens[k].offset);
        return false;
    }
    return ok;
}

Pragma *pragma_find_all(const Source *src, int *count)
{
    Pragma *list = NULL;
    int n = 0;
    for (size_t i = 0; i + 2 < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        /* _Pragma("reduce(...)"): the loop it marks is hard to find in a
         * macro's expansion; say so rather than leave the loop sequential */
        if (strcmp(t->text, "_Pragma") == 0 && strcmp(src->tokens[i + 1].text, "(") == 0 &&
            src->tokens[i + 2].kind == CXToken_Literal &&
            strncmp(src->tokens[i + 2].text + strspn(src->tokens[i + 2].text, "\" \t"), "reduce", 6) == 0) {
            diag_at(src, t->offset, DIAG_ERROR,
                    "_Pragma(\"reduce ...\") is not supported: write '#pragma reduce(...)' on its "
                    "own line before the loop");
            continue;
        }
        if (strcmp(t->text, "#") != 0 || !source_starts_line(src, t->offset))
            continue;
        if (strcmp(src->tokens[i + 1].text, "pragma") == 0 && looks_like_reduce(src->tokens[i + 2].text))
            diag_at(src, src->tokens[i + 2].offset, DIAG_WARNING,
                    "unknown pragma '%s' (did you mean '#pragma reduce'?): the loop after it is not "
                    "transformed",
                    src->tokens[i + 2].text);
        if (strcmp(src->tokens[i + 1].text, "pragma") != 0 ||
            strcmp(src->tokens[i + 2].text, "reduce") != 0)
            continue;
        unsigned end = logical_line_end(src, t->offset);
        if (src->tokens[i + 2].offset >= end)
            continue;
        /* `#pragma reduce data ...` and `update ...` are data.c's */
        if (i + 3 < src->ntokens && src->tokens[i + 3].offset < end &&
            (!strcmp(src->tokens[i + 3].text, "data") || !strcmp(src->tokens[i + 3].text, "update")))
            continue;
        size_t first = i + 2, last = first;
        while (last < src->ntokens && src->tokens[last].offset < end)
            last++;
        Pragma p = {.start = t->offset, .end = end, .hash_offset = t->offset};
        size_t next;
        bool omp_ok = omp_group(src, i, last, &p, &next);
        if (pragma_parse_tokens(src, src->tokens + first, last - first, end, &p) && omp_ok) {
            list = xrealloc(list, (size_t)(n + 1) * sizeof *list);
            list[n++] = p;
        } else {
            refuse_dropping_comm(src, src->tokens + first, last - first);
        }
        i = next - 1;
    }
    *count = n;
    return list;
}
