/*
 * emit_segment.c - the kernel and wrapper pieces of a segmented loop.
 *
 * The outer loop's iterations (segments) are spread over the grid, a
 * segment per group of pr_G threads: 1 (the segment's marked loops run as
 * written, in one thread), 32 (a warp) or the whole block. The group runs
 * the outer body redundantly, every thread the same statements on the same
 * values, so control flow stays uniform; a marked loop inside is shared:
 * each thread takes every pr_G-th iteration from the operator's identity,
 * then the group combines (group_allreduce: every thread gets the same
 * bits) and folds in the variable's value from before the loop. Writes of
 * the segment's own elements (`y[i] = s`) are done by every thread of the
 * group with the same value.
 */
#include "emit.h"

#include <string.h>

/* The block size of segmented kernels (the loads each thread keeps in
 * flight in a shared marked loop are the runtime's PRAGREDUCE_SEG_UNROLL). */
#define SEG_BLOCK 256

static const Segment *seg_of(const Ctx *c) { return c->site->segment; }

/* Text spliced into the outer body loses "#line @@OUT@@" markers (splice
 * resolves them only at the top level): nested text uses this one, turned
 * back into the marker after the splice. */
#define INNER_OUT "#line @@INNER@@\n"

static void inner_to_output(const Ctx *c, StrBuf *sb)
{
    if (c->opts->line_directives)
        strbuf_puts(sb, INNER_OUT);
}

static char *restore_markers(char *text)
{
    StrBuf sb = {0};
    const char *p = text;
    for (const char *m; (m = strstr(p, INNER_OUT)); p = m + strlen(INNER_OUT)) {
        strbuf_putn(&sb, p, (size_t)(m - p));
        strbuf_puts(&sb, "#line @@OUT@@\n");
    }
    strbuf_puts(&sb, p);
    return sb.buf ? strbuf_steal(&sb) : xstrdup("");
}

char *escape_comment(const char *s)
{
    /* pragma text inside a comment: a stray "*" "/" would end it */
    StrBuf sb = {0};
    for (; *s; s++) {
        if (s[0] == '*' && s[1] == '/') {
            strbuf_puts(&sb, "* /");
            s++;
            continue;
        }
        strbuf_putn(&sb, s, 1);
    }
    return sb.buf ? strbuf_steal(&sb) : xstrdup("");
}

static unsigned line_of(const Ctx *c, unsigned offset)
{
    unsigned line, col;
    source_line_col(c->src, offset, &line, &col);
    return line;
}

/* "#line N file" text (empty without line directives), starting on a new line. */
static char *line_text(const Ctx *c, unsigned offset)
{
    StrBuf sb = {0};
    strbuf_puts(&sb, "\n");
    line_to_input(c, &sb, offset);
    return strbuf_steal(&sb);
}

/* The marked loop's body for the kernel: calls renamed, C++ edits. */
static char *marked_body(const Ctx *c, const Site *m)
{
    const Site *t = c->site;
    EditList edits = {0};
    add_call_renames(c, &edits, t->fn_calls, t->nfn_calls, m->info.body->start, m->body_end);
    add_cxx_edits(c, &edits, m->info.body->start, m->body_end);
    return splice_range(c, &edits, m->info.body->start, m->body_end);
}

/* `j` at iteration `k` of marked loop `m`, declared there when the loop
 * declares it. */
static void set_iv(StrBuf *sb, const Site *m, const char *indent, const char *k)
{
    const LoopInfo *li = &m->info;
    strbuf_printf(sb, "%s%s%s = pragreduce::iv_at<%s, %s>(pr_jlo, %s, pr_jstep);\n%s(void)%s;\n",
                  indent, li->iv_declared_in_loop ? xformat("%s ", li->iv_type) : "", li->iv->name,
                  li->iv_type, li->step_down ? "true" : "false", k, indent, li->iv->name);
}

/* One iteration of marked loop `m` at shared index `k`, for the kernel. */
static void shared_iteration(const Ctx *c, StrBuf *sb, const Site *m, const char *indent,
                             const char *k, const char *body)
{
    const LoopInfo *li = &m->info;
    set_iv(sb, m, indent, k);
    strbuf_printf(sb, "%s{", indent);
    strbuf_puts(sb, line_text(c, li->body->start));
    unsigned line, col;
    source_line_col(c->src, li->body->start, &line, &col);
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(sb, " ", 1);
    strbuf_puts(sb, body);
    strbuf_printf(sb, "\n%s;}\n", indent);
    inner_to_output(c, sb);
}

/* The accesses of `m` read with 16-byte loads (access.c decides which). */
typedef struct {
    const Node **refs;
    const Capture **caps;
    int nrefs;
    int *load;    /* refs[r] reads registers pr_v<load[r]> */
    int *first;   /* load l: its first ref */
    char **texts; /* refs[r] as the kernel spells it */
    int nloads;   /* the same text is one load */
    int vec;      /* elements per vector; 0: scalar loads only */
} VectorReads;

