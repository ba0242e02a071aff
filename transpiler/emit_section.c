/*
 * emit_section.c - the wrapper and kernel pieces of array-section
 * accumulators, `reduce(op: h[lo:len])` (runtime/pragreduce/section.cuh).
 *
 * The wrapper receives h, lo and len; the device holds, per section, the
 * result (`out`, len + 1 elements: the last takes subscripts outside the
 * section), one chunk's accumulator (`acc`, the result itself when there is
 * one chunk) and, for floating point, the per-block partials and, when the
 * threads' copies do not fit in shared memory, the copies (`copies`: each
 * block's laid out as in shared memory, the grid capped at two blocks per
 * SM so that they stay within the L2 cache's reach). Each launch
 * fills acc with the identity first, so a repeated launch
 * (PRAGREDUCE_BENCH) gives the same result. The kernel declares an object
 * under the section's name whose h[k] takes the updates. After the chunks,
 * a subscript outside a section sends the loop to the CPU as written;
 * otherwise h[lo + k] = op(h[lo + k], out[k]) on the host.
 */
#include "emit.h"

#include <string.h>

/* Per-thread copies of floating-point sections go in a block's shared
 * memory when they fit without an opt-in (48 KiB), beside block_reduce's
 * own; else in device memory. */
#define SECTION_SMEM_MAX 45056
/* Integer sections share a block's copy when small; larger ones use
 * atomics on the result in global memory. */
#define SECTION_SHARED_INT_MAX 32768

static bool section_float(const ReduceVar *rv) { return type_is_floating(reduce_accum_type(rv)); }

static char *elem_type(const ReduceVar *rv) { return type_cxx_name(reduce_accum_type(rv)); }

/* The device word: `pr_loop0_S_h` (a typedef emitted with the kernel). */
static char *word(const Ctx *c, const ReduceVar *rv) { return xformat("%s_S_%s", c->p, rv->name); }

static const char *functor(const ReduceVar *rv) { return reduce_ops[rv->op].functor; }

void emit_section_types(const Ctx *c, StrBuf *sb)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (is_section(rv))
            strbuf_printf(sb, "typedef pragreduce::section_word<%s>::type %s;\n", elem_type(rv),
                          word(c, rv));
    }
}

void emit_section_kernel_params(const Ctx *c, StrBuf *sb)
{
    bool any = false;
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        any = true;
        const char *n = rv->name;
        strbuf_printf(sb,
                      ",\n    %s *pr_sec_%s, %s *pr_part_%s, %s *pr_glob_%s, long long pr_sec_%s_lo, "
                      "unsigned long long pr_sec_%s_n, unsigned pr_sec_%s_smem, %s pr_sec_%s_id",
                      word(c, rv), n, word(c, rv), n, word(c, rv), n, n, n, n, word(c, rv), n);
    }
    if (any)
        strbuf_puts(sb, ",\n    int *pr_bad");
}

/* Before the loop: each section's copies filled with the identity, and
 * the object under its name. */
void emit_section_kernel_prologue(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    if (!site_has_sections(site))
        return;
    int block = site->plan.block;
    strbuf_puts(sb, "    /* array sections: this block's copies, filled with the identity */\n"
                    "    extern __shared__ __align__(16) unsigned char pr_smem[];\n");
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        const char *n = rv->name;
        char *S = word(c, rv);
        if (section_float(rv)) {
            strbuf_printf(sb,
                          "    /* '%s': a copy per thread, element k of thread t at k * %d + t, in\n"
                          "       shared memory or, when it does not fit, in this block's device memory */\n"
                          "    %s *const pr_base_%s = pr_sec_%s_smem != ~0u ? (%s *)(pr_smem + pr_sec_%s_smem)\n"
                          "        : pr_glob_%s + (unsigned long long)blockIdx.x * (pr_sec_%s_n + 1) * %du;\n"
                          "    %s *pr_home_%s = pr_base_%s + threadIdx.x;\n"
                          "    for (unsigned long long pr_k = 0; pr_k <= pr_sec_%s_n; pr_k++)\n"
                          "        pr_home_%s[pr_k * %d] = pr_sec_%s_id;\n"
                          "    const pragreduce::section_ref<%s, pragreduce::slot_private<%s>> %s{pr_home_%s, "
                          "pr_sec_%s_lo, pr_sec_%s_n, %du, pr_bad};\n",
                          n, block, S, n, n, S, n, n, n, block, S, n, n, n, n, block, n, S, S, n, n, n, n,
                          block);
        } else {
            strbuf_printf(sb,
                          "    /* '%s': integer atomics, in a copy per block when it fits in shared memory */\n"
                          "    const bool pr_shared_%s = pr_sec_%s_smem != ~0u;\n"
                          "    %s *pr_home_%s = pr_shared_%s ? (%s *)(pr_smem + pr_sec_%s_smem) : pr_sec_%s;\n"
                          "    if (pr_shared_%s)\n"
                          "        for (unsigned long long pr_k = threadIdx.x; pr_k <= pr_sec_%s_n; pr_k += %d)\n"
                          "            pr_home_%s[pr_k] = pr_sec_%s_id;\n"
                          "    const pragreduce::section_ref<%s, pragreduce::slot_atomic<%s>> %s{pr_home_%s, "
                          "pr_sec_%s_lo, pr_sec_%s_n, 1u, pr_bad};\n",
                          n, n, n, S, n, n, S, n, n, n, n, block, n, n, S, S, n, n, n, n);
        }
    }
    strbuf_puts(sb, "    __syncthreads();\n");
}

