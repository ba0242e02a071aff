/*
 * emit.c - the CUDA code for one site.
 *
 * Definitions go before the enclosing function:
 *   PREFIX_counter   a device counter for the last-block combine
 *   PREFIX_kernel    grid-stride accumulation in registers from the
 *                    operator's identity, full tiles of UNROLL iterations
 *                    per thread, a guarded tail, block_reduce, then the last
 *                    block combines the per-block partials
 *   PREFIX           the host wrapper: the original loop on the CPU when no
 *                    GPU is used, else trip count, copies of the index range
 *                    each array is read over, launch, result, fold-in of the
 *                    variable's value from before the loop
 * The loop itself becomes a call of PREFIX. The loop body is copied
 * verbatim: the kernel declares the induction variable and one accumulator
 * per reduction variable under the user's names, and receives every outer
 * variable under its own name, so the body means what it meant.
 */
#include "pragreduce.h"
#include "emit.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#define OUT_LINE "#line @@OUT@@\n"

void line_to_input(const Ctx *c, StrBuf *sb, unsigned offset)
{
    if (!c->opts->line_directives)
        return;
    unsigned line, col;
    source_line_col(c->src, offset, &line, &col);
    strbuf_line_directive(sb, line, source_path_at(c->src, offset));
}

void line_to_output(const Ctx *c, StrBuf *sb)
{
    if (c->opts->line_directives)
        strbuf_puts(sb, OUT_LINE);
}

char *var_type(const Var *v) { return type_cxx_name(v->type); }

/* A read-only pointer to a captured array's elements, as a declarator:
 * "const double *x", or "const double (*A)[64]" for arrays of arrays. */
char *array_decl(const Capture *cap, const char *qual, const char *name)
{
    const char *cq = cap->written || cap->mutable_pointee ? "" : "const ";
    if (cap->dims)
        return xformat("%s%s (*%s%s)%s", cq, cap->type, qual, name, cap->dims);
    return xformat("%s%s *%s%s", cq, cap->type, qual, name);
}

/* "[8]" for an array declared with a constant size (`double w[8]`,
 * `int img[H][W]` gives "[H]"), whose sizeof the loop may take; else NULL. */
char *fixed_extent(const Capture *cap)
{
    CXType t = clang_getCanonicalType(cap->var->type);
    /* a parameter declared `double w[8]` is a pointer in C */
    if (t.kind != CXType_ConstantArray || clang_getCursorKind(cap->var->decl) == CXCursor_ParmDecl)
        return NULL;
    return xformat("[%lld]", clang_getArraySize(t));
}

/* The array as the wrapper receives it: a reference to the array itself
 * when its size is fixed (sizeof then means in the CPU path and in the
 * loop bounds what it means in C), else a pointer. */
/* The fixed-size array's own type around `inner`: "const double (&w)[8]"
 * for inner "&w", "const double (*)[8]" for "*". */
char *fixed_array_type(const Capture *cap, const char *ext, const char *inner)
{
    return xformat("%s%s (%s)%s%s", cap->written || cap->mutable_pointee ? "" : "const ", cap->type, inner, ext,
                   cap->dims ? cap->dims : "");
}

char *array_param(const Capture *cap)
{
    char *ext = fixed_extent(cap);
    if (!ext)
        return array_decl(cap, "", cap->var->name);
    return fixed_array_type(cap, ext, xformat("&%s", cap->var->name));
}

/* The element type, for sizeof: "double" or "double[64]". */
char *array_elem(const Capture *cap)
{
    return cap->dims ? xformat("%s%s", cap->type, cap->dims) : xstrdup(cap->type);
}

/* What the kernel combines: one slot per reduction variable, or one per
 * maxloc/minloc pair (value and index travel together). */
typedef struct {
    int var;       /* the variable, or the pair's value */
    int index;     /* the pair's index variable; -1 otherwise */
    char *type;    /* C++ type of the combined value */
    char *functor; /* the runtime operator */
    char *pack;    /* a thread's value, from its accumulators */
} Slot;

static bool is_minmax(const ReduceVar *rv) { return rv->op == OP_MIN || rv->op == OP_MAX; }

/* A floating-point min/max, whose result may depend on the iteration order
 * (a zero's sign, a NaN): checked after the GPU's run. */
static bool float_minmax(const ReduceVar *rv)
{
    return is_minmax(rv) && type_is_floating(rv->var->type);
}

/* The runtime operator that combines threads' partial results: for a
 * floating-point min/max, one that treats NaN as its updates do. */
static char *combine_functor(const ReduceVar *rv)
{
    const char *mm = rv->op == OP_MAX ? "max" : "min";
    if (float_minmax(rv) && (rv->form == MM_FMAX || rv->form == MM_FMAXF))
        return xformat("pragreduce::op_f%s<%s>", mm, rv->form == MM_FMAXF ? "float" : "double");
    if (float_minmax(rv) && rv->form == MM_TAKE)
        return xformat("pragreduce::op_%s_nan", mm);
    return xstrdup(reduce_ops[rv->op].functor);
}

/* The value before the loop folded into the GPU's result r as the updates
 * would: through fmax/fmaxf themselves (which also round, for integers
 * too), by the test of `m = m > x ? m : x`, or by the combine operator. */
static char *fold_expr(const ReduceVar *rv, const char *functor, const char *r)
{
    const char *mm = rv->op == OP_MAX ? "max" : "min";
    if (is_minmax(rv) && (rv->form == MM_FMAX || rv->form == MM_FMAXF))
        return xformat("pragreduce::op_f%s<%s>::apply(%s, %s)", mm,
                       rv->form == MM_FMAXF ? "float" : "double", rv->name, r);
    if (float_minmax(rv) && rv->form == MM_TAKE)
        return xformat("pragreduce::fold_take<%s>(%s, %s)", rv->op == OP_MAX ? "true" : "false",
                       rv->name, r);
    return xformat("%s::apply(%s, %s)", functor, rv->name, r);
}

/* Whether variable v has updates that may take a NaN (noted in the kernel). */
static bool takes_nan(const Site *site, int v)
{
    for (int k = 0; k < site->nnan_takes; k++)
        if (site->nan_take_var[k] == v)
            return true;
    return false;
}

/* The slot of variable v (its position among the slots). */
static int slot_index(const Site *site, int v)
{
    int k = 0;
    for (int i = 0; i < v; i++) {
        const ReduceVar *rv = &site->pragma.vars[i];
        if (!((rv->op == OP_MAXLOC || rv->op == OP_MINLOC) && rv->loc_role != 0) && !is_section(rv))
            k++;
    }
    return k;
}

static int slots_of(const Site *site, Slot *out)
{
    int n = 0;
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (is_section(rv))
            continue; /* emit_section.c */
        char *t = var_type(rv->var);
        if (rv->op == OP_MAXLOC || rv->op == OP_MINLOC) {
            if (rv->loc_role != 0)
                continue;
            const ReduceVar *ri = &site->pragma.vars[rv->partner];
            char *ti = var_type(ri->var);
            int k = n++;
            out[k] = (Slot){
                v, rv->partner, xformat("pragreduce::loc<%s, %s>", t, ti),
                xformat("pragreduce::op_loc<%s, %s>", rv->op == OP_MAXLOC ? "true" : "false",
                        rv->loc_last > 0 ? "true" : "false"),
                xformat("pragreduce::make_loc(%s, %s, (pragreduce::u64)pr_at%d, pr_upd%d)", rv->name,
                        ri->name, k, k)};
        } else {
            out[n++] = (Slot){v, -1, t, combine_functor(rv), xstrdup(rv->name)};
        }
    }
    return n;
}

/* Site string for messages: "dot.c:12: reduce(+: sum)" */
static void emit_site_string(const Ctx *c, StrBuf *sb)
{
    strbuf_printf(sb, "static const char %s_site[] = \"", c->p);
    const char *texts[] = {source_path_at(c->src, c->site->loop->start), NULL};
    for (const char *s = texts[0]; *s; s++) {
        if (*s == '\\' || *s == '"')
            strbuf_putn(sb, "\\", 1);
        strbuf_putn(sb, s, 1);
    }
    strbuf_printf(sb, ":%u: %s\";\n", c->line, c->site->pragma.summary);
}

static void emit_body_text(const Ctx *c, StrBuf *sb, const char *indent, const char *text);
static char *kernel_body(const Ctx *c, bool vector);

/* The loop body, as written (calls renamed to device copies), with a
 * trailing ';' for bodies that are a single statement. */
static void emit_body(const Ctx *c, StrBuf *sb, const char *indent)
{
    emit_body_text(c, sb, indent, kernel_body(c, false));
}

/* The induction variables at flat iteration `it`: the marked loop's, and
 * under collapse(N) each nested loop's, innermost fastest. */
static void emit_iv_decls(const Ctx *c, StrBuf *sb, const char *indent, const char *it,
                          bool vector)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    const char *down = vector ? "false" : li->step_down ? "true" : "false";
    if (site->ninner == 0) {
        strbuf_printf(sb, "%s%s %s = pragreduce::iv_at<%s, %s>(pr_lo, %s, pr_step);\n", indent,
                      li->iv_type, li->iv->name, li->iv_type, down, it);
        return;
    }
    strbuf_printf(sb, "%spr_idx pr_q = %s;\n", indent, it);
    for (int k = site->ninner - 1; k >= 0; k--) {
        const LoopInfo *in = &site->inner[k];
        strbuf_printf(sb,
                      "%s%s %s = pragreduce::iv_at<%s, %s>(pr_lo%d, pr_q %% pr_trip%d, pr_step%d);\n"
                      "%spr_q /= pr_trip%d;\n"
                      "%s(void)%s;\n",
                      indent, in->iv_type, in->iv->name, in->iv_type, in->step_down ? "true" : "false",
                      k + 1, k + 1, k + 1, indent, k + 1, indent, in->iv->name);
    }
    strbuf_printf(sb, "%s%s %s = pragreduce::iv_at<%s, %s>(pr_lo, pr_q, pr_step);\n", indent,
                  li->iv_type, li->iv->name, li->iv_type, down);
}

/* collapse(2): the flat index kept split as (pr_q, pr_r), outer and inner
 * position, and moved by whole steps without a division per iteration
 * (a 64-bit division costs more than the load it indexes). */
static void emit_split_loop(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info, *in = &site->inner[0];
    int block = site->plan.block;
    const char *ind = "            ";
    char *ivs = xformat("%s%s %s = pragreduce::iv_at<%s, %s>(pr_lo, pr_fl.q, pr_step);\n"
                        "%s%s %s = pragreduce::iv_at<%s, %s>(pr_lo1, pr_fl.r, pr_step1);\n"
                        "%s(void)%s;\n%s(void)%s;\n",
                        ind, li->iv_type, li->iv->name, li->iv_type, li->step_down ? "true" : "false",
                        ind, in->iv_type, in->iv->name, in->iv_type, in->step_down ? "true" : "false",
                        ind, li->iv->name, ind, in->iv->name);
    strbuf_printf(sb,
                  "    /* collapse(2): the flat index as (outer, inner), moved without dividing */\n"
                  "    const pr_idx pr_stride = (pr_idx)gridDim.x * %d * pr_U;\n"
                  "    pr_idx pr_base = (pr_idx)blockIdx.x * %d * pr_U + threadIdx.x;\n"
                  "    pragreduce::flat2<pr_idx> pr_fl_tile0(pr_base, pr_trip1);\n"
                  "    const pragreduce::flat2<pr_idx> pr_fl_u((pr_idx)%d, pr_trip1), pr_fl_tile(pr_stride, pr_trip1);\n"
                  "    /* full tiles: pr_U iterations in flight per thread, none out of range */\n"
                  "    for (; pr_base + (pr_idx)(pr_U - 1) * %d < pr_trip; pr_base += pr_stride, pr_fl_tile0.advance(pr_fl_tile)) {\n"
                  "        pragreduce::flat2<pr_idx> pr_fl = pr_fl_tile0;\n"
                  "#pragma unroll\n"
                  "        for (int pr_u = 0; pr_u < pr_U; ++pr_u, pr_fl.advance(pr_fl_u)) {\n"
                  "            const pr_idx pr_it = pr_base + (pr_idx)pr_u * %d;\n",
                  block, block, block, block, block);
    strbuf_puts(sb, ivs);
    strbuf_puts(sb, "            (void)pr_it;\n");
    emit_body(c, sb, "            ");
    strbuf_printf(sb,
                  "        }\n    }\n"
                  "    /* the tail: iterations past the end contribute the identity and read nothing */\n"
                  "    {\n"
                  "        pragreduce::flat2<pr_idx> pr_fl = pr_fl_tile0;\n"
                  "#pragma unroll\n"
                  "        for (int pr_u = 0; pr_u < pr_U; ++pr_u, pr_fl.advance(pr_fl_u)) {\n"
                  "            const pr_idx pr_it = pr_base + (pr_idx)pr_u * %d;\n"
                  "            if (pr_it < pr_trip) {\n",
                  block);
    strbuf_puts(sb, ivs);
    strbuf_puts(sb, "            (void)pr_it;\n");
    emit_body(c, sb, "            ");
    strbuf_puts(sb, "            }\n        }\n    }\n");
}

/* Scalar loads: a grid-stride loop over full tiles of UNROLL iterations
 * per thread (their loads all in flight), then a guarded tail. */
static void emit_scalar_loop(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    int block = site->plan.block;
    if (site->ninner == 1) {
        emit_split_loop(c, sb);
        return;
    }
    strbuf_printf(sb,
                  "    const pr_idx pr_stride = (pr_idx)gridDim.x * %d * pr_U;\n"
                  "    pr_idx pr_base = (pr_idx)blockIdx.x * %d * pr_U + threadIdx.x;\n",
                  block, block);
    strbuf_printf(sb,
                  "    /* full tiles: pr_U iterations in flight per thread, none out of range */\n"
                  "    for (; pr_base + (pr_idx)(pr_U - 1) * %d < pr_trip; pr_base += pr_stride) {\n"
                  "#pragma unroll\n"
                  "        for (int pr_u = 0; pr_u < pr_U; ++pr_u) {\n"
                  "            const pr_idx pr_it = pr_base + (pr_idx)pr_u * %d;\n",
                  block, block);
    emit_iv_decls(c, sb, "            ", "pr_it", false);
    strbuf_puts(sb, "            (void)pr_it;\n");
    emit_body(c, sb, "            ");
    strbuf_puts(sb, "        }\n    }\n");
    strbuf_printf(sb,
                  "    /* the tail: iterations past the end contribute the identity and read "
                  "nothing */\n"
                  "#pragma unroll\n"
                  "    for (int pr_u = 0; pr_u < pr_U; ++pr_u) {\n"
                  "        if (pr_base + (pr_idx)pr_u * %d < pr_trip) {\n"
                  "            const pr_idx pr_it = pr_base + (pr_idx)pr_u * %d;\n",
                  block, block);
    emit_iv_decls(c, sb, "            ", "pr_it", false);
    strbuf_puts(sb, "            (void)pr_it;\n");
    emit_body(c, sb, "            ");
    strbuf_puts(sb, "        }\n    }\n");

}

void add_unique_edit(EditList *edits, unsigned start, unsigned end, char *text)
{
    /* a macro argument expanded twice is one piece of text */
    for (size_t e = 0; e < edits->count; e++)
        if (edits->items[e].start == start && edits->items[e].end == end)
            return;
    edits_add(edits, start, end, text);
}

/* Edits that make calls inside [start, end) call the device copies. */
void add_call_renames(const Ctx *c, EditList *edits, Node **calls, int ncalls,
                             unsigned start, unsigned end)
{
    for (int k = 0; k < ncalls; k++)
        if (calls[k]->start >= start && calls[k]->end <= end) {
            add_unique_edit(edits, calls[k]->start, calls[k]->end,
                            xformat("%s_fn_%s", c->p, calls[k]->name));
            add_global_args(c, edits, calls[k]);
        }
}

/* The edits of `from` that fall in [start, end), for text copied from
 * there; an edit inside a piece another edit replaces is left out. */
static void add_edits_from(const EditList *from, EditList *edits, unsigned start, unsigned end)
{
    for (size_t k = 0; from && k < from->count; k++) {
        const Edit *e = &from->items[k];
        if (e->start < start || e->end > end)
            continue;
        bool inside = false;
        for (size_t j = 0; j < edits->count && !inside; j++) {
            const Edit *o = &edits->items[j];
            inside = o->end > o->start &&
                     ((e->start > o->start && e->start < o->end) ||
                      (e->end > o->start && e->end < o->end) ||
                      (e->end > e->start && e->start <= o->start && e->end >= o->end));
        }
        if (!inside)
            edits_add(edits, e->start, e->end, e->text);
    }
}

/* The file's C-to-C++ edits (casts to enums and from void *, VLA
 * parameters, math arguments), and those for code copied out of a function
 * (its enum constants' values). */
void add_cxx_edits(const Ctx *c, EditList *edits, unsigned start, unsigned end)
{
    add_edits_from(c->opts->cxx, edits, start, end);
    add_edits_from(c->opts->cxx_copied, edits, start, end);
}

char *splice_range(const Ctx *c, EditList *edits, unsigned start, unsigned end)
{
    for (size_t e = 0; e < edits->count; e++) {
        edits->items[e].start -= start;
        edits->items[e].end -= start;
    }
    edits->base = start;
    return splice_apply(c->src->text + start, end - start, edits, "", false);
}