/* The text of `a[e + j]` as the kernel spells it. */
static char *ref_text(const Ctx *c, const Node *ref)
{
    EditList edits = {0};
    add_cxx_edits(c, &edits, ref->start, ref->end);
    return splice_range(c, &edits, ref->start, ref->end);
}

static VectorReads vector_reads(const Ctx *c, const Site *m)
{
    VectorReads v = {0};
    v.vec = access_unit_stride_refs(c->src, c->site, m, &v.refs, &v.caps, &v.nrefs);
    if (v.nrefs == 0)
        v.vec = 0;
    v.load = xcalloc((size_t)v.nrefs + 1, sizeof *v.load);
    v.first = xcalloc((size_t)v.nrefs + 1, sizeof *v.first);
    v.texts = xcalloc((size_t)v.nrefs + 1, sizeof *v.texts);
    for (int r = 0; r < v.nrefs; r++) {
        v.texts[r] = ref_text(c, v.refs[r]);
        v.load[r] = -1;
        for (int l = 0; l < v.nloads && v.load[r] < 0; l++)
            if (!strcmp(v.texts[v.first[l]], v.texts[r]))
                v.load[r] = l;
        if (v.load[r] < 0) {
            v.first[v.nloads] = r;
            v.load[r] = v.nloads++;
        }
    }
    return v;
}

/* The marked loop's body with each vector-read access replaced by its
 * element in registers. */
static char *vector_body(const Ctx *c, const Site *m, const VectorReads *v)
{
    const Site *t = c->site;
    EditList edits = {0};
    for (int r = 0; r < v->nrefs; r++)
        add_unique_edit(&edits, v->refs[r]->start, v->refs[r]->end, xformat("pr_v%d[pr_u][pr_e]", v->load[r]));
    add_call_renames(c, &edits, t->fn_calls, t->nfn_calls, m->info.body->start, m->body_end);
    add_cxx_edits(c, &edits, m->info.body->start, m->body_end);
    return splice_range(c, &edits, m->info.body->start, m->body_end);
}

/* pr_U vectors per thread from vector pr_q on (pr_G apart), loaded first,
 * then the iterations they hold. */
static void vector_round(const Ctx *c, StrBuf *sb, const Site *m, const VectorReads *v, const char *body,
                         const char *indent)
{
    for (int l = 0; l < v->nloads; l++)
        strbuf_printf(sb, "%s%s pr_v%d[pr_U][%d];\n", indent, v->caps[v->first[l]]->type, l, v->vec);
    strbuf_printf(sb,
                  "#pragma unroll\n"
                  "%sfor (int pr_u = 0; pr_u < pr_U; ++pr_u) {\n",
                  indent);
    const char *in2 = xformat("%s    ", indent);
    strbuf_printf(sb, "%s{\n", in2);
    set_iv(sb, m, xformat("%s    ", in2), xformat("(pr_q + (pragreduce::u64)pr_u * pr_G) * %d", v->vec));
    for (int l = 0; l < v->nloads; l++)
        strbuf_printf(sb, "%s    pragreduce::load_vec<%s, %d>(&(%s), pr_v%d[pr_u]);\n", in2,
                      v->caps[v->first[l]]->type, v->vec, v->texts[v->first[l]], l);
    strbuf_printf(sb, "%s}\n%s}\n", in2, indent);
    strbuf_printf(sb,
                  "#pragma unroll\n"
                  "%sfor (int pr_u = 0; pr_u < pr_U; ++pr_u) {\n"
                  "#pragma unroll\n"
                  "%s    for (int pr_e = 0; pr_e < %d; ++pr_e) {\n",
                  indent, indent, v->vec);
    shared_iteration(c, sb, m, xformat("%s        ", indent),
                     xformat("(pr_q + (pragreduce::u64)pr_u * pr_G) * %d + (pragreduce::u64)pr_e", v->vec), body);
    strbuf_printf(sb, "%s    }\n%s}\n", indent, indent);
}

/* The group's share of `m` with 16-byte loads where every vector-read
 * access is aligned at the loop's first iteration (then at every vector,
 * as they are consecutive); the scalar loop `scalar` otherwise. */