/* After the loop: the block's copies into the result (integers) or into
 * this block's partials (floating point, combined in order). */
void emit_section_kernel_epilogue(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    if (!site_has_sections(site))
        return;
    int block = site->plan.block;
    strbuf_puts(sb, "    /* array sections: the block's copies out */\n    __syncthreads();\n");
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        const char *n = rv->name;
        char *S = word(c, rv);
        if (section_float(rv)) {
            strbuf_printf(sb,
                          "    /* '%s': the threads' copies of each element in thread order */\n"
                          "    for (unsigned long long pr_k = threadIdx.x; pr_k < pr_sec_%s_n; pr_k += %d) {\n"
                          "        const %s *pr_row = pr_base_%s + pr_k * %d;\n"
                          "        %s pr_a = pr_sec_%s_id;\n"
                          "        for (int pr_t = 0; pr_t < %d; pr_t++)\n"
                          "            pr_a = %s::apply(pr_a, pr_row[pr_t]);\n"
                          "        pr_part_%s[(unsigned long long)blockIdx.x * pr_sec_%s_n + pr_k] = pr_a;\n"
                          "    }\n",
                          n, n, block, S, n, block, S, n, block, functor(rv), n, n);
        } else {
            strbuf_printf(sb,
                          "    /* '%s': what this block added, atomically into the result */\n"
                          "    if (pr_shared_%s)\n"
                          "        for (unsigned long long pr_k = threadIdx.x; pr_k < pr_sec_%s_n; pr_k += %d)\n"
                          "            if (!pragreduce::same_bits(pr_home_%s[pr_k], pr_sec_%s_id))\n"
                          "                pragreduce::slot_atomic<%s>{&pr_sec_%s[pr_k]}%s pr_home_%s[pr_k];\n",
                          n, n, n, block, n, n, S, n,
                          rv->op == OP_ADD ? " +=" : rv->op == OP_MUL ? " *=" : rv->op == OP_BAND ? " &="
                          : rv->op == OP_BOR ? " |=" : " ^=",
                          n);
        }
    }
}

void emit_section_wrapper_params(const Ctx *c, StrBuf *sb, const char **sep)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        strbuf_printf(sb, "%s%s *%s, long long pr_sec_%s_lo, long long pr_sec_%s_n", *sep,
                      elem_type(rv), rv->name, rv->name, rv->name);
        *sep = ", ";
    }
}

void emit_section_call_args(const Ctx *c, StrBuf *sb, const char **sep)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        strbuf_printf(sb, "%s%s, (long long)(%s), (long long)(%s)", *sep, rv->name, rv->sec_lo,
                      rv->sec_len);
        *sep = ", ";
    }
}

/* Conditions, each `|| cond`, that send the loop to the CPU before
 * anything else: an empty section. */
void emit_section_cpu_conditions(const Ctx *c, StrBuf *sb)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (is_section(rv))
            strbuf_printf(sb, " ||\n        pr_sec_%s_n <= 0 /* an empty section: every update lies outside it */",
                          rv->name);
    }
}

/* The shared memory each section's copies take, and where: floating point
 * always (the loop runs on the CPU when they do not fit), integers when
 * small. Sets pr_smem, the launch's dynamic shared memory. */