/* The loop body for the kernel: calls renamed to the device copies and,
 * for the vector loop, every vector-loaded access `a[i]` replaced by the
 * register holding that element. */
static char *kernel_body(const Ctx *c, bool vector)
{
    const Site *site = c->site;
    const Node *body = site->info.body;
    EditList edits = {0};
    for (int k = 0; vector && k < site->ncaptures; k++) {
        const Capture *cap = &site->captures[k];
        if (cap->kind != CAP_ARRAY || !cap->vec_ok || cap->section)
            continue;
        for (int s = 0; s < cap->nsubs; s++) {
            const Node *ref = cap->subs[s]->parent;
            add_unique_edit(&edits, ref->start, ref->end,
                            xformat("pr_v_%s[pr_u][pr_e]", cap->var->name));
        }
    }
    add_call_renames(c, &edits, site->fn_calls, site->nfn_calls, body->start, site->body_end);
    /* maxloc/minloc: note that this thread stored an index, and when */
    for (int k = 0; k < site->nloc_stores; k++) {
        const Node *store = site->loc_stores[k];
        int v = site->loc_store_var[k];
        /* the new index, stored with a note of this iteration */
        edits_add(&edits, store->start, store->start,
                  xformat("(pr_upd%d = true, pr_at%d = (pragreduce::u64)pr_it, ", slot_index(site, v),
                          slot_index(site, v)));
        edits_add(&edits, store->end, store->end, xstrdup(")"));
    }
    /* `m = m > x ? m : x` on floating point: note a NaN it took */
    for (int k = 0; k < site->nnan_takes; k++) {
        const Node *upd = site->nan_takes[k];
        const char *m = site->pragma.vars[site->nan_take_var[k]].name;
        edits_add(&edits, upd->start, upd->start, xstrdup("("));
        edits_add(&edits, upd->end, upd->end,
                  xformat(", pr_nan%d |= %s != %s)", slot_index(site, site->nan_take_var[k]), m, m));
    }
    add_cxx_edits(c, &edits, body->start, site->body_end);
    return splice_range(c, &edits, body->start, site->body_end);
}

/* The __host__ __device__ copies of the file's functions the loop calls. */
static void emit_functions(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    /* declarations first: the copies may call each other in any order */
    for (int i = 0; i < site->nfunctions; i++) {
        const SiteFunction *f = site->functions[i];
        const Node *body = f->tree->kids[f->tree->nkids - 1];
        unsigned name_at;
        if (!source_offset(c->src, clang_getCursorLocation(f->def), &name_at))
            continue;
        EditList edits = {0};
        edits_add(&edits, name_at, name_at + (unsigned)strlen(f->name),
                  xformat("%s_fn_%s", c->p, f->name));
        add_global_params(c, &edits, f, name_at, body->start);
        add_cxx_edits(c, &edits, f->tree->start, body->start);
        strbuf_printf(sb, "__host__ __device__ __attribute__((unused)) %s;\n",
                      splice_range(c, &edits, f->tree->start, body->start));
    }
    for (int i = 0; i < site->nfunctions; i++) {
        const SiteFunction *f = site->functions[i];
        unsigned start = f->tree->start, end = f->tree->end, name_at;
        if (!source_offset(c->src, clang_getCursorLocation(f->def), &name_at))
            continue;
        EditList edits = {0};
        edits_add(&edits, name_at, name_at + (unsigned)strlen(f->name),
                  xformat("%s_fn_%s", c->p, f->name));
        add_global_params(c, &edits, f, name_at, f->tree->kids[f->tree->nkids - 1]->start);
        add_call_renames(c, &edits, f->calls, f->ncalls, start, end);
        add_cxx_edits(c, &edits, start, end);
        unsigned line, col;
        source_line_col(c->src, start, &line, &col);
        strbuf_printf(sb, "/* '%s' for the GPU: a copy of the function at %s:%u */\n", f->name,
                      source_path_at(c->src, start), line);
        line_to_input(c, sb, start);
        strbuf_puts(sb, "__host__ __device__ ");
        strbuf_puts(sb, splice_range(c, &edits, start, end));
        strbuf_puts(sb, "\n");
        line_to_output(c, sb);
        strbuf_puts(sb, "\n");
    }
}

/* The declaration of private variable v under its own name: "double t",
 * "int m[2][2]". */
static char *private_decl(const Var *v)
{
    CXType t = v->type;
    StrBuf dims = {0};
    while (clang_getCanonicalType(t).kind == CXType_ConstantArray) {
        CXType canon = clang_getCanonicalType(t);
        strbuf_printf(&dims, "[%lld]", clang_getArraySize(canon));
        t = clang_getArrayElementType(canon);
    }
    char *d = xformat("%s %s%s", type_cxx_name(t), v->name, dims.len ? dims.buf : "");
    strbuf_free(&dims);
    return d;
}

/* private(...): fresh copies, for one iteration in the kernel or for the
 * loop on the CPU (the caller's variables keep their values either way). */
static void emit_private_decls(const Ctx *c, StrBuf *sb, const char *indent, const char *what)
{
    const Pragma *pg = &c->site->pragma;
    if (pg->nprivates == 0)
        return;
    strbuf_printf(sb, "%s/* private(", indent);
    for (int k = 0; k < pg->nprivates; k++)
        strbuf_printf(sb, "%s%s", k ? ", " : "", pg->privates[k].name);
    strbuf_printf(sb, "): %s */\n", what);
    for (int k = 0; k < pg->nprivates; k++)
        strbuf_printf(sb, "%s%s;\n", indent, private_decl(pg->privates[k].var));
}

static void emit_body_text(const Ctx *c, StrBuf *sb, const char *indent, const char *text)
{
    const Node *body = c->site->info.body;
    unsigned line, col;
    source_line_col(c->src, body->start, &line, &col);
    strbuf_printf(sb, "%s{\n", indent);
    emit_private_decls(c, sb, xformat("%s    ", indent),
                       "this iteration's own; it writes them before reading them");
    line_to_input(c, sb, body->start);
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(sb, " ", 1);
    strbuf_puts(sb, text);
    strbuf_printf(sb, "\n%s;}\n", indent);
    line_to_output(c, sb);
}

/* Unit stride: each thread loads UNROLL vectors of VECTOR consecutive
 * elements of every such array (16-byte loads, coalesced across the warp,
 * all in flight before the first use), one tile of BLOCK * UNROLL * VECTOR
 * iterations per block and round; the remainder, less than a tile, one
 * iteration per thread. */
static void emit_vector_loop(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    int block = site->plan.block, vec = site->plan.vector;
    strbuf_printf(sb,
                  "    /* full tiles of %d * pr_U iterations: pr_U vectors of %d elements per thread "
                  "and array */\n"
                  "    constexpr unsigned pr_tile = %du * pr_U;\n"
                  "    const pr_idx pr_tiles = pr_trip / pr_tile;\n"
                  "    for (pr_idx pr_t = blockIdx.x; pr_t < pr_tiles; pr_t += gridDim.x) {\n"
                  "        const pr_idx pr_first = pr_t * pr_tile + (pr_idx)threadIdx.x * %d;\n",
                  block * vec, vec, block * vec, vec);
    for (int k = 0; k < site->ncaptures; k++) {
        const Capture *cap = &site->captures[k];
        if (cap->kind != CAP_ARRAY || !cap->vec_ok || cap->section)
            continue;
        strbuf_printf(sb,
                      "        %s pr_v_%s[pr_U][%d];\n"
                      "#pragma unroll\n"
                      "        for (int pr_u = 0; pr_u < pr_U; ++pr_u)\n"
                      "            pragreduce::load_vec<%s, %d>(&%s[%s], pr_v_%s[pr_u]);\n",
                      cap->type, cap->var->name, vec, cap->type, vec, cap->var->name,
                      site->ninner ? xformat("(long long)pr_lo * (long long)pr_trip1 + (long long)(pr_first + (pr_idx)pr_u * %d)", block * vec)
                                   : xformat("pragreduce::iv_at<%s, false>(pr_lo, pr_first + (pr_idx)pr_u * %d, pr_step)",
                                             li->iv_type, block * vec),
                      cap->var->name);
    }
    strbuf_printf(sb,
                  "#pragma unroll\n"
                  "        for (int pr_u = 0; pr_u < pr_U; ++pr_u) {\n"
                  "#pragma unroll\n"
                  "            for (int pr_e = 0; pr_e < %d; ++pr_e) {\n"
                  "                const pr_idx pr_it = pr_first + (pr_idx)pr_u * %d + (pr_idx)pr_e;\n"
                  "                (void)pr_it;\n",
                  vec, block * vec);
    /* (collapse(2): the loop variables by division, dead when only the
     * vector-loaded subscripts used them) */
    emit_iv_decls(c, sb, "                ", "pr_it", true);
    strbuf_printf(sb, "                (void)%s;\n", li->iv->name);
    emit_body_text(c, sb, "                ", kernel_body(c, true));
    strbuf_puts(sb, "            }\n        }\n    }\n");
    strbuf_printf(sb,
                  "    /* the remainder, less than a tile */\n"
                  "#pragma unroll 4\n"
                  "    for (pr_idx pr_k = pr_tiles * pr_tile + (pr_idx)blockIdx.x * %d + threadIdx.x; "
                  "pr_k < pr_trip;\n"
                  "         pr_k += (pr_idx)gridDim.x * %d) {\n"
                  "        const pr_idx pr_it = pr_k;\n"
                  "        (void)pr_it;\n",
                  block, block);
    emit_iv_decls(c, sb, "        ", "pr_it", true);
    emit_body(c, sb, "        ");
    strbuf_puts(sb, "    }\n");
}

/* The kernel's parameters for the captures (arrays of fixed size under a
 * pointer, pr_p_NAME) and the loop's first value, step and trip count;
 * written arrays are __restrict__ only when `restrict_written`. */
void emit_capture_params(const Ctx *c, StrBuf *sb, bool restrict_written)
{
    const Site *site = c->site;
    const char *sep = "";
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        const char *qual = cap->written && !restrict_written ? "" : "__restrict__ ";
        if (cap->kind == CAP_ARRAY && fixed_extent(cap))
            strbuf_printf(sb, "%s%s", sep, array_decl(cap, "__restrict__ ", xformat("pr_p_%s", cap->var->name)));
        else if (cap->kind == CAP_ARRAY)
            strbuf_printf(sb, "%s%s", sep, array_decl(cap, qual, cap->var->name));
        else
            strbuf_printf(sb, "%s%s %s", sep, cap->type, cap->var->name);
        sep = ",\n    ";
    }
    strbuf_printf(sb, "%s%s pr_lo, pr_idx pr_step, pr_idx pr_trip", sep, site->info.iv_type);
}

/* Inside the kernel: each fixed-size array under its own C type. */
void emit_fixed_arrays(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        char *ext = cap->kind == CAP_ARRAY ? fixed_extent(cap) : NULL;
        if (ext)
            strbuf_printf(sb,
                          "    /* '%s' has its C type here, so that sizeof means what it means in C */\n"
                          "    %s = *(%s)pr_p_%s;\n",
                          cap->var->name, array_param(cap), fixed_array_type(cap, ext, "*"),
                          cap->var->name);
    }
}

static void emit_kernel(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const char *p = c->p;
    int block = site->plan.block;

    emit_section_types(c, sb);
    strbuf_printf(sb, "/* Last-block detection for %s_kernel; the last block resets it. */\n", p);
    strbuf_printf(sb, "static __device__ unsigned %s_counter;\n\n", p);
    strbuf_printf(sb,
                  "/* pr_U: loads in flight per thread and array (the plan's %d; more when one\n"
                  "   block does everything) */\n"
                  "template <class pr_idx, int pr_U>\nstatic __global__ void __launch_bounds__(%d)\n%s_kernel(",
                  site->plan.unroll, block, p);
    emit_capture_params(c, sb, true);
    for (int k = 0; k < site->ninner; k++)
        strbuf_printf(sb, ",\n    %s pr_lo%d, pr_idx pr_step%d, pr_idx pr_trip%d", site->inner[k].iv_type,
                      k + 1, k + 1, k + 1);
    Slot *slots = xcalloc((size_t)site->pragma.nvars, sizeof(Slot));
    int nslots = slots_of(site, slots);
    emit_slot_params(c, sb);
    emit_section_kernel_params(c, sb);
    strbuf_puts(sb, ")\n{\n");
    emit_fixed_arrays(c, sb);
    emit_section_kernel_prologue(c, sb);
    strbuf_puts(sb, "    /* each thread reduces its iterations from the identity */\n");
    for (int k = 0; k < nslots; k++) {
        const ReduceVar *rv = &site->pragma.vars[slots[k].var];
        if (slots[k].index >= 0) {
            const ReduceVar *ri = &site->pragma.vars[slots[k].index];
            strbuf_printf(sb,
                          "    %s %s = pr_id%d.v;\n"
                          "    %s %s = pr_id%d.idx;\n"
                          "    bool pr_upd%d = false; /* whether this thread stored an index */\n"
                          "    pragreduce::u64 pr_at%d = 0; /* and at which iteration (ties) */\n",
                          var_type(rv->var), rv->name, k, var_type(ri->var), ri->name, k, k, k);
        } else {
            strbuf_printf(sb, "    %s %s = pr_id%d;\n", var_type(rv->var), rv->name, k);
            if (takes_nan(site, slots[k].var))
                strbuf_printf(sb, "    bool pr_nan%d = false; /* whether '%s' took a NaN */\n", k, rv->name);
        }
    }
    if (site->plan.vector > 1)
        emit_vector_loop(c, sb);
    else
        emit_scalar_loop(c, sb);

    for (int k = 0; k < nslots; k++)
        if (slots[k].index < 0 && takes_nan(site, slots[k].var))
            strbuf_printf(sb,
                          "    /* a NaN taken anywhere reaches the result: the host then runs the loop as written */\n"
                          "    if (pr_nan%d)\n        %s = (%s)NAN;\n",
                          k, site->pragma.vars[slots[k].var].name, slots[k].type);
    emit_section_kernel_epilogue(c, sb);
    emit_grid_combine(c, sb, block);
}

/* The end of a kernel: the block's threads combined (block of `block`
 * threads), the partials by the grid's last block, each result in its
 * 32-byte slot; ends the kernel's body. */
void emit_grid_combine(const Ctx *c, StrBuf *sb, int block)
{
    const Site *site = c->site;
    const char *p = c->p;
    Slot *slots = xcalloc((size_t)site->pragma.nvars + 1, sizeof(Slot));
    int nslots = slots_of(site, slots);
    strbuf_puts(sb, "    /* combine the block's threads; the result is in thread 0 */\n");
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, "    %s pr_acc%d = pragreduce::block_reduce<%s, %d>(%s, pr_id%d);\n",
                      slots[k].type, k, slots[k].functor, block, slots[k].pack, k);
    strbuf_puts(sb, "    if (gridDim.x == 1) {\n        if (threadIdx.x == 0) {\n");
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, "            pragreduce::store_slot(pr_res%d, pr_acc%d);\n", k, k);
    strbuf_puts(sb, "        }\n        return;\n    }\n");
    strbuf_puts(sb, "    if (threadIdx.x == 0) {\n");
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, "        pragreduce::store_partial(&pr_part%d[blockIdx.x], pr_acc%d);\n", k, k);
    strbuf_puts(sb, "    }\n");
    strbuf_printf(sb,
                  "    /* the grid's last block combines the per-block partials */\n"
                  "    if (!pragreduce::arrive_last(&%s_counter))\n        return;\n",
                  p);
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb,
                      "    pr_acc%d = pragreduce::combine_partials<%s, %d>(pr_part%d, gridDim.x, "
                      "pr_id%d);\n",
                      k, slots[k].functor, block, k, k);
    strbuf_puts(sb, "    if (threadIdx.x == 0) {\n");
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, "        pragreduce::store_slot(pr_res%d, pr_acc%d);\n", k, k);
    strbuf_printf(sb, "        %s_counter = 0;\n    }\n}\n\n", p);
}

/* The kernel parameters of the slots: identity, partials, result. */
void emit_slot_params(const Ctx *c, StrBuf *sb)
{
    Slot *slots = xcalloc((size_t)c->site->pragma.nvars + 1, sizeof(Slot));
    int nslots = slots_of(c->site, slots);
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, ",\n    %s pr_id%d, %s *pr_part%d, unsigned char *pr_res%d", slots[k].type,
                      k, slots[k].type, k, k);
}

/* The launch's arguments for them, for chunk pr_c. */
void emit_slot_args(const Ctx *c, StrBuf *sb)
{
    Slot *slots = xcalloc((size_t)c->site->pragma.nvars + 1, sizeof(Slot));
    int nslots = slots_of(c->site, slots);
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, ",\n                pr_id%d, (%s *)(pr_dev + pr_part%d_at), (unsigned char *)(pr_dev + pr_res_at + (size_t)pr_c * %d + %d)",
                      k, slots[k].type, k, 32 * nslots, 32 * k);
}