static void emit_vector_share(const Ctx *c, StrBuf *sb, const Site *m, const VectorReads *v,
                              const char *scalar)
{
    strbuf_printf(sb,
                  "    /* 16-byte loads when the arrays read along the loop are aligned at its\n"
                  "       first iteration: %d elements per load, PRAGREDUCE_SEG_VUNROLL (8) loads in\n"
                  "       flight per thread and array */\n"
                  "    bool pr_vec = PRAGREDUCE_SEG_VECTOR != 0;\n"
                  "    if (pr_vec) {\n",
                  v->vec);
    set_iv(sb, m, "        ", "(pragreduce::u64)0");
    strbuf_puts(sb, "        pr_vec = ");
    for (int l = 0; l < v->nloads; l++)
        strbuf_printf(sb, "%spragreduce::vec_aligned<%s, %d>(&(%s))", l ? " &&\n                 " : "",
                      v->caps[v->first[l]]->type, v->vec, v->texts[v->first[l]]);
    strbuf_puts(sb, ";\n    }\n");
    char *body = vector_body(c, m, v);
    strbuf_printf(sb,
                  "    if (pr_vec) {\n"
                  "        const pragreduce::u64 pr_nv = pr_jtrip / %d;\n"
                  "        pragreduce::u64 pr_q = pr_lane;\n"
                  "        {\n"
                  "            constexpr int pr_U = PRAGREDUCE_SEG_VUNROLL;\n"
                  "            for (; pr_q + (pragreduce::u64)(pr_U - 1) * pr_G < pr_nv; pr_q += (pragreduce::u64)pr_U * pr_G) {\n",
                  v->vec);
    vector_round(c, sb, m, v, body, "                ");
    strbuf_puts(sb,
                  "            }\n"
                  "        }\n"
                  "        {\n"
                  "            constexpr int pr_U = 1;\n"
                  "            for (; pr_q < pr_nv; pr_q += pr_G) {\n");
    vector_round(c, sb, m, v, body, "                ");
    strbuf_printf(sb,
                  "            }\n"
                  "        }\n"
                  "        /* the last iterations, fewer than a vector */\n"
                  "        for (pr_k = pr_nv * %d + pr_lane; pr_k < pr_jtrip; pr_k += pr_G) {\n",
                  v->vec);
    shared_iteration(c, sb, m, "            ", "pr_k", marked_body(c, m));
    strbuf_printf(sb, "        }\n    } else {\n%s    }\n", scalar);
}

/* Marked loop `m` (the mi-th of the segment) shared by the pr_G threads of
 * a group: replaces the pragma line and the loop in the kernel's copy of
 * the outer body. */
/* Whether marked loop `m` writes arrays (a parallel loop's elements, a
 * marked loop's fused outputs): the group's threads write different
 * elements, which the others may read before and after the loop. */
static bool writes_arrays(const Site *m)
{
    for (int i = 0; i < m->ncaptures; i++)
        if (m->captures[i].kind == CAP_ARRAY && m->captures[i].written)
            return true;
    return false;
}

static char *shared_loop(const Ctx *c, const Site *m, int mi)
{
    const LoopInfo *li = &m->info;
    StrBuf sb = {0};
    char *body = marked_body(c, m);
    const bool writes = m->segment || writes_arrays(m);
    if (writes)
        strbuf_printf(&sb,
                      "\n{   /* line %u, #pragma %s: the group's pr_G threads share the iterations,\n"
                      "       each writing its own elements; the group waits for all after them */\n",
                      line_of(c, m->loop->start), escape_comment(m->pragma.summary));
    else
        strbuf_printf(&sb,
                      "\n{   /* line %u, #pragma %s: the group's pr_G threads share the iterations,\n"
                      "       each from the identity, then combine and fold in the value before */\n",
                      line_of(c, m->loop->start), escape_comment(m->pragma.summary));
    inner_to_output(c, &sb);
    if (writes)
        strbuf_puts(&sb, "    pragreduce::group_sync<pr_G>(); /* the others' reads before it are done */\n");
    for (int v = 0; v < m->pragma.nvars; v++) {
        const ReduceVar *rv = &m->pragma.vars[v];
        strbuf_printf(&sb, "    const %s pr_before%d = %s;\n    %s = pragreduce::start_from<%s>(pr_before%d, pr_id%d_%d);\n",
                      var_type(rv->var), v, rv->name, rv->name, reduce_ops[rv->op].functor, v, mi, v);
    }
    strbuf_printf(&sb,
                  "    const %s pr_jlo = (%s)(%s);\n"
                  "    const pragreduce::u64 pr_jstep = (pragreduce::u64)(%s);\n"
                  "    const pragreduce::u64 pr_jtrip = ",
                  li->iv_type, li->iv_type, li->lo, li->step);
    emit_trip_expr(&sb, li, "pr_jlo", "pr_jstep");
    strbuf_puts(&sb, ";\n    pragreduce::u64 pr_k = pr_lane;\n");
    /* the scalar share, alone or as the vector share's fallback */
    VectorReads vr = vector_reads(c, m);
    StrBuf scalar_sb = {0};
    StrBuf *out = vr.vec > 1 ? &scalar_sb : &sb;
    strbuf_puts(out,
                  "    /* full rounds: PRAGREDUCE_SEG_UNROLL (8) iterations in flight per thread */\n"
                  "    constexpr int pr_SU = PRAGREDUCE_SEG_UNROLL;\n"
                  "    for (; pr_k + (pragreduce::u64)(pr_SU - 1) * pr_G < pr_jtrip; pr_k += (pragreduce::u64)pr_SU * pr_G) {\n"
                  "#pragma unroll\n"
                  "        for (int pr_u = 0; pr_u < pr_SU; ++pr_u) {\n");
    shared_iteration(c, out, m, "            ", "pr_k + (pragreduce::u64)pr_u * pr_G", body);
    strbuf_puts(out,
                  "        }\n"
                  "    }\n"
                  "    /* the rest: iterations past the end contribute the identity */\n"
                  "#pragma unroll\n"
                  "    for (int pr_u = 0; pr_u < pr_SU; ++pr_u) {\n"
                  "        if (pr_k + (pragreduce::u64)pr_u * pr_G < pr_jtrip) {\n");
    shared_iteration(c, out, m, "            ", "pr_k + (pragreduce::u64)pr_u * pr_G", body);
    strbuf_puts(out, "        }\n    }\n");
    if (vr.vec > 1)
        emit_vector_share(c, &sb, m, &vr, strbuf_steal(&scalar_sb));
    for (int v = 0; v < m->pragma.nvars; v++) {
        const ReduceVar *rv = &m->pragma.vars[v];
        const char *f = reduce_ops[rv->op].functor;
        /* an empty loop leaves the variable as it was: folding in the
         * identity would not (`v && 1` turns 5 into 1) */
        strbuf_printf(&sb,
                      "    %s = pragreduce::group_allreduce<%s, pr_G, %d>(%s);\n"
                      "    %s = pr_jtrip != 0 ? %s::apply(pr_before%d, %s) : pr_before%d;\n",
                      rv->name, f, SEG_BLOCK, rv->name, rv->name, f, v, rv->name, v);
    }
    if (writes)
        strbuf_puts(&sb, "    pragreduce::group_sync<pr_G>(); /* what the others wrote, for what follows */\n");
    if (!li->iv_declared_in_loop)
        strbuf_printf(&sb, "    %s = pragreduce::iv_at<%s, %s>(pr_jlo, pr_jtrip, pr_jstep); /* as C leaves it */\n",
                      li->iv->name, li->iv_type, li->step_down ? "true" : "false");
    strbuf_puts(&sb, "}");
    /* the rest of the outer body keeps its line numbers */
    unsigned line, col;
    source_line_col(c->src, m->loop_end, &line, &col);
    strbuf_puts(&sb, line_text(c, m->loop_end));
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(&sb, " ", 1);
    return strbuf_steal(&sb);
}