void emit_section_shared(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    if (!site_has_sections(site)) {
        strbuf_puts(sb, "    const size_t pr_smem = 0;\n    const bool pr_sec_global = false;\n");
        return;
    }
    int block = site->plan.block;
    strbuf_puts(sb, "    /* array sections: their copies in shared memory, else (floating point)\n"
                    "       in device memory */\n"
                    "    size_t pr_smem = 0, pr_sec_copies = 0;\n");
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv) || !section_float(rv))
            continue;
        strbuf_printf(sb,
                      "    const size_t pr_sec_%s_copy = (unsigned long long)pr_sec_%s_n < (1ULL << 40)\n"
                      "        ? pragreduce::align_up((size_t)(pr_sec_%s_n + 1) * sizeof(%s) * %d) : ~(size_t)0 / 4;\n"
                      "    const unsigned pr_sec_%s_smem = pr_smem + pr_sec_%s_copy <= %d ? (unsigned)pr_smem : ~0u;\n"
                      "    if (pr_sec_%s_smem != ~0u)\n"
                      "        pr_smem += pr_sec_%s_copy;\n"
                      "    else\n"
                      "        pr_sec_copies += pr_sec_%s_copy;\n",
                      rv->name, rv->name, rv->name, word(c, rv), block, rv->name, rv->name, SECTION_SMEM_MAX,
                      rv->name, rv->name, rv->name);
    }
    strbuf_printf(sb,
                  "    const bool pr_sec_global = pr_sec_copies > 0;\n"
                  "    if (pr_sec_copies > pragreduce::section_copies_max / pragreduce::section_grid_cap(%s_site)) {\n"
                  "        /* a copy per thread of the floating-point sections for the blocks\n"
                  "           the GPU holds at once is too large: the loop as written */\n"
                  "        pragreduce::section_too_big(%s_site, pr_sec_copies);\n"
                  "        pr_on_cpu();\n"
                  "        return;\n"
                  "    }\n"
                  "    size_t pr_smem_ints = 0;\n",
                  c->p, c->p);
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (is_section(rv) && !section_float(rv))
            strbuf_printf(sb,
                          "    pr_smem_ints += (unsigned long long)pr_sec_%s_n < %dULL ? pragreduce::align_up((size_t)(pr_sec_%s_n + 1) * sizeof(%s)) : %dULL + 1;\n",
                          rv->name, SECTION_SHARED_INT_MAX, rv->name, word(c, rv), SECTION_SHARED_INT_MAX);
    }
    strbuf_printf(sb,
                  "    const bool pr_ints_shared = pr_smem_ints <= %d && pr_smem + pr_smem_ints <= %d;\n"
                  "    (void)pr_ints_shared;\n",
                  SECTION_SHARED_INT_MAX, SECTION_SMEM_MAX);
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv) || section_float(rv))
            continue;
        strbuf_printf(sb,
                      "    const unsigned pr_sec_%s_smem = pr_ints_shared ? (unsigned)pr_smem : ~0u;\n"
                      "    if (pr_ints_shared)\n"
                      "        pr_smem += pragreduce::align_up((size_t)(pr_sec_%s_n + 1) * sizeof(%s));\n",
                      rv->name, rv->name, word(c, rv));
    }
}

/* Device bytes beyond the arrays, added to `total`: for chunk planning
 * (pr_fixed), and with `declare` the layout after the results (pr_bytes). */
void emit_section_bytes(const Ctx *c, StrBuf *sb, const char *total, bool declare)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        const char *n = rv->name;
        char *S = word(c, rv);
        static const char *const parts[] = {"out", "acc", "part", "copies"};
        for (int k = 0; k < 4; k++) {
            if (k >= 2 && !section_float(rv) && !declare)
                break;
            if (declare)
                strbuf_printf(sb, "    const size_t pr_sec_%s_%s_at = %s;\n", n, parts[k], total);
            if (k < 2)
                strbuf_printf(sb, "    %s += pragreduce::align_up((size_t)(pr_sec_%s_n + 1) * sizeof(%s));\n",
                              total, n, S);
            else if (k == 2 && section_float(rv))
                strbuf_printf(sb,
                              "    %s += pragreduce::align_up((size_t)pr_grid_max * (size_t)pr_sec_%s_n * sizeof(%s));\n",
                              total, n, S);
            else if (section_float(rv))
                strbuf_printf(sb, "    %s += pr_sec_%s_smem == ~0u ? (size_t)pr_grid_max * pr_sec_%s_copy : 0;\n",
                              total, n, n);
        }
    }
    if (site_has_sections(c->site)) {
        if (declare)
            strbuf_printf(sb, "    const size_t pr_bad_at = %s;\n", total);
        strbuf_printf(sb, "    %s += 256;\n", total);
    }
}

/* Before the chunks: the results start from the identity, no subscript
 * seen outside a section. */
void emit_section_start(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    if (!site_has_sections(site))
        return;
    strbuf_puts(sb, "    if (!pragreduce::fake_device) {\n"
                    "        /* array sections: results from the identity; no subscript outside them yet */\n");
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        strbuf_printf(sb,
                      "        pragreduce::section_start((%s *)(pr_dev + pr_sec_%s_out_at), (unsigned long long)pr_sec_%s_n + 1,\n"
                      "            %s::identity<%s>(), %s_site);\n",
                      word(c, rv), rv->name, rv->name, functor(rv), word(c, rv), c->p);
    }
    strbuf_printf(sb,
                  "        PRAGREDUCE_CHECK(%s_site, \"cudaMemset\", cudaMemset(pr_dev + pr_bad_at, 0, sizeof(int)));\n"
                  "    }\n",
                  c->p);
}