static void emit_wrapper_params(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const char *sep = "";
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (is_section(rv))
            continue;
        strbuf_printf(sb, "%s%s *pr_ref_%s", sep, var_type(rv->var), rv->name);
        sep = ", ";
    }
    emit_section_wrapper_params(c, sb, &sep);
    for (int k = 0; k < site->nprivates; k++) {
        strbuf_printf(sb, "%s%s *pr_ref_%s", sep, var_type(site->privates[k]), site->privates[k]->name);
        sep = ", ";
    }
    if (!site->info.iv_declared_in_loop) {
        strbuf_printf(sb, "%s%s *pr_ref_%s", sep, site->info.iv_type, site->info.iv->name);
        sep = ", ";
    }
    for (int k = 0; k < site->ninner; k++) {
        if (!site->inner[k].iv_declared_in_loop) {
            strbuf_printf(sb, "%s%s *pr_ref_%s", sep, site->inner[k].iv_type, site->inner[k].iv->name);
            sep = ", ";
        }
    }
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind == CAP_ARRAY)
            strbuf_printf(sb, "%s%s", sep, array_param(cap));
        else
            strbuf_printf(sb, "%s%s %s", sep, cap->type, cap->var->name);
        sep = ", ";
    }
    /* in(a[first:count]) is evaluated where the loop was, in the user's scope */
    for (int k = 0; k < site->pragma.nsections; k++) {
        const char *n = site->pragma.sections[k].name;
        strbuf_printf(sb, "%slong long pr_in_%s_lo, long long pr_in_%s_n", sep, n, n);
        for (int m = 0; m < site->pragma.sections[k].nmore; m++)
            strbuf_printf(sb, ", long long pr_in_%s_lo%d, long long pr_in_%s_n%d", n, m + 1, n, m + 1);
        sep = ", ";
    }
    /* element accumulators: where the element lives (element.c) */
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (element_named(c->src, rv->name)) {
            strbuf_printf(sb, "%s%s *pr_home_%s", sep, var_type(rv->var), rv->name);
            sep = ", ";
        }
    }
    if (site_in_team(site)) { /* set when the team is to run the loop (emit_team.c) */
        strbuf_printf(sb, "%sbool *pr_team_cpu", sep);
        sep = ", ";
    }
    if (!*sep)
        strbuf_puts(sb, "void");
}

static void emit_launch(const Ctx *c, StrBuf *sb, const char *idx, int unroll)
{
    const Site *site = c->site;
    const char *p = c->p;
    strbuf_printf(sb, "            %s_kernel<%s, %d><<<pr_grid, %d, pr_smem>>>(", p, idx, unroll, site->plan.block);
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind == CAP_ARRAY)
            strbuf_printf(sb, "pr_d_%s, ", cap->var->name);
        else if (cap->kind == CAP_TABLE)
            strbuf_printf(sb, "pr_t_%s, ", cap->var->name);
        else
            strbuf_printf(sb, "%s, ", cap->var->name);
    }
    strbuf_printf(sb, "pr_clo, (%s)pr_step, (%s)pr_n", idx, idx);
    for (int k = 0; k < site->ninner; k++)
        strbuf_printf(sb, ", pr_lo%d, (%s)pr_step%d, (%s)pr_trip%d", k + 1, idx, k + 1, idx, k + 1);
    emit_slot_args(c, sb);
    emit_section_launch_args(c, sb);
    strbuf_puts(sb, ");\n");
}

void emit_trip_expr(StrBuf *sb, const LoopInfo *li, const char *lo, const char *step)
{
    switch (li->cmp) {
    case CMP_LT:
    case CMP_LE:
        strbuf_printf(sb, "pragreduce::trip_up(%s, (%s), %s, %s)", lo, li->hi, step,
                      li->cmp == CMP_LE ? "true" : "false");
        break;
    case CMP_GT:
    case CMP_GE:
        strbuf_printf(sb, "pragreduce::trip_down(%s, (%s), %s, %s)", lo, li->hi, step,
                      li->cmp == CMP_GE ? "true" : "false");
        break;
    case CMP_NE:
        strbuf_printf(sb, "pragreduce::trip_ne(%s, (%s), %s)", lo, li->hi,
                      li->step_down ? "true" : "false");
        break;
    }
}

/* One loop level's first value, step and trip count, named pr_lo<S>,
 * pr_step<S> and `trip`. */
static void emit_level_trip(const Ctx *c, StrBuf *sb, const LoopInfo *li, const char *s,
                            const char *trip)
{
    const char *p = c->p;
    strbuf_printf(sb, "    const %s pr_lo%s = (%s)(%s);\n", li->iv_type, s, li->iv_type, li->lo);
    strbuf_printf(sb, "    const pragreduce::u64 pr_step%s = (pragreduce::u64)(%s);\n", s, li->step);
    if (li->step_runtime_check)
        strbuf_printf(sb,
                      "    if (pr_step%s == 0) {\n"
                      "        fprintf(stderr, \"%%s: the loop step is 0, so the loop would never "
                      "end\\n\", %s_site);\n"
                      "        exit(1);\n    }\n",
                      s, p);
    strbuf_printf(sb, "    const pragreduce::u64 %s = ", trip);
    emit_trip_expr(sb, li, xformat("pr_lo%s", s), xformat("pr_step%s", s));
    strbuf_puts(sb, ";\n");
}

/* emit_level_trip's lines (one level of indentation) with `indent` more
 * before each. */
static void emit_level_trip_indented(const Ctx *c, StrBuf *sb, const LoopInfo *li, const char *s,
                                     const char *trip, const char *indent)
{
    StrBuf level = {0};
    emit_level_trip(c, &level, li, s, trip);
    for (const char *q = level.buf; q && *q;) {
        const char *nl = strchr(q, '\n');
        size_t len = nl ? (size_t)(nl - q + 1) : strlen(q);
        strbuf_printf(sb, "%s%.*s", indent, (int)len, q);
        q += len;
    }
    strbuf_free(&level);
}

/* A cost model fact as C++ text (an infinite one as a huge number). */
static char *fact_text(double v) { return isinf(v) ? xstrdup("1e300") : xformat("%.9g", v); }

/* Auto mode's thresholds for this call when the body's inner loops are
 * range variables: the model counts 16 trips a loop, and a loop over a
 * matrix's row runs 1,000 (gemm's CPU path weighed as 300 ns an iteration
 * against 1.2 ms). Their trips at the middle iteration (its bounds are
 * safe to evaluate: no loads, calls or division by a variable) scale one
 * iteration's CPU time; the runtime's scaled_threshold redoes the
 * model's arithmetic with it. False (nothing written) without such loops. */
bool emit_work_scale(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    const LaunchPlan *pl = &site->plan;
    char *work = cost_work_expr(site);
    if (!work || pl->cpu_ns <= 0)
        return false;
    strbuf_puts(sb, "    /* one iteration's work at this call: its inner loops' trips (at the middle\n"
                    "       iteration) over the cost model's 16 a loop, for auto mode's thresholds */\n"
                    "    const double pr_work = pr_trip == 0 || pragreduce::device_mode() != pragreduce::MODE_AUTO ? 1.0 : [&]() {\n");
    strbuf_printf(sb, "        const %s %s = pragreduce::iv_at<%s, %s>(pr_lo, pr_trip / 2, pr_step);\n"
                      "        (void)%s;\n",
                  li->iv_type, li->iv->name, li->iv_type, li->step_down ? "true" : "false", li->iv->name);
    for (int r = 0; r < site->nranges; r++) {
        const RangeVar *rv = &site->ranges[r];
        if (rv->level != 0 || !strstr(work, xformat("pr_trip_w%d ", r)))
            continue;
        emit_level_trip_indented(c, sb, &rv->info, xformat("_w%d", r), xformat("pr_trip_w%d", r), "    ");
    }
    strbuf_printf(sb, "        return %s;\n    }();\n", work);
    strbuf_printf(sb,
                  "    static constexpr pragreduce::WorkFacts pr_facts = {%s, %s, %s, %s, %s, %s, %s};\n"
                  "    const pragreduce::u64 pr_cpu_below = pragreduce::scaled_threshold(pr_facts, pr_work, false);\n"
                  "    const pragreduce::u64 pr_cpu_below_kept = pragreduce::scaled_threshold(pr_facts, pr_work, true);\n",
                  fact_text(pl->cpu_ns), fact_text(pl->link_ns), fact_text(pl->staged_ns),
                  fact_text(pl->staged_from), fact_text(pl->fixed_ns), fact_text(pl->kept_gpu_ns),
                  fact_text(pl->kept_fixed_ns));
    return true;
}

/* First and last values of the range variables subscripts move with:
 * collapsed levels (computed above) and inner loops with fixed bounds. */
static void emit_range_vars(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    for (int r = 0; r < site->nranges; r++) {
        const RangeVar *rv = &site->ranges[r];
        const LoopInfo *in = &rv->info;
        const char *down = in->step_down ? "true" : "false";
        int level = rv->level;
        if (rv->follows_iv)
            continue; /* in pr_extents, over the iterations it covers */
        if (level > 0) {
            strbuf_printf(sb,
                          "    const long long pr_rv%d_first = (long long)pr_lo%d;\n"
                          "    const long long pr_rv%d_last = (long long)pragreduce::iv_at<%s, %s>(pr_lo%d, pr_trip%d - 1, pr_step%d);\n"
                          "    const bool pr_rv%d_runs = true;\n"
                          "    (void)pr_rv%d_first, (void)pr_rv%d_last, (void)pr_rv%d_runs;\n",
                          r, level, r, in->iv_type, down, level, level, level, r, r, r, r);
            continue;
        }
        char *s = xformat("_rv%d", r);
        unsigned line, col;
        source_line_col(c->src, in->init->start, &line, &col);
        strbuf_printf(sb, "    /* '%s' of the inner loop at line %u */\n", in->iv->name, line);
        emit_level_trip(c, sb, in, s, xformat("pr_trip%s", s));
        strbuf_printf(sb,
                      "    const bool pr_rv%d_runs = pr_trip%s != 0;\n"
                      "    const long long pr_rv%d_first = (long long)pr_lo%s;\n"
                      "    const long long pr_rv%d_last = pr_rv%d_runs ? (long long)pragreduce::iv_at<%s, %s>(pr_lo%s, pr_trip%s - 1, pr_step%s) : 0;\n"
                      "    (void)pr_rv%d_first, (void)pr_rv%d_last, (void)pr_rv%d_runs;\n",
                      r, s, r, s, r, r, in->iv_type, down, s, s, s, r, r, r);
    }
}

/* Inside pr_extents: the first and last values of the range variables
 * whose bounds read the marked loop's variable (j <= i), the union over
 * the iterations from pr_first to pr_final, each evaluated as the loop
 * would (a host loop: O(iterations), against the loop's own work). */
static void emit_range_vars_of_iv(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    const char *down = li->step_down ? "true" : "false";
    for (int r = 0; r < site->nranges; r++) {
        const RangeVar *rv = &site->ranges[r];
        if (!rv->follows_iv)
            continue;
        const LoopInfo *in = &rv->info;
        unsigned line, col;
        source_line_col(c->src, in->init->start, &line, &col);
        char *s = xformat("_rv%d", r);
        strbuf_printf(sb,
                      "        /* '%s' of the inner loop at line %u, whose bounds read '%s': over\n"
                      "           the iterations from pr_first to pr_final */\n"
                      "        long long pr_rv%d_first = LLONG_MAX, pr_rv%d_last = LLONG_MIN;\n"
                      "        bool pr_rv%d_runs = false;\n"
                      "        {\n"
                      "            const pragreduce::u64 pr_its = (pragreduce::u64)(%s ? pr_first - pr_final : pr_final - pr_first) / pr_step + 1;\n"
                      "            for (pragreduce::u64 pr_t = 0; pr_t < pr_its; pr_t++) {\n"
                      "                const %s %s = pragreduce::iv_at<%s, %s>(pr_first, pr_t, pr_step);\n",
                      in->iv->name, line, li->iv->name, r, r, r, down, li->iv_type, li->iv->name,
                      li->iv_type, down);
        emit_level_trip_indented(c, sb, in, s, xformat("pr_trip%s", s), "            ");
        strbuf_printf(sb,
                      "                if (pr_trip%s == 0)\n"
                      "                    continue;\n"
                      "                const long long pr_a = (long long)pr_lo%s;\n"
                      "                const long long pr_b = (long long)pragreduce::iv_at<%s, %s>(pr_lo%s, pr_trip%s - 1, pr_step%s);\n"
                      "                const long long pr_min = pr_a < pr_b ? pr_a : pr_b, pr_max = pr_a < pr_b ? pr_b : pr_a;\n"
                      "                if (pr_min < pr_rv%d_first) pr_rv%d_first = pr_min;\n"
                      "                if (pr_max > pr_rv%d_last) pr_rv%d_last = pr_max;\n"
                      "                pr_rv%d_runs = true;\n"
                      "            }\n"
                      "        }\n"
                      "        (void)pr_rv%d_first, (void)pr_rv%d_last, (void)pr_rv%d_runs;\n",
                      s, s, in->iv_type, in->step_down ? "true" : "false", s, s, s, r, r, r, r, r, r, r, r);
    }
}

/* Arrays the loop writes must not share memory with the others it uses:
 * through a shared element one iteration would read what another wrote,
 * and only the sequential loop gets that right. */
static void emit_alias_check(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    bool any = false;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *w = &site->captures[i];
        if (w->kind != CAP_ARRAY || !w->written)
            continue;
        for (int j = 0; j < site->ncaptures; j++) {
            const Capture *o = &site->captures[j];
            if (j == i || o->kind != CAP_ARRAY || (o->written && j < i))
                continue;
            if (!any)
                strbuf_puts(sb, "    /* written arrays that overlap others on the host: the loop as written */\n"
                                "    if (false");
            any = true;
            strbuf_printf(sb,
                          " ||\n        pragreduce::overlaps(%s + pr_%s_lo, (size_t)pr_%s_n * sizeof(%s), "
                          "%s + pr_%s_lo, (size_t)pr_%s_n * sizeof(%s))",
                          w->var->name, w->var->name, w->var->name, array_elem(w), o->var->name,
                          o->var->name, o->var->name, array_elem(o));
        }
    }
    /* element accumulators: the element must not lie in an array the loop
     * reads or writes, nor be another accumulator */
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!element_named(c->src, rv->name))
            continue;
        for (int j = 0; j < site->ncaptures; j++) {
            const Capture *o = &site->captures[j];
            if (o->kind != CAP_ARRAY || element_apart(c->src, site, rv, o))
                continue; /* (the loop's accesses to it all miss the element) */
            if (!any)
                strbuf_puts(sb, "    /* arrays that overlap an accumulator or each other on the host: the loop as written */\n"
                                "    if (false");
            any = true;
            strbuf_printf(sb,
                          " ||\n        pragreduce::overlaps(pr_home_%s, sizeof(%s), %s + pr_%s_lo, (size_t)pr_%s_n * sizeof(%s))",
                          rv->name, var_type(rv->var), o->var->name, o->var->name, o->var->name,
                          array_elem(o));
        }
        for (int w = 0; w < site->pragma.nvars; w++) {
            const ReduceVar *ow = &site->pragma.vars[w];
            /* (a scalar accumulator cannot be the element: reduction.c) */
            if (w == v || w < v || !element_named(c->src, ow->name))
                continue;
            if (!any)
                strbuf_puts(sb, "    /* arrays that overlap an accumulator or each other on the host: the loop as written */\n"
                                "    if (false");
            any = true;
            strbuf_printf(sb, " ||\n        pragreduce::overlaps(pr_home_%s, sizeof(%s), pr_home_%s, sizeof(%s))",
                          rv->name, var_type(rv->var), ow->name, var_type(ow->var));
        }
    }
    /* array sections: no array the loop reads or writes, no other section or
     * element accumulator may share their bytes */
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        char *range = xformat("%s + pr_sec_%s_lo, (size_t)pr_sec_%s_n * sizeof(%s)", rv->name, rv->name,
                              rv->name, type_cxx_name(reduce_accum_type(rv)));
        for (int j = 0; j < site->ncaptures; j++) {
            const Capture *o = &site->captures[j];
            if (o->kind != CAP_ARRAY)
                continue;
            if (!any)
                strbuf_puts(sb, "    /* arrays that overlap an accumulator or each other on the host: the loop as written */\n"
                                "    if (false");
            any = true;
            strbuf_printf(sb, " ||\n        pragreduce::overlaps(%s, %s + pr_%s_lo, (size_t)pr_%s_n * sizeof(%s))",
                          range, o->var->name, o->var->name, o->var->name, array_elem(o));
        }
        for (int w = 0; w < site->pragma.nvars; w++) {
            const ReduceVar *ow = &site->pragma.vars[w];
            bool sec = is_section(ow) && w > v, elem = element_named(c->src, ow->name) != NULL;
            if (!sec && !elem)
                continue;
            if (!any)
                strbuf_puts(sb, "    /* arrays that overlap an accumulator or each other on the host: the loop as written */\n"
                                "    if (false");
            any = true;
            if (sec)
                strbuf_printf(sb, " ||\n        pragreduce::overlaps(%s, %s + pr_sec_%s_lo, (size_t)pr_sec_%s_n * sizeof(%s))",
                              range, ow->name, ow->name, ow->name, type_cxx_name(reduce_accum_type(ow)));
            else
                strbuf_printf(sb, " ||\n        pragreduce::overlaps(%s, pr_home_%s, sizeof(%s))", range,
                              ow->name, var_type(ow->var));
        }
    }
    if (any)
        strbuf_puts(sb, ") {\n        pr_on_cpu();\n        return;\n    }\n");
}