/* Where the outer body's text starts: a body without braces that is a
 * marked loop itself (`for (i...)` then `#pragma reduce parallel` and
 * `for (j...)`) starts at that loop's pragma, which is edited with it. */
static unsigned outer_body_start(const Ctx *c)
{
    const Site *t = c->site;
    const Segment *seg = seg_of(c);
    unsigned start = t->info.body->start;
    for (int k = 0; k < seg->nchildren; k++)
        if (seg->children[k]->loop->start == t->info.body->start && seg->children[k]->pragma.start < start)
            start = seg->children[k]->pragma.start;
    for (int k = 0; k < seg->nmarked; k++)
        if (seg->marked[k]->loop->start == t->info.body->start && seg->marked[k]->pragma.start < start)
            start = seg->marked[k]->pragma.start;
    return start;
}

/* The outer body for the kernel: shared marked loops when `shared`, else
 * the marked loops as written (their pragmas commented out). */
static char *outer_body(const Ctx *c, bool shared)
{
    const Site *t = c->site;
    const Segment *seg = seg_of(c);
    const unsigned body_start = outer_body_start(c);
    EditList edits = {0};
    for (int k = 0; k < seg->nmarked; k++) {
        const Site *m = seg->marked[k];
        if (shared)
            edits_add(&edits, m->pragma.start, m->loop_end,
                      with_kept_lines(c->src, &m->pragma, m->loop->start, shared_loop(c, m, k)));
        else
            edits_add(&edits, m->pragma.start, m->pragma.end,
                      with_kept_lines(c->src, &m->pragma, m->pragma.end,
                                      xformat("/* #pragma %s: run by this thread alone */",
                                              escape_comment(m->pragma.summary))));
    }
    for (int k = 0; shared && k < seg->nguarded; k++) {
        /* the segment's own elements: written by one thread of the group */
        const Node *w = seg->guarded[k];
        size_t semi = source_token_at(c->src, w->end);
        if (semi >= c->src->ntokens || strcmp(c->src->tokens[semi].text, ";") != 0)
            PR_UNREACHABLE(); /* segment.c checked the statement */
        edits_add(&edits, w->start, w->start,
                  xstrdup("{ pragreduce::group_sync<pr_G>(); if (pr_lane == 0) "));
        edits_add(&edits, c->src->tokens[semi].end, c->src->tokens[semi].end,
                  xstrdup(" pragreduce::group_sync<pr_G>(); }"));
    }
    for (int k = 0; k < t->nfn_calls; k++) {
        const Node *call = t->fn_calls[k];
        bool inside = false;
        for (int i = 0; shared && i < seg->nmarked; i++)
            inside |= call->start >= seg->marked[i]->pragma.start && call->end <= seg->marked[i]->loop_end;
        if (!inside && call->start >= body_start && call->end <= t->body_end) {
            add_unique_edit(&edits, call->start, call->end, xformat("%s_fn_%s", c->p, call->name));
            add_global_args(c, &edits, call);
        }
    }
    add_cxx_edits(c, &edits, body_start, t->body_end);
    return restore_markers(splice_range(c, &edits, body_start, t->body_end));
}

