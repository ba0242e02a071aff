/*
 * splice.c - applies {start, end, text} edits to the input in one pass.
 *
 * The edits form a tree by construction: sorted by start offset, a
 * replacement [start, end) owns its range, and an edit strictly inside it
 * (an insertion after its start, a replacement within it) is its
 * producer's business: that text was built from the range with the edits
 * that apply there (emit.c's splice_range, their own lists), so it is left
 * out here rather than applied twice or to text no longer there.
 * Insertions at a replacement's start go before it, at its end after it;
 * ties keep the order edits were added in. The one shape no tree holds, a
 * replacement that starts inside another and ends past it (only macro
 * expansions give such ranges), is left out and counted: transpile.c
 * reports it as an error at that place (splice_conflict). Generated text may contain the marker line
 * "#line @@OUT@@", which becomes a #line directive naming the output file
 * and the line after the marker, as bison's b4_syncline does.
 *
 * A range may be repeated: edits_mark() at its start, and edits_repeat()'s
 * marker in an edit at its end or later stands for the range's output as
 * spliced (every edit inside it applied) up to that edit. residency.c's
 * host loops run as written in one copy and instrumented in the other.
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

void strbuf_line_directive(StrBuf *sb, unsigned line, const char *path)
{
    strbuf_printf(sb, "#line %u \"", line);
    for (const char *p = path; *p; p++) {
        if (*p == '\\' || *p == '"')
            strbuf_putn(sb, "\\", 1);
        strbuf_putn(sb, p, 1);
    }
    strbuf_puts(sb, "\"\n");
}

void edits_add(EditList *list, unsigned start, unsigned end, char *text)
{
    PR_ASSERT(start <= end);
    if (list->count == list->cap) {
        list->cap = list->cap ? 2 * list->cap : 16;
        list->items = xrealloc(list->items, list->cap * sizeof(Edit));
    }
    list->items[list->count] = (Edit){start, end, text, (int)list->count};
    list->count++;
}

/* The marks and repeats: "\001mark N\001" and "\001repeat N\001" in edit texts. */
void edits_mark(EditList *list, unsigned at, unsigned id)
{
    edits_add(list, at, at, xformat("\001mark %u\001", id));
}

char *edits_repeat(unsigned id)
{
    return xformat("\001repeat %u\001", id);
}

static int compare_edits(const void *a, const void *b)
{
    const Edit *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    /* an insertion goes before a replacement that starts at the same place */
    bool xi = x->end == x->start, yi = y->end == y->start;
    if (xi != yi)
        return xi ? -1 : 1;
    /* of replacements at one place, the outer one owns the inner */
    if (x->end != y->end)
        return x->end > y->end ? -1 : 1;
    return x->order - y->order;
}

/* Edits that crossed another's range, left out: how many, and where the
 * first was in the input file. */
static unsigned conflicts;
static unsigned first_conflict_at;

static void note_conflict(unsigned at)
{
    if (conflicts++ == 0)
        first_conflict_at = at;
}

bool splice_conflict(unsigned *offset)
{
    if (conflicts && offset)
        *offset = first_conflict_at;
    bool any = conflicts != 0;
    conflicts = 0;
    return any;
}

/* The output's line count, kept up to date as it grows: counting from
 * the start at each marker made 1,000 loops take 20 s. */
typedef struct {
    size_t counted; /* bytes of the output already counted */
    unsigned lines; /* newlines in them */
} LineCount;

static unsigned lines_so_far(const StrBuf *out, LineCount *lc)
{
    for (; lc->counted < out->len; lc->counted++)
        lc->lines += out->buf[lc->counted] == '\n';
    return lc->lines;
}

static void put_line_marker_resolved(StrBuf *out, LineCount *lc, const char *text, size_t n,
                                     const char *out_name, bool line_directives)
{
    static const char marker[] = "#line @@OUT@@\n";
    const size_t mlen = sizeof marker - 1;
    size_t i = 0;
    while (i < n) {
        const char *m = NULL;
        if (i + mlen <= n)
            m = memmem(text + i, n - i, marker, mlen);
        if (!m) {
            strbuf_putn(out, text + i, n - i);
            break;
        }
        strbuf_putn(out, text + i, (size_t)(m - (text + i)));
        if (line_directives) {
            /* the directive sits on line L; the next line is L + 1 */
            unsigned line = 1 + lines_so_far(out, lc);
            strbuf_printf(out, "#line %u \"", line + 1);
            for (const char *s = out_name; *s; s++) {
                if (*s == '\\' || *s == '"')
                    strbuf_putn(out, "\\", 1);
                strbuf_putn(out, s, 1);
            }
            strbuf_puts(out, "\"\n");
        }
        i = (size_t)(m - text) + mlen;
    }
}

typedef struct {
    unsigned id;
    size_t at; /* output offset of the mark */
} Mark;

/* An edit's text into the output: its repeat markers replaced by the
 * output since their marks, as it stood before this edit. */
static bool put_edit_text(StrBuf *out, LineCount *lc, const char *t, const Mark *marks, size_t nmarks,
                          const char *out_name, bool line_directives)
{
    const size_t upto = out->len;
    const char *m;
    unsigned id;
    bool all_found = true;
    while ((m = strstr(t, "\001repeat ")) && sscanf(m, "\001repeat %u", &id) == 1) {
        put_line_marker_resolved(out, lc, t, (size_t)(m - t), out_name, line_directives);
        size_t k = 0;
        while (k < nmarks && marks[k].id != id)
            k++;
        /* marks are taken in order, before this edit: at or before upto */
        if (k < nmarks) {
            char *copy = xstrndup(out->buf + marks[k].at, upto - marks[k].at);
            strbuf_putn(out, copy, upto - marks[k].at);
        } else {
            all_found = false; /* its mark was inside a replaced range */
        }
        t = strchr(m + 1, '\001') + 1;
    }
    put_line_marker_resolved(out, lc, t, strlen(t), out_name, line_directives);
    return all_found;
}

char *splice_apply(const char *text, size_t size, EditList *list, const char *out_name,
                   bool line_directives)
{
    if (list->count > 1)
        qsort(list->items, list->count, sizeof(Edit), compare_edits);
    StrBuf out = {0};
    LineCount lc = {0};
    Mark *marks = NULL;
    size_t nmarks = 0;
    size_t pos = 0; /* the input up to here is in the output (or replaced) */
    for (size_t i = 0; i < list->count; i++) {
        const Edit *e = &list->items[i];
        if (e->start < pos && e->end <= pos)
            continue; /* inside the replacement before: that one's text has it */
        if (e->start < pos || e->end > size) {
            note_conflict(list->base + e->start);
            continue;
        }
        strbuf_putn(&out, text + pos, e->start - pos);
        unsigned id;
        if (sscanf(e->text, "\001mark %u", &id) == 1) {
            marks = xrealloc(marks, (nmarks + 1) * sizeof *marks);
            marks[nmarks++] = (Mark){id, out.len};
        } else if (!put_edit_text(&out, &lc, e->text, marks, nmarks, out_name, line_directives)) {
            note_conflict(list->base + e->start);
        }
        pos = e->end;
    }
    strbuf_putn(&out, text + pos, size - pos);
    return strbuf_steal(&out);
}