/* Whether clang's type is int or a narrower type that promotes to it. */
static bool promotes_to_int(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Int:
    case CXType_Short:
    case CXType_UShort:
    case CXType_SChar:
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_UChar:
    case CXType_Bool:
        return true;
    default:
        return false;
    }
}

/* Whether every trip count the C program can run fits the 32-bit kernel
 * (pr_narrow): one level counting up from a constant >= 0 (> 0 for `<=`)
 * by a constant step, an int induction variable and a bound of int type
 * or narrower. Its last value is below INT_MAX, so at most INT_MAX
 * iterations; a longer run would overflow `i` first. The 64-bit kernel is
 * then never launched and not instantiated (nvcc's time: issue 41). */
static bool trip_always_narrow(const Site *site)
{
    const LoopInfo *li = &site->info;
    long long lo, step, hi;
    if (site->ninner || site->segment || li->step_down || li->step_runtime_check || !li->iv)
        return false;
    if (li->cmp != CMP_LT && li->cmp != CMP_LE)
        return false;
    if (clang_getCanonicalType(li->iv->type).kind != CXType_Int || !li->lo_node || !li->hi_node)
        return false;
    step = 1; /* ++, which has no step node */
    if (!ast_int_constant(li->lo_node, &lo) ||
        (li->step_node && !ast_int_constant(li->step_node, &step)))
        return false;
    if (lo < (li->cmp == CMP_LE ? 1 : 0) || step < 1 || step > 0x7fffffffLL)
        return false;
    if (ast_int_constant(li->hi_node, &hi))
        return hi <= 0x7fffffffLL;
    return promotes_to_int(ast_strip(li->hi_node)->type);
}

/* One chunk's launch of the reduction kernel: one block for small loops,
 * else the plan's grid, in 32- or 64-bit index arithmetic. */
static void emit_reduce_launch(const Ctx *c, StrBuf *sb, int tile)
{
    const Site *site = c->site;
    const char *p = c->p;
    /* Small loops: one block with more loads in flight beats a grid whose
     * blocks must then be combined (the last-block combine costs ~1.7 us on
     * an H100; bench/NOTES.md), up to ~256 KiB read and ~2^18 operations. */
    CostFacts facts = cost_facts(c->src, site);
    double per = facts.bytes_per_iter > facts.ops_per_iter ? facts.bytes_per_iter : facts.ops_per_iter;
    cost_facts_free(&facts);
    unsigned long long one_block_max = (unsigned long long)(262144.0 / (per > 1.0 ? per : 1.0));
    /* 8 loads in flight, from a whole tile up (a partial tile would leave
     * the block a long scalar remainder); not for collapsed nests, whose
     * index splitting is arithmetic the one block would do alone */
    const int one_block_unroll = 8;
    unsigned long long one_block_min =
        (unsigned long long)site->plan.block * (unsigned long long)site->plan.vector * one_block_unroll;
    bool one_block = site->ninner == 0 && site->plan.unroll < one_block_unroll &&
                     one_block_max >= one_block_min;
    if (one_block)
        strbuf_printf(sb,
                      "        /* %llu to %llu iterations: one block with %d loads in flight per thread does it all */\n"
                      "        const bool pr_one_block = pr_narrow && pr_n >= %lluULL && pr_n <= %lluULL;\n",
                      one_block_min, one_block_max, one_block_unroll, one_block_min, one_block_max);
    else
        strbuf_puts(sb, "        const bool pr_one_block = false;\n");
    strbuf_printf(sb,
                  "        const unsigned pr_grid = pr_one_block ? 1u : pragreduce::section_grid(pr_sec_global, pragreduce::grid_size(pr_n, %d, *pr_occ, %d, %s_site), %s_site);\n"
                  "        /* one launch (PRAGREDUCE_BENCH=N times it instead) */\n"
                  "        pragreduce::run_launch(%s_site, pr_n, [&]() {\n",
                  tile, site->plan.waves, p, p, p);
    emit_section_launch_before(c, sb);
    if (one_block) {
        strbuf_puts(sb, "        if (pr_one_block)\n");
        emit_launch(c, sb, "unsigned", one_block_unroll);
        strbuf_puts(sb, "        else if (pr_narrow)\n");
    } else if (!trip_always_narrow(site)) {
        strbuf_puts(sb, "        if (pr_narrow)\n");
    }
    emit_launch(c, sb, "unsigned", site->plan.unroll);
    if (!trip_always_narrow(site)) {
        strbuf_puts(sb, "        else\n");
        emit_launch(c, sb, "pragreduce::u64", site->plan.unroll);
    }
    strbuf_printf(sb, "        PRAGREDUCE_CHECK(%s_site, \"kernel launch\", cudaGetLastError());\n", p);
    emit_section_launch_after(c, sb);
    strbuf_puts(sb, "        });\n");
}

/* Variable v is the min or the max of an `if (x < mn) ... else if (x > mx)` pair. */
static bool in_minmax_pair(const Site *site, int v)
{
    for (int k = 0; k < site->nminmax_pairs; k++)
        if (site->minmax_pairs[k][0] == v || site->minmax_pairs[k][1] == v)
            return true;
    return false;
}

bool site_writes_arrays(const Site *site)
{
    for (int i = 0; i < site->ncaptures; i++)
        if (site->captures[i].kind == CAP_ARRAY && site->captures[i].written)
            return true;
    return false;
}

/* The alignment a kept copy must give the array's first element: 16 where
 * the kernel loads it in 16-byte vectors from there, else any (a parallel
 * loop's stores; its marked loops' vector loads check at run time). */
static int resident_align(const Site *site, const Capture *cap)
{
    return !site->segment && site->plan.vector > 1 && cap->vec_ok && !cap->section ? 16 : 1;
}

static bool has_float_minmax(const Site *site);
static bool has_elements(const Ctx *c);

/* Whether a call may split its iterations over several GPUs
 * (PRAGREDUCE_GPUS): reductions and parallel loops whose parts need nothing
 * from each other but their results. Nests (a parallel loop with marked or
 * parallel loops inside), private() values the last iteration leaves,
 * sections, tables of pointers and element accumulators keep one GPU; so
 * does a floating-point min/max beside written arrays (its CPU rerun
 * restores them from one snapshot). */
static bool splits_over_gpus(const Ctx *c)
{
    const Site *site = c->site;
    const Segment *seg = site->segment;
    if ((seg && (seg->nmarked || seg->nchildren)) || site->nprivates || site_has_sections(site) ||
        has_elements(c) || (has_float_minmax(site) && site_writes_arrays(site)))
        return false;
    for (int i = 0; i < site->ncaptures; i++)
        if (site->captures[i].kind == CAP_TABLE)
            return false;
    return true;
}

/* While `keep`, the kept device copy of the elements cap's extents name
 * (pragreduce::resident_in, or _inout for a written array) into `dest`,
 * indexed like the host array; without one, `give_up`. */
static void emit_keep_copy(const Ctx *c, StrBuf *sb, const Capture *cap, const char *indent, const char *keep,
                           const char *dest, const char *give_up, bool may_overwrite)
{
    const char *n = cap->var->name;
    const bool overwrite = may_overwrite && cap->overwrite_when;
    if (overwrite)
        strbuf_printf(sb, "%s/* the kernel writes every element of '%s' it covers before reading any: no copy in */\n",
                      indent, n);
    strbuf_printf(sb,
                  "%sif (%s && pr_%s_n > 0) {\n"
                  "%s    %svoid *pr_q = pragreduce::resident_%s(%s + pr_%s_lo, (size_t)pr_%s_n * sizeof(%s), "
                  "%s_site, nullptr, %d%s%s);\n"
                  "%s    if (pr_q)\n"
                  "%s        %s = (%s)pr_q - pr_%s_lo;\n"
                  "%s    else\n"
                  "%s        %s;\n"
                  "%s}\n",
                  indent, keep, n, indent, cap->written ? "" : "const ", cap->written ? "inout" : "in", n, n, n,
                  array_elem(cap), c->p, resident_align(c->site, cap), overwrite ? ", " : "",
                  overwrite ? cap->overwrite_when : "", indent, indent, dest, array_decl(cap, "", ""), n, indent, indent,
                  give_up, indent);
}

/* Several GPUs: the iterations in pr_gpus parts of pr_part (whole outer
 * iterations), part k on the team's GPU k, which keeps its own copies of
 * the elements the part reads and writes, acquired before any launch. One
 * GPU when the team has one, copies are not kept, the loop is small, the
 * parts' written elements would interleave (each copy would bring back
 * stale bytes of another's), or a part's copies do not fit. */
static void emit_team_split(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    const char *down = li->step_down ? "true" : "false";
    if (!splits_over_gpus(c)) {
        strbuf_puts(sb, "    /* one GPU: a nest, sections, tables or a rerun on the CPU need it whole */\n"
                        "    const unsigned pr_gpus = 1;\n"
                        "    const pragreduce::u64 pr_part = pr_trip;\n");
        return;
    }
    strbuf_printf(sb,
                  "    /* several GPUs (PRAGREDUCE_GPUS): part k of the iterations on the team's GPU k,\n"
                  "       with its own kept copies of the elements it reads and writes */\n"
                  "    unsigned pr_gpus = 1;\n"
                  "    const pragreduce::u64 pr_part = pragreduce::team_part(pr_trip / pr_unit, pr_unit,\n"
                  "        pragreduce::resident_on(), %lluULL, &pr_gpus);\n",
                  site->plan.cpu_below_kept > cost_team_threshold() ? site->plan.cpu_below_kept
                                                                    : cost_team_threshold());
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind == CAP_ARRAY)
            strbuf_printf(sb, "    %s = {};\n",
                          array_decl(cap, "", xformat("pr_t_%s[pragreduce::max_team]", cap->var->name)));
    }
    strbuf_printf(sb,
                  "    /* part k's iterations: from pr_k * pr_part, pr_part of them (fewer in the last) */\n"
                  "    auto pr_part_extents = [&](unsigned pr_k) -> size_t {\n"
                  "        const pragreduce::u64 pr_from = (pragreduce::u64)pr_k * pr_part;\n"
                  "        const pragreduce::u64 pr_to = pr_trip - pr_from < pr_part ? pr_trip : pr_from + pr_part;\n"
                  "        return pr_extents(pragreduce::iv_at<%s, %s>(pr_lo, pr_from / pr_unit, pr_step),\n"
                  "                          pragreduce::iv_at<%s, %s>(pr_lo, pr_to / pr_unit - 1, pr_step));\n"
                  "    };\n",
                  li->iv_type, down, li->iv_type, down);
    bool any_written = false;
    for (int i = 0; i < site->ncaptures; i++)
        if (site->captures[i].kind == CAP_ARRAY && site->captures[i].written)
            any_written = true;
    if (any_written) {
        strbuf_puts(sb, "    if (pr_gpus > 1) {\n"
                        "        /* each written array's elements, part by part: apart, or one GPU */\n");
        for (int i = 0; i < site->ncaptures; i++) {
            const Capture *cap = &site->captures[i];
            if (cap->kind == CAP_ARRAY && cap->written)
                strbuf_printf(sb, "        long long pr_w_%s_lo[pragreduce::max_team], pr_w_%s_hi[pragreduce::max_team];\n",
                              cap->var->name, cap->var->name);
        }
        strbuf_puts(sb, "        for (unsigned pr_k = 0; pr_k < pr_gpus; pr_k++) {\n"
                        "            pr_part_extents(pr_k);\n");
        for (int i = 0; i < site->ncaptures; i++) {
            const Capture *cap = &site->captures[i];
            if (cap->kind != CAP_ARRAY || !cap->written)
                continue;
            const char *n = cap->var->name;
            strbuf_printf(sb,
                          "            pr_w_%s_lo[pr_k] = pr_%s_lo;\n"
                          "            pr_w_%s_hi[pr_k] = pr_%s_lo + pr_%s_n;\n"
                          "            for (unsigned pr_j = 0; pr_j < pr_k; pr_j++)\n"
                          "                if (pr_%s_n > 0 && pr_w_%s_lo[pr_j] < pr_w_%s_hi[pr_j] &&\n"
                          "                    pr_w_%s_lo[pr_j] < pr_w_%s_hi[pr_k] && pr_w_%s_lo[pr_k] < pr_w_%s_hi[pr_j])\n"
                          "                    pr_gpus = 1;\n",
                          n, n, n, n, n, n, n, n, n, n, n, n);
        }
        strbuf_puts(sb, "        }\n    }\n");
    }
    strbuf_puts(sb, "    /* the parts' large copies gathered, then made at once: a host thread per GPU */\n"
                    "    pragreduce::team_copies pr_team_copies;\n"
                    "    for (unsigned pr_k = 0; pr_k < pr_gpus && pr_gpus > 1; pr_k++) {\n"
                    "        pragreduce::on_device pr_on(pragreduce::team().device[pr_k]);\n"
                    "        if (!pragreduce::resident_fits(pr_part_extents(pr_k)))\n"
                    "            pr_gpus = 1;\n");
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY)
            continue;
        emit_keep_copy(c, sb, cap, "        ", "pr_gpus > 1", xformat("pr_t_%s[pr_k]", cap->var->name),
                       "pr_gpus = 1", false);
    }
    strbuf_puts(sb, "    }\n"
                    "    pr_team_copies.run();\n"
                    "    pr_extents(pr_lo, pr_last); /* the whole loop's again */\n");
}

/* Residency: each array's device copy from the enclosing function's region
 * (pragreduce::region), reused when the host has not written it since the
 * last loop that read it. When one cannot be kept (residency off, no room)
 * every array is copied into the call's scratch as before. */
static void emit_resident(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    strbuf_puts(sb, "    /* device copies kept between loops while the enclosing function runs,\n"
                    "       reused when the host has not written the elements since */\n"
                    "    bool pr_resident = pr_gpus == 1 && pragreduce::resident_on() && pragreduce::resident_fits(pr_all);\n");
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY)
            continue;
        const char *n = cap->var->name;
        strbuf_printf(sb, "    %s = nullptr;\n", array_decl(cap, "", xformat("pr_r_%s", n)));
        emit_keep_copy(c, sb, cap, "    ", "pr_resident", xformat("pr_r_%s", n), "pr_resident = false", true);
    }
    if (splits_over_gpus(c))
        strbuf_puts(sb, "    if (pr_gpus > 1)\n"
                        "        pr_resident = true; /* on the team's GPUs, part by part */\n");
}

/* Whether the site has a floating-point min/max (its result is checked). */
static bool has_float_minmax(const Site *site)
{
    for (int v = 0; v < site->pragma.nvars; v++)
        if (float_minmax(&site->pragma.vars[v]))
            return true;
    return false;
}

/* A loop that writes arrays and may run again on the CPU after the GPU
 * (emit_order_check): the elements it writes, as they were before, so the
 * second run reads what the first read (`y[i] += x` must not add twice). */
static void emit_output_snapshot(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    if (!(has_float_minmax(site) || site_has_sections(site)) || !site_writes_arrays(site))
        return;
    strbuf_puts(sb, "    /* the elements the loop writes, as they were: a run on the CPU after the GPU's\n"
                    "       (a floating-point min/max whose result depends on the order) starts from them;\n"
                    "       what the kernel writes comes back at once, so that they can be restored */\n"
                    "    pragreduce::eager_copy_back pr_eager;\n");
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY || !cap->written)
            continue;
        const char *n = cap->var->name;
        strbuf_printf(sb,
                      "    const long long pr_saved_%s_lo = pr_%s_lo;\n"
                      "    pragreduce::saved_bytes pr_saved_%s((size_t)(pr_%s_n > 0 ? pr_%s_n : 0) * sizeof(%s));\n"
                      "    if (!pr_saved_%s.empty()) {\n"
                      "        pragreduce::host_reads(%s + pr_saved_%s_lo, pr_saved_%s.size());\n"
                      "        memcpy(pr_saved_%s.data(), %s + pr_saved_%s_lo, pr_saved_%s.size());\n"
                      "    }\n",
                      n, n, n, n, n, array_elem(cap), n, n, n, n, n, n, n, n);
    }
}

/* The written elements as emit_output_snapshot saved them, before the loop
 * runs again on the CPU. */
static void emit_output_restore(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    if (!(has_float_minmax(site) || site_has_sections(site)))
        return;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind == CAP_ARRAY && cap->written)
            strbuf_printf(sb,
                          "        if (!pr_saved_%s.empty())\n"
                          "            memcpy(%s + pr_saved_%s_lo, pr_saved_%s.data(), pr_saved_%s.size());\n",
                          cap->var->name, cap->var->name, cap->var->name, cap->var->name, cap->var->name);
    }
}

/* A floating-point min/max whose result is a zero or a NaN may differ from
 * the sequential loop's (which zero's sign it keeps, which NaN, one it took
 * and then dropped): the loop runs again as written, on the CPU. */
static void emit_order_check(const Ctx *c, StrBuf *sb, const Slot *slots, int nslots)
{
    const Site *site = c->site;
    if (!has_float_minmax(site))
        return;
    strbuf_puts(sb, "    /* a zero or NaN min/max may depend on the iteration order (a zero keeps the\n"
                    "       sign of the first or last one the loop met): the loop as written */\n"
                    "    if (false");
    for (int k = 0; k < nslots; k++)
        if (slots[k].index < 0 && float_minmax(&site->pragma.vars[slots[k].var]))
            strbuf_printf(sb, " ||\n        pragreduce::order_sensitive(pr_final%d)", k);
    strbuf_puts(sb, ") {\n");
    emit_output_restore(c, sb);
    strbuf_puts(sb, "        pr_on_cpu();\n        return;\n    }\n");
}