static void emit_outer_body(const Ctx *c, StrBuf *sb, bool shared)
{
    const unsigned body_start = outer_body_start(c);
    unsigned line, col;
    source_line_col(c->src, body_start, &line, &col);
    strbuf_puts(sb, "            do {\n");
    line_to_input(c, sb, body_start);
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(sb, " ", 1);
    strbuf_puts(sb, outer_body(c, shared));
    strbuf_puts(sb, "\n            ;} while (0);\n");
    line_to_output(c, sb);
}

void emit_segment_kernel(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const Segment *seg = seg_of(c);
    const LoopInfo *li = &site->info;
    const char *p = c->p;

    if (site->pragma.nvars)
        strbuf_printf(sb, "/* Last-block detection for %s_kernel; the last block resets it. */\n"
                          "static __device__ unsigned %s_counter;\n\n", p, p);
    if (seg->nmarked == 0)
        strbuf_printf(sb, "/* An iteration of the parallel loop at line %u per thread (pr_G is 1). */\n", c->line);
    else
        strbuf_printf(sb,
                      "/* A segment (an iteration of the loop at line %u) per group of pr_G threads:\n"
                      "   1, a warp or the block. The group runs the loop's body, every thread alike;\n"
                      "   %s */\n",
                      c->line,
                      seg->cooperative ? "its marked loops are shared by the group's threads."
                                       : "its marked loops run as written.");
    strbuf_printf(sb, "template <class pr_idx, int pr_G>\nstatic __global__ void __launch_bounds__(%d)\n%s_kernel(",
                  SEG_BLOCK, p);
    emit_capture_params(c, sb, false);
    for (int k = 0; seg->cooperative && k < seg->nmarked; k++) {
        const Site *m = seg->marked[k];
        for (int v = 0; v < m->pragma.nvars; v++)
            strbuf_printf(sb, ",\n    %s pr_id%d_%d", var_type(m->pragma.vars[v].var), k, v);
    }
    emit_slot_params(c, sb);
    strbuf_puts(sb, ",\n    unsigned char *pr_last)\n{\n");
    emit_fixed_arrays(c, sb);
    if (site->pragma.nvars)
        strbuf_puts(sb, "    /* what the loop accumulates across its iterations: each thread from the identity */\n");
    for (int v = 0; v < site->pragma.nvars; v++)
        strbuf_printf(sb, "    %s %s = pr_id%d;\n", var_type(site->pragma.vars[v].var), site->pragma.vars[v].name, v);
    if (site->nprivates)
        strbuf_puts(sb, "    /* private scalars: each segment assigns them before reading them */\n");
    for (int k = 0; k < site->nprivates; k++)
        strbuf_printf(sb, "    %s %s;\n", var_type(site->privates[k]), site->privates[k]->name);
    for (int k = 0; seg->cooperative && k < seg->nmarked; k++) {
        const Site *m = seg->marked[k];
        for (int v = 0; v < m->pragma.nvars; v++)
            strbuf_printf(sb, "    (void)pr_id%d_%d;\n", k, v);
    }
    strbuf_printf(sb,
                  "    const unsigned pr_lane = threadIdx.x %% pr_G;\n"
                  "    (void)pr_lane;\n"
                  "    const pr_idx pr_groups = (pr_idx)gridDim.x * (%d / pr_G);\n"
                  "    for (pr_idx pr_seg = ((pr_idx)blockIdx.x * %d + threadIdx.x) / pr_G; pr_seg < pr_trip;\n"
                  "         pr_seg += pr_groups) {\n"
                  "        %s %s = pragreduce::iv_at<%s, %s>(pr_lo, pr_seg, pr_step);\n"
                  "        (void)%s;\n",
                  SEG_BLOCK, SEG_BLOCK, li->iv_type, li->iv->name, li->iv_type,
                  li->step_down ? "true" : "false", li->iv->name);
    if (seg->cooperative) {
        strbuf_puts(sb, "        if constexpr (pr_G == 1) {\n");
        emit_outer_body(c, sb, false);
        strbuf_puts(sb, "        } else {\n");
        emit_outer_body(c, sb, true);
        strbuf_puts(sb, "        }\n");
    } else {
        emit_outer_body(c, sb, false);
    }
    if (site->nprivates) {
        strbuf_puts(sb, "        /* the last segment leaves the private scalars' values, as C does */\n"
                        "        if (pr_seg == pr_trip - 1 && pr_lane == 0) {\n"
                        "            size_t pr_at = 0;\n");
        for (int k = 0; k < site->nprivates; k++)
            strbuf_printf(sb,
                          "            memcpy(pr_last + pr_at, &%s, sizeof %s);\n"
                          "            pr_at += sizeof %s;\n",
                          site->privates[k]->name, site->privates[k]->name, site->privates[k]->name);
        strbuf_puts(sb, "            (void)pr_at;\n        }\n");
    }
    strbuf_puts(sb, "    }\n    (void)pr_last;\n");
    if (!site->pragma.nvars) {
        strbuf_puts(sb, "}\n\n");
        return;
    }
    strbuf_puts(sb, "    /* a group's threads ran the same updates: its first thread's count */\n"
                    "    if (pr_lane != 0) {\n");
    for (int v = 0; v < site->pragma.nvars; v++)
        strbuf_printf(sb, "        %s = pr_id%d;\n", site->pragma.vars[v].name, v);
    strbuf_puts(sb, "    }\n");
    emit_grid_combine(c, sb, SEG_BLOCK);
}