/* Inside the launch, before the kernel: this chunk's accumulators. */
void emit_section_launch_before(const Ctx *c, StrBuf *sb)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        const char *n = rv->name;
        char *S = word(c, rv);
        strbuf_printf(sb,
                      "        %s *pr_sec_%s = (%s *)(pr_dev + (pr_chunks > 1 ? pr_sec_%s_acc_at : pr_sec_%s_out_at));\n"
                      "        pragreduce::section_start(pr_sec_%s, (unsigned long long)pr_sec_%s_n + 1, %s::identity<%s>(), %s_site);\n",
                      S, n, S, n, n, n, n, functor(rv), S, c->p);
    }
}

void emit_section_launch_args(const Ctx *c, StrBuf *sb)
{
    bool any = false;
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        any = true;
        const char *n = rv->name;
        strbuf_printf(sb,
                      ",\n                pr_sec_%s, (%s *)(pr_dev + pr_sec_%s_part_at), (%s *)(pr_dev + pr_sec_%s_copies_at), "
                      "pr_sec_%s_lo, (unsigned long long)pr_sec_%s_n, pr_sec_%s_smem, %s::identity<%s>()",
                      n, word(c, rv), n, word(c, rv), n, n, n, n, functor(rv), word(c, rv));
    }
    if (any)
        strbuf_puts(sb, ", (int *)(pr_dev + pr_bad_at)");
}

/* Inside the launch, after the kernel: floating-point partials folded in
 * block order into this chunk's accumulator. */
void emit_section_launch_after(const Ctx *c, StrBuf *sb)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (!is_section(rv) || !section_float(rv))
            continue;
        strbuf_printf(sb,
                      "        pragreduce::section_fold_into<%s>(pr_sec_%s, (const %s *)(pr_dev + pr_sec_%s_part_at), pr_grid,\n"
                      "            (unsigned long long)pr_sec_%s_n, %s_site);\n",
                      functor(rv), rv->name, word(c, rv), rv->name, rv->name, c->p);
    }
}

/* After a chunk's launch: its accumulator folded into the result. */
void emit_section_chunk_done(const Ctx *c, StrBuf *sb)
{
    for (int v = 0; v < c->site->pragma.nvars; v++) {
        const ReduceVar *rv = &c->site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        strbuf_printf(sb,
                      "        if (!pragreduce::fake_device && pr_chunks > 1)\n"
                      "            pragreduce::section_fold_into<%s>((%s *)(pr_dev + pr_sec_%s_out_at),\n"
                      "                (const %s *)(pr_dev + pr_sec_%s_acc_at), 1, (unsigned long long)pr_sec_%s_n, %s_site);\n",
                      functor(rv), word(c, rv), rv->name, word(c, rv), rv->name, rv->name, c->p);
    }
}

/* After all chunks: a subscript outside a section sends the loop to the
 * CPU (outputs restored first). */
void emit_section_check(const Ctx *c, StrBuf *sb, void (*restore)(const Ctx *, StrBuf *))
{
    const Site *site = c->site;
    if (!site_has_sections(site))
        return;
    strbuf_printf(sb,
                  "    if (pragreduce::section_flagged((const int *)(pr_dev + pr_bad_at), %s_site)) {\n"
                  "        /* a subscript outside its section: the loop as written, on the host */\n",
                  c->p);
    restore(c, sb);
    strbuf_puts(sb, "        pr_on_cpu();\n        return;\n    }\n");
}

/* Each section's result folded into the host's elements: the last step,
 * after every reason to run the loop again on the CPU (a section or a
 * floating-point min/max beside it), since the fold cannot be undone. */
void emit_section_fold_results(const Ctx *c, StrBuf *sb)
{
    const Site *site = c->site;
    if (!site_has_sections(site))
        return;
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        strbuf_printf(sb,
                      "    /* %s[%s:%s]: each element folded with what the loop added to it */\n"
                      "    pragreduce::section_finish<%s>(%s + pr_sec_%s_lo, (const %s *)(pr_dev + pr_sec_%s_out_at),\n"
                      "        (unsigned long long)pr_sec_%s_n, %s_site);\n",
                      rv->name, rv->sec_lo, rv->sec_len, functor(rv), rv->name, rv->name, word(c, rv),
                      rv->name, rv->name, c->p);
    }
}