/* The parameters of the loop as written (pr_as_written): its arrays, under
 * the names the loop uses, so that a call may pass other copies of them. */
/* A scalar the loop reads, passed to the loop as written by value: a
 * number or a pointer (not volatile). Captured by reference instead, its
 * every read would go through memory that the loop's stores may alias (a
 * double `a` in `y[i] += a * x[i]`), which keeps the compiler from
 * vectorizing the loop: 2x the plain loop's time (bench/call_overhead.c). */
static bool scalar_by_value(const Capture *cap)
{
    if (cap->kind != CAP_SCALAR || cap->var->is_volatile || !cap->type)
        return false;
    CXType t = clang_getCanonicalType(cap->var->type);
    if (clang_isVolatileQualifiedType(t))
        return false;
    return t.kind == CXType_Pointer || t.kind == CXType_Enum ||
           (t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin && t.kind != CXType_Void);
}

/* One scalar the loop as written writes (an accumulator, a private, an
 * induction variable), as a local of pr_as_written: captured by reference,
 * its every use would go through the wrapper's memory, which the loop's
 * stores may alias, and the compiler keeps it there instead of in a
 * register: gemm's CPU path at LARGE took 2.0 s against the plain loop's
 * 0.44 (bench/NOTES.md, session 45). `at` points at the wrapper's copy,
 * which the local's value goes back to at the end. */
static void local_scalar_open(StrBuf *sb, const Var *v)
{
    if (v->is_volatile)
        return; /* (every access stays as written) */
    strbuf_printf(sb, "        auto *const pr_at_%s = &%s;\n        auto %s = *pr_at_%s;\n", v->name, v->name,
                  v->name, v->name);
}

static void local_scalar_close(StrBuf *sb, const Var *v)
{
    if (!v->is_volatile)
        strbuf_printf(sb, "        *pr_at_%s = %s;\n", v->name, v->name);
}

/* Each scalar the wrapper holds for the loop as written (emit_wrapper's
 * locals), opened as locals of pr_as_written or closed back. */
static void local_scalars(const Ctx *c, StrBuf *sb, bool open)
{
    const Site *site = c->site;
    void (*each)(StrBuf *, const Var *) = open ? local_scalar_open : local_scalar_close;
    if (open)
        strbuf_puts(sb, "        /* the loop's scalars in locals, back in the wrapper's at the end (registers,\n"
                        "           not memory the loop's stores may alias) */\n");
    for (int v = 0; v < site->pragma.nvars; v++)
        if (!is_section(&site->pragma.vars[v]))
            each(sb, site->pragma.vars[v].var);
    for (int k = 0; k < site->nprivates; k++)
        if (!site->privates_kept || !site->privates_kept[k])
            each(sb, site->privates[k]);
    if (!site->info.iv_declared_in_loop)
        each(sb, site->info.iv);
    for (int k = 0; k < site->ninner; k++)
        if (!site->inner[k].iv_declared_in_loop)
            each(sb, site->inner[k].iv);
}

static void emit_as_written_params(const Ctx *c, StrBuf *sb)
{
    const char *sep = "";
    for (int i = 0; i < c->site->ncaptures; i++) {
        const Capture *cap = &c->site->captures[i];
        if (cap->kind == CAP_TABLE)
            strbuf_printf(sb, "%s%s %s", sep, cap->type, cap->var->name);
        else if (cap->kind == CAP_ARRAY)
            strbuf_printf(sb, "%s%s", sep, array_param(cap));
        else if (scalar_by_value(cap))
            strbuf_printf(sb, "%s%s %s", sep, cap->type, cap->var->name);
        else
            continue;
        sep = ", ";
    }
}

/* Its arguments: the host arrays, or (`device`) the copies the kernel
 * would get, a fixed-size array under its C type. */
static void emit_as_written_args(const Ctx *c, StrBuf *sb, bool device)
{
    const char *sep = "";
    for (int i = 0; i < c->site->ncaptures; i++) {
        const Capture *cap = &c->site->captures[i];
        const char *n = cap->var->name;
        if (cap->kind == CAP_TABLE) {
            strbuf_printf(sb, "%s%s%s", sep, device ? "pr_t_" : "", n);
            sep = ", ";
            continue;
        }
        if (scalar_by_value(cap)) {
            strbuf_printf(sb, "%s%s", sep, n);
            sep = ", ";
            continue;
        }
        if (cap->kind != CAP_ARRAY)
            continue;
        char *ext = fixed_extent(cap);
        if (!device)
            strbuf_printf(sb, "%s%s", sep, n);
        else if (ext)
            strbuf_printf(sb, "%s*(%s)pr_d_%s", sep, fixed_array_type(cap, ext, "*"), n);
        else
            strbuf_printf(sb, "%spr_d_%s", sep, n);
        sep = ", ";
    }
}

/* `{(const volatile void *)a, ...}`: the arrays the loop reads, by their
 * names in the wrapper, for the auto mode's look at where they are. */
void emit_array_probe(const Ctx *c, StrBuf *sb)
{
    strbuf_puts(sb, "{");
    const char *sep = "";
    for (int i = 0; i < c->site->ncaptures; i++) {
        const Capture *cap = &c->site->captures[i];
        if (cap->kind != CAP_ARRAY && cap->kind != CAP_TABLE)
            continue;
        strbuf_printf(sb, "%s(const volatile void *)%s", sep, cap->var->name);
        sep = ", ";
    }
    strbuf_puts(sb, "}");
}

/* ------------------------------------------------------------ OpenMP */

typedef struct {
    const char *name;
    bool found;
} NameSearch;

static enum CXChildVisitResult find_local_decl(CXCursor cur, CXCursor parent, void *data)
{
    (void)parent;
    NameSearch *ns = data;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl || k == CXCursor_EnumConstantDecl) {
        CXString sp = clang_getCursorSpelling(cur);
        ns->found = strcmp(clang_getCString(sp), ns->name) == 0;
        clang_disposeString(sp);
        if (ns->found)
            return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* A name the CPU fallback knows as the loop did: the wrapper's copies of
 * the loop's variables keep their names. An induction variable the loop
 * declares (`for (int i = ...)`) is not one: at the OpenMP line, before
 * the loop, no `i` is in scope there. */
static bool known_to_fallback(const Site *site, const char *name)
{
    for (int v = 0; v < site->pragma.nvars; v++)
        if (!strcmp(site->pragma.vars[v].name, name))
            return true;
    for (int k = 0; k < site->pragma.nprivates; k++)
        if (!strcmp(site->pragma.privates[k].name, name))
            return true;
    for (int k = 0; k < site->nprivates; k++)
        if (!strcmp(site->privates[k]->name, name))
            return true;
    if (!site->info.iv_declared_in_loop && !strcmp(site->info.iv->name, name))
        return true;
    for (int k = 0; k < site->ninner; k++)
        if (!site->inner[k].iv_declared_in_loop && !strcmp(site->inner[k].iv->name, name))
            return true;
    for (int i = 0; i < site->ncaptures; i++)
        if (!strcmp(site->captures[i].var->name, name))
            return true;
    return false;
}

/* A variable of the enclosing function the fallback does not have (one
 * the loop does not use, or shadows with its own). */
static bool unknown_local(const Ctx *c, const char *name)
{
    if (known_to_fallback(c->site, name))
        return false;
    NameSearch ns = {name, false};
    clang_visitChildren(c->site->function, find_local_decl, &ns);
    return ns.found;
}

static bool token_is(const Source *src, size_t t, unsigned end, const char *text)
{
    return t < src->ntokens && src->tokens[t].offset < end && !strcmp(src->tokens[t].text, text);
}

/* The text of an OpenMP line for the CPU fallback, a function of its own
 * (its caller's variables the loop does not use are not there), or NULL
 * with *bad the first such variable it names where that matters. A
 * private, firstprivate or shared clause naming such a variable (srad's
 * `private(i, j, k)` over `for (int i ...) for (int j ...)`, whose
 * clauses name the function's i and j, which the loop never touches) says
 * nothing about the loop: the name is left out of the list (the clause
 * too when none is left), OpenMP's meaning unchanged. Any other mention
 * (`num_threads(nt)`, `lastprivate(j)`, `if(n > m)`) keeps the line off
 * the fallback. Other names (clauses, globals, macros, functions) mean
 * there what they meant. */
static const char *omp_fallback_text(const Ctx *c, const OmpLine *line, const char **bad)
{
    const Source *src = c->src;
    const unsigned len = line->end - line->start;
    char *cut = xcalloc(len + 1, 1);
    bool any = false;
    *bad = NULL;
    for (size_t t = source_token_at(src, line->start) + 3; t < src->ntokens && src->tokens[t].offset < line->end;
         t++) {
        const Token *tok = &src->tokens[t];
        if (tok->kind != CXToken_Identifier)
            continue;
        const bool list = !strcmp(tok->text, "private") || !strcmp(tok->text, "firstprivate") ||
                          !strcmp(tok->text, "shared");
        if (list && token_is(src, t + 1, line->end, "(")) {
            /* `(a, b, c)`: identifiers and commas only, else as any name */
            size_t q = t + 2, close = 0;
            int items = 0, dropped = 0;
            for (; q < src->ntokens && src->tokens[q].offset < line->end; q += 2) {
                if (src->tokens[q].kind != CXToken_Identifier)
                    break;
                items++;
                if (token_is(src, q + 1, line->end, ")")) {
                    close = q + 1;
                    break;
                }
                if (!token_is(src, q + 1, line->end, ","))
                    break;
            }
            if (close) {
                for (q = t + 2; q < close; q += 2)
                    dropped += unknown_local(c, src->tokens[q].text);
                if (dropped == items) { /* the whole clause */
                    const Token *e = &src->tokens[close];
                    memset(cut + (tok->offset - line->start), 1, e->offset + strlen(e->text) - tok->offset);
                } else {
                    for (q = t + 2; q < close; q += 2) {
                        if (!unknown_local(c, src->tokens[q].text))
                            continue;
                        /* the name and the comma after it, or before the last */
                        const Token *from = &src->tokens[q], *to = &src->tokens[q + 1];
                        if (q + 1 == close)
                            from = &src->tokens[q - 1], to = &src->tokens[q];
                        unsigned stop = to->offset + (unsigned)strlen(to->text) - line->start;
                        if (q + 1 != close) /* and the blanks after the comma */
                            while (stop < len && (line->text[stop] == ' ' || line->text[stop] == '\t'))
                                stop++;
                        memset(cut + (from->offset - line->start), 1, stop - (from->offset - line->start));
                    }
                }
                any = any || dropped > 0;
                t = close;
                continue;
            }
        }
        if (unknown_local(c, tok->text)) {
            *bad = tok->text;
            return NULL;
        }
    }
    if (!any)
        return line->text;
    StrBuf sb = {0};
    for (unsigned k = 0; k < len && line->text[k]; k++)
        if (!cut[k])
            strbuf_putn(&sb, line->text + k, 1);
    return strbuf_steal(&sb);
}

/* Whether the loop's OpenMP goes on its CPU fallback: not when a clause
 * names a variable the fallback does not have (then it runs on one
 * thread, with a warning: the result is the same). */
static bool omp_on_fallback(const Ctx *c)
{
    const Pragma *pg = &c->site->pragma;
    bool ok = pg->nomp > 0;
    for (int k = 0; k < pg->nomp; k++) {
        const char *name;
        const char *text = omp_fallback_text(c, &pg->omp[k], &name);
        if (!text) {
            diag_at(c->src, pg->omp[k].start, DIAG_WARNING,
                    "this '#pragma omp' names '%s', which the loop does not use: the loop's CPU "
                    "fallback, in a function of its own, runs without OpenMP",
                    name);
            ok = false;
        }
    }
    return ok;
}

/* The induction variables the lambda captures by reference, which an
 * OpenMP loop cannot have (g++: "expected iteration declaration"). */
static int shadowed_ivs(const Site *site, const LoopInfo **out)
{
    int n = 0;
    if (!site->info.iv_declared_in_loop)
        out[n++] = &site->info;
    for (int k = 0; k < site->ninner; k++)
        if (!site->inner[k].iv_declared_in_loop)
            out[n++] = &site->inner[k];
    return n;
}

/* The OpenMP lines over the fallback's loop, each induction variable the
 * lambda captures made a local of the same name (its value copied in, and
 * out after the loop by emit_omp_close). */
static void emit_omp_open(const Ctx *c, StrBuf *sb)
{
    const LoopInfo *ivs[PR_MAX_COLLAPSE];
    int n = shadowed_ivs(c->site, ivs);
    if (n)
        strbuf_puts(sb, "        /* OpenMP loops need induction variables of their own */\n");
    for (int k = 0; k < n; k++)
        strbuf_printf(sb, "        { %s pr_omp_%s = %s; { %s %s = pr_omp_%s;\n", ivs[k]->iv_type,
                      ivs[k]->iv->name, ivs[k]->iv->name, ivs[k]->iv_type, ivs[k]->iv->name,
                      ivs[k]->iv->name);
    for (int k = 0; k < c->site->pragma.nomp; k++) {
        const char *bad;
        const char *text = omp_fallback_text(c, &c->site->pragma.omp[k], &bad);
        strbuf_printf(sb, "%s\n", text ? text : c->site->pragma.omp[k].text);
    }
}

static void emit_omp_close(const Ctx *c, StrBuf *sb)
{
    const LoopInfo *ivs[PR_MAX_COLLAPSE];
    for (int k = shadowed_ivs(c->site, ivs); k-- > 0;)
        strbuf_printf(sb, "        pr_omp_%s = %s; } %s = pr_omp_%s; }\n", ivs[k]->iv->name,
                      ivs[k]->iv->name, ivs[k]->iv->name, ivs[k]->iv->name);
}

/* ------------------------------------------------------------ element accumulators */

/* Whether the pragma reduces into elements or members (element.c). */
static bool has_elements(const Ctx *c)
{
    for (int v = 0; v < c->site->pragma.nvars; v++)
        if (element_named(c->src, c->site->pragma.vars[v].name))
            return true;
    return false;
}

/* (in_caller: the element's own text, `(y[i])`, where the call stands) */
static void home_edits_in(const Ctx *c, EditList *edits, const Node *n, bool in_caller)
{
    if (!n)
        return;
    const ElementAcc *acc = n->kind == N_DECLREF && n->var && !n->from_macro
                                ? element_named(c->src, n->var->name)
                                : NULL;
    if (acc) {
        for (int v = 0; v < c->site->pragma.nvars; v++)
            if (c->site->pragma.vars[v].var == n->var)
                add_unique_edit(edits, n->start, n->end,
                                in_caller ? xformat("(%s)", acc->text)
                                          : xformat("(*pr_home_%s)", n->var->name));
        return;
    }
    for (int i = 0; i < n->nkids; i++)
        home_edits_in(c, edits, n->kids[i], in_caller);
}

/* The loop as written accumulates where the element lives, as the
 * sequential program does: right even when an array the loop reads
 * overlaps the element. */
static bool add_home_edits(const Ctx *c, EditList *edits)
{
    if (!element_homes_needed(c->src, c->site))
        return false; /* no element, or no array reaches one: element_apart.c */
    home_edits_in(c, edits, c->site->loop, false);
    return true;
}

/* Before the loop as written: the element holds the running value;
 * after it: the scalar takes it back. */
static void emit_home_sync(const Ctx *c, StrBuf *sb, bool before)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const char *n = c->site->pragma.vars[v].name;
        if (!element_named(c->src, n))
            continue;
        if (before)
            strbuf_printf(sb, "*pr_home_%s = %s; ", n, n);
        else
            strbuf_printf(sb, "        %s = *pr_home_%s;\n", n, n);
    }
}

static bool inline_on_cpu(const Ctx *c);

/* Whether the CPU path may split the iterations over the runtime's threads
 * (a loop without OpenMP lines, which would thread it themselves): a loop
 * that runs in place (inline_on_cpu: one level, no array writes, private,
 * element or section accumulators), whose operators combine partial
 * results from their identity (+, *, &, |, ^, integer min/max: no
 * floating-point min/max with its NaN rules, no minloc/maxloc, no && or
 * ||, no min/max else-chain), written outside macros. */
static bool threads_on_cpu(const Ctx *c)
{
    const Site *site = c->site;
    /* (the parts' copies: of reduction variables, not of elements or scratch) */
    if (!inline_on_cpu(c) || site->nminmax_pairs || !site->info.body || site->info.body->from_macro ||
        site->loop->from_macro || has_elements(c) || site->pragma.nprivates)
        return false;
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        /* (&& and || keep the value before the loop when no iteration updates it) */
        if (rv->op == OP_MAXLOC || rv->op == OP_MINLOC || rv->op == OP_LAND || rv->op == OP_LOR ||
            float_minmax(rv) || rv->var->is_volatile)
            return false;
    }
    return true;
}

/* The CPU path over the runtime's threads: part p of the iterations from
 * the identity into pr_part[p], the parts then folded in order into the
 * value before the loop (the GPU's order of combining, not C's: floating-
 * point sums may differ in the last bits, as on the GPU). */