/* ------------------------------------------------------------ wrapper */

/* A parallel loop the segments' groups share (in seg->marked): on the
 * host it runs as written inside the outer loop, not through its wrapper. */
static bool shared_child(const Segment *seg, const Site *child)
{
    for (int q = 0; q < seg->nmarked; q++)
        if (seg->marked[q] == child && child->segment)
            return true;
    return false;
}

bool segment_calls(const Site *t, const Site *child)
{
    return t->segment && !shared_child(t->segment, child);
}

int segment_called_children(const Site *t)
{
    int n = 0;
    for (int k = 0; t->segment && k < t->segment->nchildren; k++)
        n += !shared_child(t->segment, t->segment->children[k]);
    return n;
}

char *segment_cpu_text(const Ctx *c)
{
    const Site *t = c->site;
    const Segment *seg = seg_of(c);
    EditList edits = {0};
    /* the loops directly inside that have their own wrappers: marked
     * loops, and independent loops that are segmented on their own */
    bool writes = false;
    for (int i = 0; i < t->ncaptures; i++)
        writes |= t->captures[i].kind == CAP_ARRAY && t->captures[i].written;
    for (int k = 0; k < seg->nchildren; k++) {
        const Site *m = seg->children[k];
        if (shared_child(seg, m)) {
            edits_add(&edits, m->pragma.start, m->pragma.end,
                      with_kept_lines(c->src, &m->pragma, m->pragma.end,
                                      xformat("/* #pragma %s: as written, inside the loop around it */",
                                              escape_comment(m->pragma.summary))));
            continue;
        }
        Ctx mc = {c->src, m, c->opts, m->prefix, line_of(c, m->loop->start)};
        StrBuf call = {0};
        /* the host wrote the segments' elements since the last call: device
         * copies kept from before are stale */
        /* in braces: the call may be the body of a `for` without them */
        strbuf_puts(&call, writes ? "{ pragreduce::host_wrote_all(true); " : "{ ");
        emit_call(&mc, &call, true);
        strbuf_puts(&call, " }");
        edits_add(&edits, m->pragma.start, m->loop_end,
                  with_kept_lines(c->src, &m->pragma, m->loop->start, strbuf_steal(&call)));
    }
    add_global_call_edits(c, &edits, t->loop->start, t->loop_end);
    add_cxx_edits(c, &edits, t->loop->start, t->loop_end);
    return splice_range(c, &edits, t->loop->start, t->loop_end);
}

/* Every pragma of the marked and parallel loops inside `m`'s segment, at
 * any depth, made a comment: the loops run as written. */
static void plain_children(const Ctx *c, const Segment *seg, EditList *edits)
{
    for (int k = 0; k < seg->nchildren; k++) {
        const Site *m = seg->children[k];
        edits_add(edits, m->pragma.start, m->pragma.end,
                  with_kept_lines(c->src, &m->pragma, m->pragma.end,
                                  xformat("/* #pragma %s: as written, in each iteration of the loop around it */",
                                          escape_comment(m->pragma.summary))));
        if (m->segment)
            plain_children(c, m->segment, edits);
    }
}

char *segment_as_written_text(const Ctx *c)
{
    const Site *t = c->site;
    EditList edits = {0};
    plain_children(c, seg_of(c), &edits);
    add_global_call_edits(c, &edits, t->loop->start, t->loop_end);
    add_cxx_edits(c, &edits, t->loop->start, t->loop_end);
    return splice_range(c, &edits, t->loop->start, t->loop_end);
}

/* The first marked loop's trip count when the host can compute it (its
 * bounds do not depend on the segment), else an estimate. */
static char *inner_trip_expr(const Ctx *c)
{
    const Site *t = c->site;
    if (seg_of(c)->nmarked == 0)
        return xstrdup("(pragreduce::u64)1 /* a parallel loop: each iteration alone */");
    const Site *m = seg_of(c)->marked[0];
    for (int r = 0; r < t->nranges; r++)
        if (t->ranges[r].start == m->info.body->start && !t->ranges[r].follows_iv)
            return xformat("pr_trip_rv%d", r); /* (one following the iv has no trip before the loop) */
    if (t->pragma.nsections)
        return xformat("(pragreduce::u64)(pr_in_%s_n > 0 ? pr_in_%s_n : 0) / (pr_trip ? pr_trip : 1)",
                       t->pragma.sections[0].name, t->pragma.sections[0].name);
    return xstrdup("(pragreduce::u64)1024 /* unknown: a warp per segment */");
}

void emit_segment_decision(const Ctx *c, StrBuf *sb)
{
    const Segment *seg = seg_of(c);
    /* a parallel loop with no marked loop inside: its size was weighed with
     * its own plan before (use_gpu), only the segments' shape is left */
    static const LaunchPlan none = {0};
    const LaunchPlan *plan = seg->nmarked ? &seg->marked[0]->plan : &none;
    bool nested = false; /* (a parallel loop this one's groups share runs inside it) */
    for (int k = 0; k < seg->nchildren; k++)
        nested |= seg->children[k]->segment != NULL && !shared_child(seg, seg->children[k]);
    strbuf_printf(sb,
                  "    /* iterations of the marked loop per segment */\n"
                  "    const pragreduce::u64 pr_inner = %s;\n",
                  inner_trip_expr(c));
    /* a nest of fixed inner loops: the whole segment's work at this call
     * (emit_work_scale, in segments of this loop), in the marked loop's
     * iterations, for which the marked loop's own plan counts each
     * iteration's copies as if no other segment shared them (2mm's
     * C[k][j]: "never") */
    const bool scaled = seg->nmarked && emit_work_scale(c, sb);
    char *below = scaled ? xstrdup("pragreduce::saturating_mul(pr_cpu_below, pr_inner)")
                         : xformat("%lluULL", plan->cpu_below);
    char *kept = scaled ? xstrdup("pragreduce::saturating_mul(pr_cpu_below_kept, pr_inner)")
                        : xformat("%lluULL", plan->cpu_below_kept);
    strbuf_printf(sb,
                  "    /* the loop as written (its marked loops launching on their own) when the\n"
                  "       whole is too small for the GPU, or when a few long segments would leave\n"
                  "       most of it idle */\n"
                  "    if (!pragreduce::segments_on_gpu(%s_site, pr_trip, pr_inner, %s, %s, %s, %s,\n"
                  "                                     ",
                  c->p, below, kept,
                  c->site->pragma.nomp > 0 && c->site->pragma.parallel && segment_called_children(c->site) == 0
                      ? "true /* OpenMP */"
                      : "false",
                  nested ? "true /* independent loops inside launch on their own when this one is short */" : "false");
    emit_array_probe(c, sb);
    const bool threaded = c->site->pragma.nomp > 0 && c->site->pragma.parallel && segment_called_children(c->site) == 0;
    if (threaded && plan->cpu_below_rewritten > plan->cpu_below)
        strbuf_printf(sb, ",\n                                     %lluULL, false /* arrays the host rewrote: against the OpenMP team */",
                      plan->cpu_below_rewritten);
    strbuf_puts(sb, ")) {\n"
                    "        pr_on_cpu();\n"
                    "        return;\n"
                    "    }\n");
}

void emit_segment_shape(const Ctx *c, StrBuf *sb)
{
    const Segment *seg = seg_of(c);
    strbuf_printf(sb,
                  "    /* one call at a time on the GPU: calls share its scratch and staging memory */\n"
                  "    pragreduce::gpu_hold pr_hold;\n"
                  "    /* 32-bit index arithmetic unless the segment count needs 64 bits */\n"
                  "    const bool pr_narrow = pr_trip <= 0x7fffffffULL && pr_step <= 0x7fffffffULL;\n"
                  "    /* a segment per thread, warp or block, by its length (cost.c) */\n"
                  "%s"
                  ,
                  seg->cooperative ? xformat("    const int pr_G = pragreduce::segment_group(pr_inner, %lldULL, %lldULL, %d);\n",
                                             seg->group_thread_max, seg->group_warp_max, SEG_BLOCK)
                                   : "    const int pr_G = 1; /* its marked loops run as written */\n");
    if (!seg->cooperative)
        strbuf_puts(sb, "    (void)pr_inner;\n");
    /* the most blocks a chunk launches: partials of what the loop accumulates */
    strbuf_printf(sb,
                  "    const pragreduce::u64 pr_seg_blocks = (pr_trip + (pragreduce::u64)(%d / pr_G) - 1) / (pragreduce::u64)(%d / pr_G);\n"
                  "    const unsigned pr_grid_max = (unsigned)(pr_seg_blocks < (1u << 30) ? pr_seg_blocks : (1u << 30));\n"
                  "    (void)pr_grid_max;\n",
                  SEG_BLOCK, SEG_BLOCK);
    for (int k = 0; seg->cooperative && k < seg->nmarked; k++) {
        const Site *m = seg->marked[k];
        for (int v = 0; v < m->pragma.nvars; v++) {
            const ReduceVar *rv = &m->pragma.vars[v];
            char *t = var_type(rv->var);
            strbuf_printf(sb, "    const %s pr_id%d_%d = %s::identity<%s>(); /* '%s' at line %u */\n", t, k,
                          v, reduce_ops[rv->op].functor, t, rv->name, line_of(c, m->loop->start));
        }
    }
}