static void emit_threaded_cpu_path(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    Slot *slots = xcalloc((size_t)site->pragma.nvars + 1, sizeof(Slot));
    int nslots = slots_of(site, slots);
    strbuf_printf(sb,
                  "        /* large enough for several CPU threads (PRAGREDUCE_CPU_THREADS); an induction\n"
                  "           variable that wraps runs as written (pr_trip counts to its first wrap only) */\n"
                  "        const unsigned pr_parts = pragreduce::iv_wraps(pr_lo, pr_trip, pr_step, %s) ? 1u\n"
                  "            : pragreduce::cpu_parts(pr_trip, %lluULL);\n"
                  "        if (pr_parts > 1) {\n"
                  "            struct pr_part_t {",
                  li->step_down ? "true" : "false", site->plan.cpu_below_kept);
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, " %s v%d;", slots[k].type, k);
    strbuf_puts(sb, " } pr_part[pragreduce::max_cpu_parts];\n"
                    "            pragreduce::cpu_run(pr_parts, [&](unsigned pr_p) {\n"
                    "                const pragreduce::u64 pr_first = pragreduce::part_start(pr_trip, pr_parts, pr_p);\n"
                    "                const pragreduce::u64 pr_end = pragreduce::part_start(pr_trip, pr_parts, pr_p + 1);\n");
    for (int k = 0; k < nslots; k++) {
        const ReduceVar *rv = &site->pragma.vars[slots[k].var];
        strbuf_printf(sb, "                %s %s = %s::identity<%s>();\n", slots[k].type, rv->name,
                      slots[k].functor, slots[k].type);
    }
    strbuf_printf(sb,
                  "                for (pragreduce::u64 pr_it = pr_first; pr_it < pr_end; pr_it++) {\n"
                  "                    %s %s = pragreduce::iv_at<%s, %s>(pr_lo, pr_it, pr_step);\n",
                  li->iv_type, li->iv->name, li->iv_type, li->step_down ? "true" : "false");
    line_to_input(c, sb, li->body->start);
    /* the body to the loop's end: a statement's ';' included */
    EditList edits = {0};
    add_cxx_edits(c, &edits, li->body->start, site->loop_end);
    unsigned line, col;
    source_line_col(c->src, li->body->start, &line, &col);
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(sb, " ", 1);
    strbuf_puts(sb, splice_range(c, &edits, li->body->start, site->loop_end));
    strbuf_puts(sb, "\n");
    line_to_output(c, sb);
    strbuf_puts(sb, "                }\n");
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, "                pr_part[pr_p].v%d = %s;\n", k, site->pragma.vars[slots[k].var].name);
    strbuf_puts(sb, "            });\n");
    for (int k = 0; k < nslots; k++) {
        const ReduceVar *rv = &site->pragma.vars[slots[k].var];
        strbuf_printf(sb,
                      "            for (unsigned pr_p = 0; pr_p < pr_parts; pr_p++)\n"
                      "                %s = %s::apply(%s, pr_part[pr_p].v%d);\n"
                      "            *pr_ref_%s = %s;\n",
                      rv->name, slots[k].functor, rv->name, k, rv->name, rv->name);
    }
    if (!li->iv_declared_in_loop)
        strbuf_printf(sb, "            *pr_ref_%s = pragreduce::iv_at<%s, %s>(pr_lo, pr_trip, pr_step);\n",
                      li->iv->name, li->iv_type, li->step_down ? "true" : "false");
    strbuf_puts(sb, "            return;\n        }\n");
}

/* Whether the loop writes arrays and the elements a CPU run of it writes
 * follow from its iterations alone: every array it writes is subscripted
 * affinely in the loop's own variable (q[j], p[2 * j + 1]: no inner
 * loop's, no collapse), with no in() section, element accumulator or table
 * among its outputs. */
bool cpu_wrote_elems(const Ctx *c)
{
    const Site *site = c->site;
    if (!site_writes_arrays(site) || site->ninner || site_has_sections(site) || has_elements(c))
        return false;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (!cap->written)
            continue;
        if (cap->kind != CAP_ARRAY || cap->section || cap->nranges == 0)
            return false;
        for (int k = 0; k < cap->nranges; k++)
            if (!cap->ranges[k].affine || cap->ranges[k].nterms)
                return false;
    }
    return true;
}

/* After (or, for a team, before) a CPU run that cpu_wrote_elems takes:
 * the elements its iterations write marked stale in kept copies, and only
 * those (host_wrote_all would send a kept matrix the loop only reads to
 * the GPU again: NPB CG's vector loops on the CPU beside its rows). */
void emit_cpu_wrote(const Ctx *c, StrBuf *sb, const char *in)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    const char *down = li->step_down ? "true" : "false";
    strbuf_printf(sb,
                  "%s/* the elements its iterations write: their kept copies are stale (only\n"
                  "%s   those: what it reads alone stays on the GPU) */\n"
                  "%sif (pragreduce::iv_wraps(pr_lo, pr_trip, pr_step, %s)) {\n"
                  "%s    pragreduce::host_wrote_all(true);\n"
                  "%s} else if (pr_trip > 0) {\n"
                  "%s    const long long pr_f = (long long)pr_lo;\n"
                  "%s    const long long pr_l = (long long)pragreduce::iv_at<%s, %s>(pr_lo, pr_trip - 1, pr_step);\n",
                  in, in, in, down, in, in, in, in, li->iv_type, down);
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (!cap->written)
            continue;
        for (int k = 0; k < cap->nranges; k++) {
            const Linear *l = &cap->ranges[k];
            const char *coef = l->coef ? l->coef : "0", *off = l->off ? l->off : "0";
            strbuf_printf(sb,
                          "%s    pragreduce::host_wrote_elems(%s, sizeof(%s), (long long)(%s) * pr_f + (long long)(%s),\n"
                          "%s                                 (long long)(%s) * pr_l + (long long)(%s));\n",
                          in, cap->var->name, array_elem(cap), coef, off, in, coef, off);
        }
    }
    strbuf_printf(sb, "%s}\n", in);
}

/* The wrapper's CPU path, pr_on_cpu: the loop as written over the host's
 * arrays after what kernels kept comes back; under `omp for` (team) only
 * the answer that the calling team is to run it. */
static void emit_on_cpu(const Ctx *c, StrBuf *sb, bool team, bool omp)
{
    const Site *site = c->site;
    if (team) {
        strbuf_puts(sb, "    };\n    (void)pr_as_written;\n    auto pr_on_cpu = [&]() {\n"
                        "        /* what kernels kept on the GPU back first; then the team that called\n"
                        "           runs the loop as written, under its '#pragma omp for' */\n"
                        "        pragreduce::host_reads_all();\n");
        if (cpu_wrote_elems(c))
            emit_cpu_wrote(c, sb, "        ");
        strbuf_puts(sb, "        *pr_team_cpu = true;\n"
                        "    };\n");
        return;
    }
    strbuf_puts(sb, "    };\n    auto pr_on_cpu = [&]() {\n"
                    "        /* what kernels kept on the GPU back first; its marked loops' writes at once */\n"
                    "        pragreduce::host_path pr_host_path;\n");
    if (omp)
        strbuf_puts(sb, "        /* marked loops its OpenMP threads call run on the CPU too */\n"
                        "        pragreduce::cpu_team pr_cpu_team;\n");
    if (threads_on_cpu(c))
        emit_threaded_cpu_path(c, sb);
    strbuf_puts(sb, "        pr_as_written(");
    emit_as_written_args(c, sb, false);
    strbuf_puts(sb, ");\n");
    if (cpu_wrote_elems(c))
        emit_cpu_wrote(c, sb, "        ");
    else if (site_writes_arrays(site) || site_has_sections(site))
        strbuf_puts(sb, "        /* the host wrote outputs that kept device copies may hold */\n"
                        "        pragreduce::host_wrote_all(true);\n");
    strbuf_puts(sb, "    };\n");
}