static void launch_one(const Ctx *c, StrBuf *sb, const char *idx, int g)
{
    const Site *site = c->site;
    const Segment *seg = seg_of(c);
    strbuf_printf(sb, "%s_kernel<%s, %d><<<pr_grid, %d>>>(", c->p, idx, g, SEG_BLOCK);
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind == CAP_ARRAY)
            strbuf_printf(sb, "pr_d_%s, ", cap->var->name);
        else
            strbuf_printf(sb, "%s, ", cap->var->name);
    }
    strbuf_printf(sb, "pr_clo, (%s)pr_step, (%s)pr_n", idx, idx);
    for (int k = 0; seg->cooperative && k < seg->nmarked; k++)
        for (int v = 0; v < seg->marked[k]->pragma.nvars; v++)
            strbuf_printf(sb, ", pr_id%d_%d", k, v);
    emit_slot_args(c, sb);
    strbuf_puts(sb, ", (unsigned char *)(pr_dev + pr_last_at));\n");
}

void emit_segment_launch(const Ctx *c, StrBuf *sb)
{
    const Segment *seg = seg_of(c);
    strbuf_printf(sb,
                  "        const pragreduce::u64 pr_per_block = (pragreduce::u64)(%d / pr_G);\n"
                  "        const pragreduce::u64 pr_blocks = (pr_n + pr_per_block - 1) / pr_per_block;\n"
                  "        const unsigned pr_grid = (unsigned)(pr_blocks < (1u << 30) ? pr_blocks : (1u << 30));\n"
                  "        /* one launch (PRAGREDUCE_BENCH=N times it instead) */\n"
                  "        pragreduce::run_launch(%s_site, pr_n, [&]() {\n",
                  SEG_BLOCK, c->p);
    int groups[3] = {1, 32, SEG_BLOCK};
    int ng = seg->cooperative ? 3 : 1;
    for (int g = 0; g < ng; g++) {
        if (ng > 1)
            strbuf_printf(sb, "            %sif (pr_G == %d) {\n", g ? "else " : "", groups[g]);
        strbuf_puts(sb, "                if (pr_narrow)\n                    ");
        launch_one(c, sb, "unsigned", groups[g]);
        strbuf_puts(sb, "                else\n                    ");
        launch_one(c, sb, "pragreduce::u64", groups[g]);
        if (ng > 1)
            strbuf_puts(sb, "            }\n");
    }
    strbuf_printf(sb,
                  "            PRAGREDUCE_CHECK(%s_site, \"kernel launch\", cudaGetLastError());\n"
                  "        });\n",
                  c->p);
}

void emit_segment_lastprivate(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    if (!site->nprivates)
        return;
    strbuf_puts(sb, "    /* the private scalars: the values the last segment left */\n"
                    "    {\n"
                    "        unsigned char pr_vals[pr_last_bytes];\n");
    strbuf_printf(sb,
                  "        PRAGREDUCE_CHECK(%s_site, \"kernel\", cudaMemcpy(pr_vals, pr_dev + pr_last_at, "
                  "sizeof pr_vals, cudaMemcpyDeviceToHost));\n"
                  "        size_t pr_at = 0;\n",
                  c->p);
    for (int k = 0; k < site->nprivates; k++) {
        const char *n = site->privates[k]->name;
        strbuf_printf(sb, "        memcpy(pr_ref_%s, pr_vals + pr_at, sizeof *pr_ref_%s);\n"
                          "        pr_at += sizeof *pr_ref_%s;\n", n, n, n);
    }
    strbuf_puts(sb, "        (void)pr_at;\n    }\n");
}

void emit_segment_last_bytes(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    strbuf_puts(sb, "    constexpr size_t pr_last_bytes = 0");
    for (int k = 0; k < site->nprivates; k++)
        strbuf_printf(sb, " + sizeof(%s)", var_type(site->privates[k]));
    strbuf_puts(sb, ";\n"
                    "    const size_t pr_last_at = pr_bytes;\n"
                    "    pr_bytes += pragreduce::align_up(pr_last_bytes);\n");
}