static void emit_wrapper(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    const char *p = c->p;
    const char *down = li->step_down ? "true" : "false";
    int nvars = site->pragma.nvars;

    /* a parallel loop shared inside another one's segments: that one's
     * kernel runs it, and on the host it runs as written there */
    bool unused = site->segment && site->segmented_by && !segment_calls(site->segmented_by, site);
    strbuf_printf(sb, "/* Runs the loop at %s:%u on the GPU, or on the CPU without one%s. */\n",
                  source_path_at(c->src, c->site->loop->start), c->line,
                  unused ? " (not called: the loop around it shares this loop in its kernel)" : "");
    strbuf_printf(sb, "%sstatic void %s(", unused ? "[[maybe_unused]] " : "", p);
    emit_wrapper_params(c, sb);
    strbuf_puts(sb, ")\n{\n");
    for (int v = 0; v < nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv))
            strbuf_printf(sb, "    %s %s = *pr_ref_%s;\n", var_type(rv->var), rv->name, rv->name);
    }
    for (int k = 0; k < site->nprivates; k++)
        strbuf_printf(sb, "    %s %s = *pr_ref_%s;\n", var_type(site->privates[k]), site->privates[k]->name,
                      site->privates[k]->name);
    if (!li->iv_declared_in_loop)
        strbuf_printf(sb, "    %s %s = *pr_ref_%s;\n", li->iv_type, li->iv->name, li->iv->name);
    for (int k = 0; k < site->ninner; k++)
        if (!site->inner[k].iv_declared_in_loop)
            strbuf_printf(sb, "    %s %s = *pr_ref_%s;\n", site->inner[k].iv_type,
                          site->inner[k].iv->name, site->inner[k].iv->name);

    /* the iteration space, evaluated once: the body cannot change it */
    emit_level_trip(c, sb, li, "", site->ninner ? "pr_trip0" : "pr_trip");
    for (int k = 0; k < site->ninner; k++) {
        char *suffix = xformat("%d", k + 1);
        emit_level_trip(c, sb, &site->inner[k], suffix, xformat("pr_trip%s", suffix));
    }
    if (site->ninner) {
        strbuf_puts(sb, "    /* collapse: one flat iteration space, innermost loop fastest */\n"
                        "    bool pr_too_many = false;\n"
                        "    pragreduce::u64 pr_trip = pr_trip0;\n");
        for (int k = 0; k < site->ninner; k++)
            strbuf_printf(sb, "    pr_trip = pragreduce::trip_product(pr_trip, pr_trip%d, &pr_too_many);\n",
                          k + 1);
    }

    /* the CPU path: the loop as written, over the arrays it is given */
    strbuf_puts(sb, "    /* the loop as written, over the arrays given: the host's (the CPU path), or\n"
                    "       their device copies in place of the kernel (PRAGREDUCE_FAKE_DEVICE) */\n"
                    "    auto pr_as_written = [&](");
    emit_as_written_params(c, sb);
    strbuf_puts(sb, ") {\n");
    emit_private_decls(c, sb, "        ",
                       "the loop's own; the caller's keep their values, as on the GPU");
    local_scalars(c, sb, true);
    /* the loop's `#pragma omp` lines: an OpenMP build runs it with threads */
    /* (not with element accumulators: the loop as written accumulates in memory) */
    /* (nor around a nest whose marked loops call their own wrappers; a
     * parallel loop without them runs as the OpenMP build would) */
    bool team = site_in_team(site); /* the caller's team runs it under its own `omp for` */
    bool omp = !team &&
               (!site->segment || (site->pragma.parallel && segment_called_children(site) == 0)) &&
               !has_elements(c) && omp_on_fallback(c);
    if (omp)
        emit_omp_open(c, sb);
    line_to_input(c, sb, c->site->loop->start);
    unsigned line, col;
    source_line_col(c->src, site->loop->start, &line, &col);
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(sb, " ", 1);
    if (site->segment) {
        strbuf_puts(sb, segment_cpu_text(c));
    } else {
        EditList edits = {0};
        add_global_call_edits(c, &edits, site->loop->start, site->loop_end);
        add_cxx_edits(c, &edits, site->loop->start, site->loop_end);
        bool homes = add_home_edits(c, &edits);
        if (homes)
            emit_home_sync(c, sb, true);
        strbuf_puts(sb, splice_range(c, &edits, site->loop->start, site->loop_end));
        if (homes) {
            strbuf_puts(sb, "\n");
            emit_home_sync(c, sb, false);
        }
    }
    strbuf_puts(sb, "\n");
    line_to_output(c, sb);
    if (omp)
        emit_omp_close(c, sb);
    local_scalars(c, sb, false);
    for (int v = 0; v < nvars; v++)
        if (!is_section(&site->pragma.vars[v]))
            strbuf_printf(sb, "        *pr_ref_%s = %s;\n", site->pragma.vars[v].name,
                          site->pragma.vars[v].name);
    for (int k = 0; k < site->nprivates; k++)
        if (!site->privates_kept || !site->privates_kept[k])
            strbuf_printf(sb, "        *pr_ref_%s = %s;\n", site->privates[k]->name, site->privates[k]->name);
    if (!li->iv_declared_in_loop)
        strbuf_printf(sb, "        *pr_ref_%s = %s;\n", li->iv->name, li->iv->name);
    for (int k = 0; k < site->ninner; k++)
        if (!site->inner[k].iv_declared_in_loop)
            strbuf_printf(sb, "        *pr_ref_%s = %s;\n", site->inner[k].iv->name,
                          site->inner[k].iv->name);
    emit_on_cpu(c, sb, team, omp);
    if (site->segment && site->segment->nmarked) {
        /* a nest: the whole nest's size decides (emit_segment_decision),
         * and a GPU is looked for only then (a CPU decision starts none) */
        strbuf_printf(sb,
                      "    /* the CPU runs the loop as written: PRAGREDUCE_DEVICE=cpu, or when the\n"
                      "       induction variable would wrap; the nest's size decides below */\n"
                      "    if (!pragreduce::use_gpu_later(%s_site) ||\n"
                      "        pragreduce::iv_wraps(pr_lo, pr_trip, pr_step, %s)",
                      p, down);
    } else {
        const bool scaled = emit_work_scale(c, sb);
        char *below = scaled ? xstrdup("pr_cpu_below") : xformat("%lluULL", site->plan.cpu_below);
        char *kept = scaled ? xstrdup("pr_cpu_below_kept") : xformat("%lluULL", site->plan.cpu_below_kept);
        strbuf_printf(sb,
                      "    /* the CPU runs the loop as written: without a GPU, below the size where the\n"
                      "       GPU wins (%s), or when the induction variable would wrap */\n"
                      "    if (!pragreduce::use_gpu(%s_site, pr_trip, %s, %s, %s, ",
                      scaled ? "the cost model's estimate with this call's inner trips; the arrays "
                               "already on the GPU, the CPU path's OpenMP threads"
                      : site->plan.cpu_below == ULLONG_MAX ? "never, when the arrays start on the host"
                                                           : "the cost model's estimate; the arrays "
                                                             "already on the GPU, the CPU path's OpenMP "
                                                             "threads",
                      p, below, kept, omp || team ? "true /* OpenMP */" : "false");
        emit_array_probe(c, sb);
        if ((omp || team) && site->plan.cpu_below_rewritten > site->plan.cpu_below) {
            /* a loop that writes no array leaves nothing on the GPU for the
             * next loops: its arrays from the host are weighed against the
             * team too */
            const bool reads_only = !site_writes_arrays(site) && !has_elements(c);
            strbuf_printf(sb, ",\n        %lluULL, %s /* arrays the host rewrote%s: against the OpenMP team */",
                          site->plan.cpu_below_rewritten, reads_only ? "true" : "false",
                          reads_only ? " or never kept" : "");
        }
        strbuf_printf(sb, ") ||\n        pragreduce::iv_wraps(pr_lo, %s, pr_step, %s)",
                      site->ninner ? "pr_trip0" : "pr_trip", down);
    }
    for (int k = 0; k < site->ninner; k++)
        strbuf_printf(sb, " ||\n        pragreduce::iv_wraps(pr_lo%d, pr_trip%d, pr_step%d, %s)", k + 1,
                      k + 1, k + 1, site->inner[k].step_down ? "true" : "false");
    if (site->ninner)
        strbuf_puts(sb, " ||\n        pr_too_many");
    emit_section_cpu_conditions(c, sb);
    /* if (x < mn) mn = x; else if (x > mx) mx = x;  (reduction.c) */
    for (int k = 0; k < site->nminmax_pairs; k++) {
        const char *mn = site->pragma.vars[site->minmax_pairs[k][0]].name;
        const char *mx = site->pragma.vars[site->minmax_pairs[k][1]].name;
        strbuf_printf(sb,
                      " ||\n        /* the else of '%s' and '%s' skips no needed update only while\n"
                      "           %s <= %s: not so before the loop (or a NaN), the loop as written */\n"
                      "        !(%s <= %s)",
                      mn, mx, mn, mx, mn, mx);
    }
    strbuf_puts(sb, ") {\n        pr_on_cpu();\n        return;\n    }\n");
    if (!li->iv_declared_in_loop)
        strbuf_printf(sb, "    (void)%s;\n", li->iv->name);
    for (int k = 0; k < site->ninner; k++)
        if (!site->inner[k].iv_declared_in_loop)
            strbuf_printf(sb, "    (void)%s;\n", site->inner[k].iv->name);

    if (!li->iv_declared_in_loop)
        strbuf_printf(sb,
                      "    /* the value C leaves in '%s' after the loop */\n"
                      "    *pr_ref_%s = pragreduce::iv_at<%s, %s>(pr_lo, %s, pr_step);\n",
                      li->iv->name, li->iv->name, li->iv_type, down,
                      site->ninner ? "pr_trip0" : "pr_trip");
    for (int k = 0; k < site->ninner; k++) {
        const LoopInfo *in = &site->inner[k];
        if (in->iv_declared_in_loop)
            continue;
        /* C sets it each time the loop is entered: when every outer one runs */
        strbuf_printf(sb, "    if (pr_trip0 != 0");
        for (int o = 0; o < k; o++)
            strbuf_printf(sb, " && pr_trip%d != 0", o + 1);
        strbuf_printf(sb, ")\n        *pr_ref_%s = pragreduce::iv_at<%s, %s>(pr_lo%d, pr_trip%d, pr_step%d);\n",
                      in->iv->name, in->iv_type, in->step_down ? "true" : "false", k + 1, k + 1, k + 1);
    }
    strbuf_puts(sb, "    if (pr_trip == 0)\n        return;\n");
    strbuf_printf(sb, "    const %s pr_last = pragreduce::iv_at<%s, %s>(pr_lo, %s - 1, pr_step);\n",
                  li->iv_type, li->iv_type, down, site->ninner ? "pr_trip0" : "pr_trip");
    strbuf_puts(sb, "    (void)pr_last;\n");
    emit_range_vars(c, sb);
    if (site->segment)
        emit_segment_decision(c, sb);

    /* launch shape */
    int tile = site->plan.block * site->plan.unroll * site->plan.vector;
    if (!site->segment)
        emit_section_shared(c, sb);
    if (site->segment)
        emit_segment_shape(c, sb);
    else if (trip_always_narrow(site))
        strbuf_printf(sb,
                      "    /* one call at a time on the GPU: calls share its scratch and staging memory */\n"
                      "    pragreduce::gpu_hold pr_hold;\n"
                      "    /* 32-bit index arithmetic: an int counting up from a constant runs at most INT_MAX iterations */\n"
                      "    const bool pr_narrow = true;\n"
                      "    (void)pr_narrow;\n"
                      "    /* blocks per SM, once (each call when sections set the shared memory) */\n"
                      "    static int pr_per_sm[1];\n"
                      "    int *pr_occ = &pr_per_sm[0];\n"
                      "    if (*pr_occ == 0 || pr_smem != 0)\n"
                      "        PRAGREDUCE_CHECK(%s_site, \"cudaOccupancyMaxActiveBlocksPerMultiprocessor\",\n"
                      "            cudaOccupancyMaxActiveBlocksPerMultiprocessor(pr_occ, %s_kernel<unsigned, %d>, %d, pr_smem));\n"
                      "    const unsigned pr_grid_max = pragreduce::section_grid(pr_sec_global, pragreduce::grid_size(pr_trip, %d, *pr_occ, %d, %s_site), %s_site);\n",
                      p, p, site->plan.unroll, site->plan.block, tile, site->plan.waves, p, p);
    else
    strbuf_printf(sb,
                  "    /* one call at a time on the GPU: calls share its scratch and staging memory */\n"
                  "    pragreduce::gpu_hold pr_hold;\n"
                  "    /* 32-bit index arithmetic unless the trip count needs 64 bits */\n"
                  "    const bool pr_narrow = pr_trip <= 0x7fffffffULL && pr_step <= 0x7fffffffULL;\n"
                  "    /* blocks per SM, once (each call when sections set the shared memory) */\n"
                  "    static int pr_per_sm[2];\n"
                  "    int *pr_occ = &pr_per_sm[pr_narrow ? 0 : 1];\n"
                  "    if (*pr_occ == 0 || pr_smem != 0) {\n"
                  "        if (pr_narrow)\n"
                  "            PRAGREDUCE_CHECK(%s_site, \"cudaOccupancyMaxActiveBlocksPerMultiprocessor\",\n"
                  "                cudaOccupancyMaxActiveBlocksPerMultiprocessor(pr_occ, %s_kernel<unsigned, %d>, %d, pr_smem));\n"
                  "        else\n"
                  "            PRAGREDUCE_CHECK(%s_site, \"cudaOccupancyMaxActiveBlocksPerMultiprocessor\",\n"
                  "                cudaOccupancyMaxActiveBlocksPerMultiprocessor(pr_occ, %s_kernel<pragreduce::u64, %d>, %d, pr_smem));\n"
                  "    }\n"
                  "    const unsigned pr_grid_max = pragreduce::section_grid(pr_sec_global, pragreduce::grid_size(pr_trip, %d, *pr_occ, %d, %s_site), %s_site);\n",
                  p, p, site->plan.unroll, site->plan.block, p, p, site->plan.unroll, site->plan.block, tile,
                  site->plan.waves, p, p);

    /* the arrays' index ranges, as a function of the iterations covered */
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind == CAP_ARRAY)
            strbuf_printf(sb, "    long long pr_%s_lo = 0, pr_%s_n = 0;\n    size_t pr_%s_at = 0;\n",
                          cap->var->name, cap->var->name, cap->var->name);
    }
    strbuf_printf(sb,
                  "    /* the elements each array is read over while '%s' runs from pr_first to\n"
                  "       pr_final, and where each goes in device memory; returns the bytes */\n"
                  "    auto pr_extents = [&](%s pr_first, %s pr_final) -> size_t {\n"
                  "        size_t pr_bytes = 0;\n"
                  "        (void)pr_first, (void)pr_final;\n",
                  li->iv->name, li->iv_type, li->iv_type);
    emit_range_vars_of_iv(c, sb);
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY)
            continue;
        const char *n = cap->var->name;
        if (cap->section) {
            strbuf_printf(sb,
                          "        /* %s: the elements named by in(%s[%s:%s]) */\n"
                          "        pr_%s_lo = pr_in_%s_lo;\n"
                          "        pr_%s_n = pr_in_%s_n;\n",
                          n, n, cap->section->lo, cap->section->len, n, n, n, n);
        } else {
            strbuf_printf(sb,
                          "        /* %s: between the subscripts' values at the first and last "
                          "iteration */\n"
                          "        long long pr_%s_hi = LLONG_MIN;\n"
                          "        pr_%s_lo = LLONG_MAX;\n",
                          n, n, n);
            for (int k = 0; k < cap->nranges; k++) {
                const Linear *l = &cap->ranges[k];
                const char *coef = l->coef ? l->coef : "0";
                const char *off = l->off ? l->off : "0";
                strbuf_printf(sb,
                              "        {\n"
                              "            const long long pr_a = (long long)(%s) * (long long)pr_first + "
                              "(long long)(%s);\n"
                              "            const long long pr_b = (long long)(%s) * (long long)pr_final + "
                              "(long long)(%s);\n"
                              "            long long pr_min = pr_a < pr_b ? pr_a : pr_b;\n"
                              "            long long pr_max = pr_a < pr_b ? pr_b : pr_a;\n"
                              "            bool pr_runs = true;\n",
                              coef, off, coef, off);
                for (int t = 0; t < l->nterms; t++) {
                    int r = l->terms[t].var;
                    strbuf_printf(sb,
                                  "            {   /* + (%s) * %s */\n"
                                  "                const long long pr_x = (long long)(%s) * pr_rv%d_first;\n"
                                  "                const long long pr_y = (long long)(%s) * pr_rv%d_last;\n"
                                  "                pr_runs = pr_runs && pr_rv%d_runs;\n"
                                  "                pr_min += pr_x < pr_y ? pr_x : pr_y;\n"
                                  "                pr_max += pr_x < pr_y ? pr_y : pr_x;\n"
                                  "            }\n",
                                  l->terms[t].coef, site->ranges[r].info.iv->name, l->terms[t].coef, r,
                                  l->terms[t].coef, r, r);
                }
                strbuf_printf(sb,
                              "            if (pr_runs && pr_min < pr_%s_lo) pr_%s_lo = pr_min;\n"
                              "            if (pr_runs && pr_max > pr_%s_hi) pr_%s_hi = pr_max;\n"
                              "        }\n",
                              n, n, n, n);
            }
            strbuf_printf(sb, "        pr_%s_n = pr_%s_hi >= pr_%s_lo ? pr_%s_hi - pr_%s_lo + 1 : 0;\n",
                          n, n, n, n, n);
        }
        strbuf_printf(sb,
                      "        pr_%s_at = pr_bytes;\n"
                      "        pr_bytes += pragreduce::align_up((size_t)(pr_%s_n > 0 ? pr_%s_n : 0) * sizeof(%s));\n",
                      n, n, n, array_elem(cap));
    }
    strbuf_puts(sb, "        return pr_bytes;\n    };\n"
                    "    const size_t pr_all = pr_extents(pr_lo, pr_last);\n");
    emit_alias_check(c, sb);
    emit_output_snapshot(c, sb);

    strbuf_printf(sb, "    pragreduce::profile_gpu_call(%s_site);\n", p);
    strbuf_printf(sb, "    /* flat iterations per iteration of the outer loop (collapse: the inner ones) */\n"
                      "    const pragreduce::u64 pr_unit = %s;\n",
                  site->ninner ? "pr_trip / pr_trip0" : "1");
    emit_team_split(c, sb);
    emit_resident(c, sb);
    emit_table_build(c, sb);

    Slot *slots = xcalloc((size_t)nvars, sizeof(Slot));
    int nslots = slots_of(site, slots);
    strbuf_puts(sb, "    /* per-block partials */\n    size_t pr_fixed = 0;\n");
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb, "    pr_fixed += pragreduce::align_up((size_t)pr_grid_max * sizeof(%s));\n",
                      slots[k].type);
    emit_section_bytes(c, sb, "pr_fixed", false);
    strbuf_printf(sb,
                  "    /* chunks of iterations whose arrays fit in the GPU's memory: all at once when\n"
                  "       they fit, else two chunks' worth at a time, one copied while the other is\n"
                  "       reduced (under collapse, whole iterations of the outer loop) */\n"
                  "    const size_t pr_copied = pr_resident ? 0 : pr_all; /* arrays in the scratch */\n"
                  "    size_t pr_most = pr_copied;\n"
                  "    /* (several GPUs: one chunk per GPU, its part) */\n"
                  "    const pragreduce::u64 pr_chunk = pr_gpus > 1 ? pr_part : pragreduce::chunk_iterations(pr_trip, pr_unit, pr_copied, pr_fixed, %d,\n"
                  "        &pr_most, [&](pragreduce::u64 pr_from, pragreduce::u64 pr_count) {\n"
                  "            return pr_extents(pragreduce::iv_at<%s, %s>(pr_lo, pr_from / pr_unit, pr_step),\n"
                  "                              pragreduce::iv_at<%s, %s>(pr_lo, (pr_from + pr_count) / pr_unit - 1, pr_step));\n"
                  "        }, %s_site);\n"
                  "    if (pr_chunk == 0) {\n"
                  "        /* not even one iteration's arrays fit: the loop as written */\n"
                  "        pragreduce::too_big_for_gpu(%s_site);\n"
                  "        pr_on_cpu();\n"
                  "        return;\n"
                  "    }\n"
                  "    const bool pr_chunked = pr_gpus == 1 && pr_chunk < pr_trip; /* a GPU's memory in chunks */\n"
                  "    if (pragreduce::fake_device && pr_chunked) {\n"
                  "        /* the fake device runs whole loops only: the loop as written */\n"
                  "        pr_on_cpu();\n"
                  "        return;\n"
                  "    }\n"
                  "    const pragreduce::u64 pr_chunks = (pr_trip + pr_chunk - 1) / pr_chunk;\n"
                  "    const size_t pr_half = pragreduce::align_up(pr_most);\n",
                  32 * nslots, li->iv_type, down, li->iv_type, down, p, p);

    /* device memory: arrays (one or two chunks' worth), partials, results */
    strbuf_puts(sb, "    size_t pr_bytes = pr_chunked ? 2 * pr_half : pr_half;\n");
    for (int k = 0; k < nslots; k++)
        strbuf_printf(sb,
                      "    const size_t pr_part%d_at = pr_bytes;\n"
                      "    pr_bytes += pragreduce::align_up((size_t)pr_grid_max * sizeof(%s));\n",
                      k, slots[k].type);
    /* a 32-byte slot per result and chunk, every byte written by the kernel */
    strbuf_printf(sb,
                  "    const size_t pr_res_at = pr_bytes;\n"
                  "    (void)pr_res_at; /* unused when nothing is reduced (a parallel loop) */\n"
                  "    pr_bytes += (size_t)pr_chunks * %d;\n",
                  32 * nslots);
    emit_section_bytes(c, sb, "pr_bytes", true);
    if (site->segment)
        emit_segment_last_bytes(c, sb);
    strbuf_printf(sb, "    char *pr_dev = (char *)pragreduce::device_scratch(pr_bytes, %s_site);\n", p);
    int pair_noted = 0;
    for (int k = 0; k < nslots; k++) {
        const ReduceVar *rv = &site->pragma.vars[slots[k].var];
        char *t = var_type(rv->var);
        if (slots[k].index >= 0)
            strbuf_printf(sb,
                          "    const %s pr_id%d = pragreduce::make_loc(%s::identity<%s>(), (%s)0, 0, "
                          "false);\n",
                          slots[k].type, k, rv->op == OP_MAXLOC ? "pragreduce::op_max" : "pragreduce::op_min",
                          t, var_type(site->pragma.vars[slots[k].index].var));
        else if (in_minmax_pair(site, slots[k].var))
            strbuf_printf(sb,
                          "%s    const %s pr_id%d = %s;\n",
                          pair_noted++ ? ""
                                       : "    /* for the if/else pair, not the identity: each thread starts from the\n"
                                         "       values before the loop, so that its min <= its max holds as the\n"
                                         "       else needs (taking a value twice changes neither min nor max) */\n",
                          t, k, rv->name);
        else
            strbuf_printf(sb, "    const %s pr_id%d = pragreduce::start_from<%s>(%s, %s::identity<%s>());\n", t, k,
                          slots[k].functor, rv->name, slots[k].functor, t);
    }

    emit_section_start(c, sb);
    strbuf_printf(sb,
                  "    for (pragreduce::u64 pr_c = 0; pr_c < pr_chunks; pr_c++) {\n"
                  "        const pragreduce::u64 pr_done = pr_c * pr_chunk;\n"
                  "        const pragreduce::u64 pr_n = pr_trip - pr_done < pr_chunk ? pr_trip - pr_done : pr_chunk;\n"
                  "        /* the chunk's first value of '%s' */\n"
                  "        const %s pr_clo = pragreduce::iv_at<%s, %s>(pr_lo, pr_done / pr_unit, pr_step);\n"
                  "        /* several GPUs: this part's GPU (until the iteration ends) and its scratch */\n"
                  "        pragreduce::on_device pr_on(pr_gpus > 1 ? pragreduce::team().device[pr_c] : -1);\n"
                  "        if (pr_gpus > 1)\n"
                  "            pr_dev = (char *)pragreduce::device_scratch(pr_bytes, %s_site);\n"
                  "        __attribute__((unused)) char *pr_arrays = pr_dev + (size_t)(pr_c & 1) * pr_half;\n"
                  "        if (pr_chunked || pr_gpus > 1)\n"
                  "            pr_extents(pr_clo, pragreduce::iv_at<%s, %s>(pr_lo, (pr_done + pr_n) / pr_unit - 1, pr_step));\n"
                  "        /* the kernel of two chunks ago read this half: let it finish */\n"
                  "        if (pr_chunked && pr_c >= 2)\n"
                  "            PRAGREDUCE_CHECK(%s_site, \"kernel\", cudaEventSynchronize(pragreduce::chunk_fence((int)(pr_c & 1), %s_site)));\n",
                  li->iv->name, li->iv_type, li->iv_type, down, p, li->iv_type, down, p, p);
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY)
            continue;
        const char *n = cap->var->name;
        strbuf_printf(sb,
                      "        if (!pr_resident && pr_%s_n > 0)\n"
                      "            pragreduce::to_device(pr_arrays + pr_%s_at, %s + pr_%s_lo,\n"
                      "                (size_t)pr_%s_n * sizeof(%s), %s_site);\n"
                      "        /* indexed like the host array: element k of the copy is %s[pr_%s_lo + k] */\n"
                      "        %s = %spr_resident ? pr_r_%s : (%s)(pr_arrays + pr_%s_at) - pr_%s_lo;\n",
                      n, n, n, n, n, array_elem(cap), p, n, n,
                      array_decl(cap, "", xformat("pr_d_%s", n)),
                      splits_over_gpus(c) ? xformat("pr_gpus > 1 ? pr_t_%s[pr_c] : ", n) : "", n,
                      array_decl(cap, "", ""), n, n);
    }
    strbuf_puts(sb, "        if (pragreduce::fake_device) {\n"
                    "            /* no GPU: the loop as written over the device copies, as the kernel reads them */\n"
                    "            pragreduce::fake_launch pr_fake;\n"
                    "            pr_as_written(");
    emit_as_written_args(c, sb, true);
    strbuf_puts(sb, ");\n        } else {\n");
    if (site->segment)
        emit_segment_launch(c, sb);
    else
        emit_reduce_launch(c, sb, tile);
    strbuf_puts(sb, "        }\n");
    emit_section_chunk_done(c, sb);
    strbuf_printf(sb,
                  "        if (pr_chunked)\n"
                  "            PRAGREDUCE_CHECK(%s_site, \"cudaEventRecord\", cudaEventRecord(pragreduce::chunk_fence((int)(pr_c & 1), %s_site), 0));\n",
                  p, p);
    bool any_written = false;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *cap = &site->captures[i];
        if (cap->kind != CAP_ARRAY || !cap->written)
            continue;
        const char *n = cap->var->name;
        if (!any_written)
            strbuf_printf(sb,
                          "        /* kept outputs: later copies and launches wait for the kernel, not the call */\n"
                          "        pragreduce::kernel_done(%s_site, pr_chunked || !pr_resident);\n",
                          p);
        any_written = true;
        strbuf_printf(sb,
                      "        /* %s: the elements the loop wrote stay in the kept copy until the host\n"
                      "           reads them (other copies of them are stale); without one, back now */\n"
                      "        if (pr_%s_n > 0 && pr_resident)\n"
                      "            pragreduce::resident_out(%s + pr_%s_lo, (size_t)pr_%s_n * sizeof(%s), %s_site, %d);\n"
                      "        else if (pr_%s_n > 0) {\n"
                      "            pragreduce::to_host(%s + pr_%s_lo, pr_arrays + pr_%s_at,\n"
                      "                (size_t)pr_%s_n * sizeof(%s), %s_site);\n"
                      "            pragreduce::host_wrote(%s + pr_%s_lo, (size_t)pr_%s_n * sizeof(%s));\n"
                      "        }\n",
                      n, n, n, n, n, array_elem(cap), p, resident_align(site, cap), n, n, n, n, n,
                      array_elem(cap), p, n, n, n, array_elem(cap));
    }
    strbuf_puts(sb, "    }\n");
    strbuf_puts(sb, "    if (pragreduce::fake_device)\n"
                    "        return; /* the loop as written set the results */\n");
    if (site->segment)
        emit_segment_lastprivate(c, sb);
    emit_section_check(c, sb, emit_output_restore);
    if (nslots > 0) {
        strbuf_printf(sb,
                      "    const unsigned char *pr_res = pr_gpus > 1\n"
                      "        ? pragreduce::team_results(pr_res_at, pr_gpus, %d, pr_bytes, %s_site)\n"
                      "        : pragreduce::fetch_results(pr_dev + pr_res_at, (size_t)pr_chunks * %d, %s_site);\n",
                      32 * nslots, p, 32 * nslots, p);
        strbuf_puts(sb, "    /* the chunks' results in order, then the value each variable had before the "
                        "loop, once */\n");
    }
    for (int k = 0; k < nslots; k++) {
        const ReduceVar *rv = &site->pragma.vars[slots[k].var];
        if (slots[k].index < 0)
            strbuf_printf(sb, "    %s pr_final%d;\n", slots[k].type, k);
        strbuf_printf(sb,
                      "    {\n"
                      "        %s pr_r = pr_id%d;\n"
                      "        for (pragreduce::u64 pr_c = 0; pr_c < pr_chunks; pr_c++) {\n"
                      "            %s pr_x;\n"
                      "            memcpy(&pr_x, pr_res + (size_t)pr_c * %d + %d, sizeof pr_x);\n",
                      slots[k].type, k, slots[k].type, 32 * nslots, 32 * k);
        if (slots[k].index >= 0)
            strbuf_puts(sb, "            pr_x.at += pr_c * pr_chunk; /* the iteration, counted from the loop's start */\n");
        strbuf_printf(sb, "            pr_r = %s::apply(pr_r, pr_x);\n        }\n", slots[k].functor);
        if (slots[k].index >= 0) {
            const ReduceVar *ri = &site->pragma.vars[slots[k].index];
            const char *cmp = rv->op == OP_MAXLOC ? (rv->loc_last > 0 ? ">=" : ">")
                                                   : (rv->loc_last > 0 ? "<=" : "<");
            strbuf_printf(sb,
                          "        /* the loop's own test, against the value before the loop */\n"
                          "        if (pr_r.valid && pr_r.v %s %s) {\n"
                          "            *pr_ref_%s = pr_r.v;\n"
                          "            *pr_ref_%s = pr_r.idx;\n"
                          "        }\n"
                          "    }\n",
                          cmp, rv->name, rv->name, ri->name);
        } else {
            strbuf_printf(sb, "        pr_final%d = %s;\n    }\n", k, fold_expr(rv, slots[k].functor, "pr_r"));
        }
    }
    emit_order_check(c, sb, slots, nslots);
    emit_section_fold_results(c, sb);
    for (int k = 0; k < nslots; k++)
        if (slots[k].index < 0)
            strbuf_printf(sb, "    *pr_ref_%s = pr_final%d;\n", site->pragma.vars[slots[k].var].name, k);
    strbuf_puts(sb, "}\n\n");
}

/* Whether the caller may run the loop in place when it stays on the CPU:
 * a one-level loop that writes no arrays, with no private(), element or
 * section accumulators, OpenMP lines or a step checked at run time; then
 * the loop as written is exactly what the wrapper's CPU path runs. */
static bool inline_on_cpu(const Ctx *c)
{
    const Site *site = c->site;
    if (site->segment || site->ninner || site->nprivates || site->pragma.nomp ||
        site->info.step_runtime_check || site_writes_arrays(site) || site_has_sections(site) ||
        site->plan.cpu_below_kept == 0)
        return false;
    /* private(t) keeps t's value from before the loop, which the loop as
     * written would not; C89 scratch found private is dead after the loop.
     * Element accumulators (lavaMD's fA[i].v) are the sequential loop's own. */
    for (int k = 0; k < site->pragma.nprivates; k++)
        if (!site->pragma.privates[k].implicit)
            return false;
    return true;
}

void emit_text_in_caller(const Ctx *c, StrBuf *sb, const char *text)
{
    const Site *site = c->site;
    line_to_input(c, sb, site->loop->start);
    unsigned line, col;
    source_line_col(c->src, site->loop->start, &line, &col);
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(sb, " ", 1);
    strbuf_puts(sb, text);
    strbuf_puts(sb, "\n");
    line_to_output(c, sb);
}

void emit_loop_in_caller(const Ctx *c, StrBuf *sb, const char *before, bool homes)
{
    const Site *site = c->site;
    EditList edits = {0};
    add_cxx_edits(c, &edits, site->loop->start, site->loop_end);
    if (homes)
        home_edits_in(c, &edits, site->loop, true);
    emit_text_in_caller(c, sb, xformat("%s%s", before, splice_range(c, &edits, site->loop->start, site->loop_end)));
}

void emit_rest_of_line(const Ctx *c, StrBuf *sb)
{
    if (!c->opts->line_directives)
        return;
    unsigned line, col;
    source_line_col(c->src, c->site->loop_end, &line, &col);
    strbuf_puts(sb, "\n");
    line_to_input(c, sb, c->site->loop_end);
    for (unsigned i = 1; i < col; i++)
        strbuf_putn(sb, " ", 1);
}

/* `{ first, step; if (cpu) { the loop as written } else ` before the call:
 * a small loop called from a host loop costs what the plain loop costs. */
static void emit_inline_cpu_path(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    strbuf_printf(sb,
                  "{ const %s pr_lo = (%s)(%s); const pragreduce::u64 pr_step = (pragreduce::u64)(%s);\n"
                  "  if (pragreduce::cpu_in_place(",
                  li->iv_type, li->iv_type, li->lo, li->step);
    emit_trip_expr(sb, li, "pr_lo", "pr_step");
    strbuf_printf(sb,
                  ", %lluULL%s)) { /* on the CPU: the loop in place, after what kernels kept on the GPU */\n"
                  "  pragreduce::host_reads_all();\n",
                  site->plan.cpu_below_kept, threads_on_cpu(c) ? ", true /* else over threads */" : "");
    /* element accumulators: the loop as written accumulates in the element
     * itself, right when an array the loop reads holds it (y = A y) */
    const bool homes = element_homes_needed(c->src, site);
    StrBuf sync = {0};
    strbuf_puts(&sync, "");
    for (int v = 0; homes && v < site->pragma.nvars; v++) {
        const ElementAcc *acc = element_named(c->src, site->pragma.vars[v].name);
        if (acc)
            strbuf_printf(&sync, "(%s) = %s; ", acc->text, site->pragma.vars[v].name);
    }
    emit_loop_in_caller(c, sb, strbuf_steal(&sync), homes);
    for (int v = 0; homes && v < site->pragma.nvars; v++) {
        const ElementAcc *acc = element_named(c->src, site->pragma.vars[v].name);
        if (acc)
            strbuf_printf(sb, "  %s = (%s);\n", site->pragma.vars[v].name, acc->text);
    }
    strbuf_puts(sb, "  } else ");
}

/* Whether the in-place form's call passes a copy of variable rv
 * (emit_call_with_copies): not a section, nor a maxloc/minloc's index. */
static bool copied_in_call(const ReduceVar *rv)
{
    const bool loc = rv->op == OP_MAXLOC || rv->op == OP_MINLOC;
    return !is_section(rv) && !(loc && rv->loc_role == 1);
}

/* The wrapper's arguments, from the caller's scope (in_segment: inside a
 * segmented loop's wrapper, whose parameters hold the in() sections;
 * copies: the scalars it sets by address are emit_call_with_copies' copies). */
static bool call_args(const Ctx *c, StrBuf *sb, bool in_segment, bool copies)
{
    const Site *site = c->site;
    const char *sep = "";
    for (int v = 0; v < site->pragma.nvars; v++) {
        if (is_section(&site->pragma.vars[v]))
            continue;
        if (copies && copied_in_call(&site->pragma.vars[v]))
            strbuf_printf(sb, "%s&pr_copy%d", sep, v);
        else
            strbuf_printf(sb, "%s&%s", sep, site->pragma.vars[v].name);
        sep = ", ";
    }
    emit_section_call_args(c, sb, &sep);
    for (int k = 0; k < site->nprivates; k++) {
        strbuf_printf(sb, "%s&%s", sep, site->privates[k]->name);
        sep = ", ";
    }
    if (!site->info.iv_declared_in_loop) {
        strbuf_printf(sb, copies ? "%s&pr_copy_iv" : "%s&%s", sep, site->info.iv->name);
        sep = ", ";
    }
    for (int k = 0; k < site->ninner; k++) {
        if (!site->inner[k].iv_declared_in_loop) {
            strbuf_printf(sb, "%s&%s", sep, site->inner[k].iv->name);
            sep = ", ";
        }
    }
    for (int i = 0; i < site->ncaptures; i++) {
        strbuf_printf(sb, "%s%s", sep, site->captures[i].var->name);
        sep = ", ";
    }
    for (int k = 0; k < site->pragma.nsections; k++) {
        const ArraySection *sec = &site->pragma.sections[k];
        if (in_segment) /* the segmented loop's wrapper received them */
            strbuf_printf(sb, "%spr_in_%s_lo, pr_in_%s_n", sep, sec->name, sec->name);
        else
            strbuf_printf(sb, "%s(long long)(%s), (long long)(%s)", sep, sec->lo, sec->len);
        /* a table's other brackets (segments take no tables) */
        for (int m = 0; m < sec->nmore; m++)
            strbuf_printf(sb, ", (long long)(%s), (long long)(%s)", sec->more_lo[m], sec->more_len[m]);
        sep = ", ";
    }
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ElementAcc *acc = element_named(c->src, site->pragma.vars[v].name);
        if (acc) {
            strbuf_printf(sb, "%s&(%s)", sep, acc->text);
            sep = ", ";
        }
    }
    return *sep != '\0';
}

bool emit_call_args(const Ctx *c, StrBuf *sb, bool in_segment)
{
    return call_args(c, sb, in_segment, false);
}

/* The wrapper's call with copies of the variables it sets by address: the
 * caller's never have their address taken, so its loops (the loop in place,
 * emit_inline_cpu_path; host loops over the same induction variable) keep
 * them in registers. With the address taken, a float minimum read through
 * float pointers went to memory at every element (public kmeans' minloc in
 * place, 11 M calls: 1.35x the loop's time). Not copied: a maxloc/minloc's index (the
 * loop only stores it, and C89 code leaves it unset before the loop: the
 * copy would be an uninitialized read). The induction variable's value
 * before the loop goes in only when the loop's bounds or step read it
 * (`int i; for (i = 0; ...)`). */
static void emit_call_with_copies(const Ctx *c, StrBuf *sb, bool in_place)
{
    const Site *site = c->site;
    const LoopInfo *li = &site->info;
    strbuf_puts(sb, "{ ");
    for (int v = 0; v < site->pragma.nvars; v++)
        if (copied_in_call(&site->pragma.vars[v]))
            strbuf_printf(sb, "auto pr_copy%d = %s; ", v, site->pragma.vars[v].name);
    const bool reads_iv = !li->iv_declared_in_loop &&
                          (ast_mentions(li->lo_node, li->iv) || ast_mentions(li->hi_node, li->iv) ||
                           ast_mentions(li->step_node, li->iv));
    if (!li->iv_declared_in_loop) {
        if (reads_iv)
            strbuf_printf(sb, "auto pr_copy_iv = %s; ", li->iv->name);
        else
            strbuf_printf(sb, "decltype(%s) pr_copy_iv = decltype(%s)(); ", li->iv->name, li->iv->name);
    }
    strbuf_printf(sb, "%s(", c->p);
    call_args(c, sb, false, true);
    strbuf_puts(sb, ");");
    for (int v = 0; v < site->pragma.nvars; v++)
        if (copied_in_call(&site->pragma.vars[v]))
            strbuf_printf(sb, " %s = pr_copy%d;", site->pragma.vars[v].name, v);
    /* its value after the loop, where something reads it (else a use, as
       `&i` was: a variable only set, or never named, draws a warning) */
    if (!li->iv_declared_in_loop && !reduction_iv_dead_after(c->src, site))
        strbuf_printf(sb, " %s = pr_copy_iv;", li->iv->name);
    else if (!li->iv_declared_in_loop && !in_place && !reads_iv)
        strbuf_printf(sb, " (void)%s;", li->iv->name);
    strbuf_puts(sb, " }");
}

void emit_call(const Ctx *c, StrBuf *sb, bool in_segment)
{
    const Site *site = c->site;
    strbuf_printf(sb, "/* pragreduce: %s:%u, #pragma %s: see %s() above this function */ ",
                  source_path_at(c->src, site->loop->start), c->line, site->pragma.summary, c->p);
    if (!in_segment && site_in_team(site)) {
        emit_team_call(c, sb);
        return;
    }
    bool in_place = !in_segment && inline_on_cpu(c);
    if (in_segment) {
        strbuf_printf(sb, "%s(", c->p);
        emit_call_args(c, sb, in_segment);
        strbuf_puts(sb, ");");
    } else {
        if (in_place)
            emit_inline_cpu_path(c, sb);
        emit_call_with_copies(c, sb, in_place);
        if (in_place)
            strbuf_puts(sb, " }");
    }
    if (!in_segment)
        emit_rest_of_line(c, sb);
}

/* #define and #undef lines of the enclosing function above the loop: the
 * generated code goes before the function, and the loop body may use them
 * (repeating a definition with the same text is allowed). */
static void emit_function_macros(const Ctx *c, StrBuf *sb)
{
    const Source *src = c->src;
    bool any = false;
    for (size_t i = source_token_at(src, c->site->function_start);
         i + 1 < src->ntokens && src->tokens[i].offset < c->site->pragma.start; i++) {
        const Token *t = &src->tokens[i];
        const char *d = src->tokens[i + 1].text;
        if (strcmp(t->text, "#") != 0 || (strcmp(d, "define") != 0 && strcmp(d, "undef") != 0))
            continue;
        unsigned line_start = t->offset;
        while (line_start > 0 && src->text[line_start - 1] != '\n')
            line_start--;
        bool blank = true;
        for (unsigned k = line_start; k < t->offset; k++)
            blank &= src->text[k] == ' ' || src->text[k] == '\t';
        if (!blank)
            continue;
        /* the logical line, continuations included */
        unsigned end = t->offset;
        while (end < src->size && (src->text[end] != '\n' || (end > 0 && src->text[end - 1] == '\\')))
            end++;
        if (!any)
            strbuf_puts(sb, "/* macros the enclosing function defines above the loop */\n");
        any = true;
        strbuf_putn(sb, src->text + t->offset, end - t->offset);
        strbuf_puts(sb, "\n");
        while (i + 1 < src->ntokens && src->tokens[i + 1].offset < end)
            i++;
    }
}

void emit_site(const Source *src, const Site *site, const EmitOptions *opts, StrBuf *defs,
               StrBuf *call)
{
    Ctx c = {src, site, opts, site->prefix, 0};
    unsigned col;
    source_line_col(src, site->loop->start, &c.line, &col);
    line_to_output(&c, defs);
    emit_function_macros(&c, defs);
    strbuf_printf(defs, "/* ---- pragreduce: the loop at %s:%u, #pragma %s ---- */\n",
                  source_path_at(src, site->loop->start), c.line, site->pragma.summary);
    emit_site_string(&c, defs);
    strbuf_puts(defs, "\n");
    emit_functions(&c, defs);
    if (site->segment)
        emit_segment_kernel(&c, defs);
    else
        emit_kernel(&c, defs);
    emit_wrapper(&c, defs);
    emit_call(&c, call, false);
}
