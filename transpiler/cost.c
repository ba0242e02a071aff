/*
 * cost.c - the static cost model that picks each loop's launch plan.
 *
 * Facts (cost_facts): every memory reference of the body with the stride of
 * its subscript in the induction variable, classified
 *   zero     the same element every iteration (broadcast, from cache)
 *   one      consecutive elements (coalesced; 16-byte vector loads possible)
 *   small    |stride| * element < a 128-byte line (partly coalesced)
 *   large    one sector per access
 *   unknown  stride not known at transpile time (in() clauses, runtime values)
 * and the bytes each costs per iteration, the arithmetic per iteration
 * (special functions and division weighted) and the accumulators.
 *
 * Estimate (cost_estimate, a pure function of facts, device and plan):
 *   registers -> blocks per SM (threads, blocks, registers) -> bytes in
 *   flight per SM; bandwidth = min(achieved DRAM bandwidth, bytes in flight /
 *   latency) (Little's law); memory time = bytes / bandwidth; compute time =
 *   instructions / issue rate; both divided by the efficiency of the last
 *   round of tiles (wave quantization); plus the launch and, with more than
 *   one block, the last-block combine.
 * Choice (cost_choose): the least estimate at n = 2^26 among blocks of
 * 32..1024, 1..8 loads in flight, scalar or vector loads; within 3% of the
 * best, the larger vector, then the block nearest 512, then the unroll
 * nearest 2 (the shape measured best on the H100, bench/NOTES.md).
 */
#include "pragreduce.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* H100 first: it is the default target. launch_us and combine_us were
 * measured on the H100 (bench/NOTES.md) and are assumed for the others. */
const GpuDesc gpu_table[] = {
    {"H100", "sm_90", 132, 2048, 32, 65536, 228, 3352, 0.93, 1.98, 1500, 3.6, 1.8, 128, 32, 8},
    {"A100", "sm_80", 108, 2048, 32, 65536, 164, 2039, 0.92, 1.41, 1500, 4.0, 2.0, 128, 32, 8},
    {"V100", "sm_70", 80, 2048, 32, 65536, 96, 900, 0.90, 1.53, 1500, 4.5, 2.0, 128, 32, 8},
    {"L4", "sm_89", 58, 1536, 24, 65536, 100, 300, 0.90, 2.04, 1500, 4.0, 2.0, 128, 32, 8},
    {"RTX4090", "sm_89", 128, 1536, 24, 65536, 100, 1008, 0.90, 2.52, 1500, 4.0, 2.0, 128, 32, 8},
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
};

static int lower_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if ((*a | 32) != (*b | 32))
            return 0;
    return *a == *b;
}

const GpuDesc *gpu_find(const char *name)
{
    for (const GpuDesc *d = gpu_table; d->name; d++)
        if (lower_eq(d->name, name) || lower_eq(d->arch, name))
            return d;
    if (lower_eq(name, "4090"))
        return gpu_find("RTX4090");
    return NULL;
}

/* ------------------------------------------------------------ facts */

static int op_weight(const Node *n)
{
    if (n->kind == N_BINARY && n->op)
        return (!strcmp(n->op, "/") || !strcmp(n->op, "%")) ? 8 : 1;
    if (n->kind == N_ASSIGN && n->op && strcmp(n->op, "=") != 0)
        return (!strcmp(n->op, "/=") || !strcmp(n->op, "%=")) ? 8 : 1;
    if (n->kind == N_UNARY && n->op && (!strcmp(n->op, "-") || !strcmp(n->op, "++") ||
                                        !strcmp(n->op, "--") || !strcmp(n->op, "!")))
        return 1;
    if (n->kind == N_COND)
        return 1;
    if (n->kind == N_CALL && n->name) {
        const char *f = n->name;
        static const char *cheap[] = {"fabs", "fabsf", "fmin", "fmax", "fminf", "fmaxf", "abs",
                                      "floor", "floorf", "ceil", "ceilf", "trunc", "copysign", NULL};
        for (int i = 0; cheap[i]; i++)
            if (!strcmp(f, cheap[i]))
                return 1;
        if (!strncmp(f, "sqrt", 4) || !strncmp(f, "rsqrt", 5))
            return 4;
        return 16; /* exp, log, pow, trigonometry, user functions */
    }
    return 0;
}

/* Arithmetic of a body; an inner loop's body counts 16 times. */
static double count_ops(const Node *n, int *specials)
{
    if (!n)
        return 0;
    double ops = op_weight(n);
    if (ops >= 4)
        (*specials)++;
    double inner = 0;
    for (int i = 0; i < n->nkids; i++)
        inner += count_ops(n->kids[i], specials);
    if (n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_DO)
        inner *= 16;
    return ops + inner;
}

/* count_ops as `k + text`: constants folded into k, and each inner loop
 * that is a range variable of the body (level 0) multiplied by its trip at
 * run time, pr_trip_wK, instead of 16. */
typedef struct {
    double k;
    StrBuf text; /* empty: no range variable's loop below */
} Work;

static const RangeVar *range_of_loop(const Site *site, const Node *n, int *index)
{
    for (int r = 0; r < site->nranges; r++)
        if (site->ranges[r].level == 0 && site->ranges[r].end == n->end && n->kind == N_FOR) {
            *index = r;
            return &site->ranges[r];
        }
    return NULL;
}

static Work work_of(const Site *site, const Node *n)
{
    Work w = {0};
    if (!n)
        return w;
    Work inner = {0};
    for (int i = 0; i < n->nkids; i++) {
        Work kid = work_of(site, n->kids[i]);
        inner.k += kid.k;
        if (kid.text.len) {
            strbuf_printf(&inner.text, "%s%s", inner.text.len ? " + " : "", kid.text.buf);
            strbuf_free(&kid.text);
        }
    }
    w.k = op_weight(n);
    int r;
    if ((n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_DO) && range_of_loop(site, n, &r)) {
        strbuf_printf(&w.text, "(double)pr_trip_w%d * (%g%s%s)", r, inner.k, inner.text.len ? " + " : "",
                      inner.text.len ? inner.text.buf : "");
    } else if (n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_DO) {
        w.k += 16 * inner.k;
        if (inner.text.len)
            strbuf_printf(&w.text, "16 * (%s)", inner.text.buf);
    } else {
        w.k += inner.k;
        if (inner.text.len)
            strbuf_puts(&w.text, inner.text.buf);
    }
    strbuf_free(&inner.text);
    return w;
}

char *cost_work_expr(const Site *site)
{
    if (site->ninner || !site->info.body)
        return NULL;
    int specials = 0;
    const double model = count_ops(site->info.body, &specials) + site->pragma.nvars;
    Work w = work_of(site, site->info.body);
    if (!w.text.len || model <= 0) {
        strbuf_free(&w.text);
        return NULL;
    }
    char *e = xformat("(%g + %s) / %g", w.k + site->pragma.nvars, w.text.buf, model);
    strbuf_free(&w.text);
    return e;
}

/* An integer variable declared inside the loop (an inner loop's counter,
 * say) that the subscript mentions. */
static const Var *inner_variable(const Site *site, const Node *n)
{
    if (!n)
        return NULL;
    if (n->kind == N_DECLREF && n->var && !site_is_iv(site, n->var) &&
        type_is_integer(n->var->type) && n->var->decl_offset != UINT32_MAX &&
        n->var->decl_offset >= site->loop->start && n->var->decl_offset < site->loop_end)
        return n->var;
    for (int i = 0; i < n->nkids; i++) {
        const Var *v = inner_variable(site, n->kids[i]);
        if (v)
            return v;
    }
    return NULL;
}

static void classify(AccessFact *a, const Linear *l)
{
    if (!l->affine || (l->coef && !l->coef_known)) {
        a->cls = STRIDE_UNKNOWN;
        return;
    }
    long long s = l->coef ? (l->coef_value < 0 ? -l->coef_value : l->coef_value) : 0;
    a->stride = l->coef ? l->coef_value : 0;
    a->cls = s == 0 ? STRIDE_ZERO : s == 1 ? STRIDE_ONE : s * a->elem < 128 ? STRIDE_SMALL : STRIDE_LARGE;
}

/* The first inner variable any subscript of an access mentions. */
static const Var *inner_variable_of(const Site *site, const Node **levels, int n)
{
    for (int d = 0; d < n; d++) {
        const Var *v = inner_variable(site, levels[d]);
        if (v)
            return v;
    }
    return NULL;
}

/* The step in bytes of an access `a[s0][s1]...` as `v` moves: each
 * subscript's coefficient times the size of what it indexes; false when
 * one is not affine in v or its coefficient is not a known constant. */
static bool level_step(const Source *src, const Node **levels, const CXType *types, int n, const Var *v,
                       long long *step)
{
    *step = 0;
    for (int d = 0; d < n; d++) {
        Linear l = access_linear(src, levels[d], v);
        if (!l.affine || (l.coef && !l.coef_known))
            return false;
        long long size = clang_Type_getSizeOf(types[d]);
        if (size <= 0)
            return false;
        *step += (l.coef ? l.coef_value : 0) * size;
    }
    return true;
}

/* An element of an array of arrays: classified by the bytes between the
 * elements consecutive iterations reach, in units of the element. */
static void multi_level_fact(const Source *src, AccessFact *a, const Node **levels, const CXType *types, int n,
                             const Var *iv, const Var *inner)
{
    long long leaf = clang_Type_getSizeOf(types[n - 1]);
    if (leaf > 0)
        a->elem = (int)leaf;
    long long step;
    if (leaf <= 0 || !level_step(src, levels, types, n, iv, &step) || step % leaf != 0) {
        a->cls = STRIDE_UNKNOWN;
    } else {
        long long s = step < 0 ? -step : step;
        a->stride = step / leaf;
        a->cls = s == 0 ? STRIDE_ZERO : s == leaf ? STRIDE_ONE : s < 128 ? STRIDE_SMALL : STRIDE_LARGE;
    }
    if (inner) {
        long long istep;
        a->inner = inner->name;
        a->inner_known = leaf > 0 && level_step(src, levels, types, n, inner, &istep) && istep % leaf == 0;
        a->inner_stride = a->inner_known ? istep / leaf : 0;
    }
}

static double access_bytes(const AccessFact *a)
{
    switch (a->cls) {
    case STRIDE_ZERO: return 0;
    case STRIDE_ONE: return a->elem;
    case STRIDE_SMALL: return (double)(a->stride < 0 ? -a->stride : a->stride) * a->elem;
    case STRIDE_LARGE:
    case STRIDE_UNKNOWN: return 32;
    }
    return 32;
}

/* A table of pointers (rows[i][j]): the model does not follow the rows;
 * it counts an iteration as reading (and copying) a row of ~16 elements
 * through an address loaded first. */
static void table_fact(CostFacts *f, const Capture *c)
{
    int elem = (int)(c->elem_size > 0 ? c->elem_size : 1);
    StrBuf text = {0};
    strbuf_puts(&text, c->var->name);
    for (int k = 0; k < c->levels; k++)
        strbuf_puts(&text, "[.]");
    strbuf_puts(&text, " (table)");
    AccessFact a = {.array = c->var->name, .elem = elem, .cls = STRIDE_UNKNOWN, .text = strbuf_steal(&text)};
    a.bytes = 16.0 * elem + 8.0 * (c->levels - 1);
    f->accesses = xrealloc(f->accesses, (size_t)(f->naccesses + 1) * sizeof(AccessFact));
    f->accesses[f->naccesses++] = a;
    f->bytes_per_iter += a.bytes;
    f->copy_per_iter += a.bytes;
}

CostFacts cost_facts(const Source *src, const Site *site)
{
    CostFacts f = {0};
    f.max_vector = 1;
    cost_vectorizable(site, &f.max_vector);
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *c = &site->captures[i];
        if (c->kind == CAP_TABLE) {
            table_fact(&f, c);
            continue;
        }
        if (c->kind != CAP_ARRAY)
            continue;
        int elem = (int)(c->elem_size > 0 ? c->elem_size : 1);
        double array_bytes = 0, copy = 0;
        int nrefs = c->deref0 + c->nsubs;
        if (nrefs == 0)
            nrefs = 1; /* used only other than by subscript: in() */
        for (int k = 0; k < nrefs; k++) {
            AccessFact a = {.array = c->var->name, .elem = elem};
            bool deref = c->deref0 && k == 0;
            const Node *sub = deref || c->nsubs == 0 ? NULL : c->subs[k - c->deref0];
            if (deref) {
                a.text = xformat("*%s", c->var->name);
                a.cls = STRIDE_ZERO;
            } else if (!sub) {
                a.text = xformat("%s (in(%s[%s:%s]))", c->var->name, c->var->name,
                                 c->section ? c->section->lo : "?", c->section ? c->section->len : "?");
                a.cls = STRIDE_UNKNOWN;
            } else {
                const Node *ref = sub->parent ? sub->parent : sub;
                a.text = src ? ast_expr_text(src, ref) : ast_print(ref);
                /* collapse(N): consecutive iterations step the innermost variable */
                const Var *flat_iv = site->ninner ? site->inner[site->ninner - 1].iv : site->info.iv;
                const Node *levels[8];
                CXType types[8];
                int nlevels = c->levels ? 0 : access_levels(sub, levels, types, 8);
                if (nlevels > 1) {
                    /* an element of an array of arrays (`a[k][j]`): the steps of
                     * every subscript, in bytes, over the element reached */
                    multi_level_fact(src, &a, levels, types, nlevels, flat_iv, inner_variable_of(site, levels, nlevels));
                    if (src)
                        a.text = ast_expr_text(src, access_top_ref(sub));
                } else {
                    Linear l = access_linear(src, sub, flat_iv);
                    classify(&a, &l);
                    const Var *inner = inner_variable(site, sub);
                    if (inner) {
                        Linear li = access_linear(src, sub, inner);
                        a.inner = inner->name;
                        a.inner_known = li.affine && li.coef_known;
                        a.inner_stride = li.coef ? li.coef_value : 0;
                    }
                }
            }
            a.bytes = access_bytes(&a);
            /* inside an inner loop: ~16 trips, each a sector unless the
             * threads' addresses move together (stride 1 in the outer one) */
            if (a.inner)
                a.bytes = 16 * (a.cls == STRIDE_ONE ? a.elem : 32);
            if (a.bytes > array_bytes)
                array_bytes = a.bytes;
            /* a small table a called function reads is copied whole, once a call */
            long long whole = c->helper_use && clang_getCanonicalType(c->var->type).kind == CXType_ConstantArray
                                  ? clang_Type_getSizeOf(c->var->type)
                                  : -1;
            double copied = a.cls == STRIDE_ZERO || (whole > 0 && whole <= (1 << 20)) ? 0
                            : a.cls == STRIDE_UNKNOWN ? elem
                                                      : (double)(a.stride < 0 ? -a.stride : a.stride) * a.elem;
            if (copied > copy)
                copy = copied;
            f.accesses = xrealloc(f.accesses, (size_t)(f.naccesses + 1) * sizeof(AccessFact));
            f.accesses[f.naccesses++] = a;
        }
        f.bytes_per_iter += array_bytes;
        f.copy_per_iter += copy;
        if (c->vec_ok && !c->section)
            f.vector_arrays++;
    }
    f.ops_per_iter = count_ops(site->info.body, &f.specials) + site->pragma.nvars;
    for (int v = 0; v < site->pragma.nvars; v++) {
        const Var *var = site->pragma.vars[v].var;
        long long size = var ? clang_Type_getSizeOf(var->type) : 8;
        f.accum_bytes += (int)(size > 0 ? size : 8);
        if (var && type_is_floating(var->type))
            f.float_chain = true;
    }
    return f;
}

/* ------------------------------------------------------------ estimate */

double cost_estimate(const CostFacts *f, const GpuDesc *d, const LaunchPlan *p, double n,
                     Candidate *detail)
{
    const int vec = p->vector > 1 ? p->vector : 1;
    /* registers: indices and addresses, accumulators, loaded values in flight */
    double loaded_words = 0;
    for (int i = 0; i < f->naccesses; i++)
        if (f->accesses[i].cls != STRIDE_ZERO)
            loaded_words += (double)p->unroll * vec * f->accesses[i].elem / 4.0;
    /* calibrated on -Xptxas -v: 32 registers for the dot product, 2 x 2 doubles */
    int regs = 12 + f->accum_bytes / 4 + (int)ceil(loaded_words);
    regs = (regs + 7) / 8 * 8;
    if (regs > 255)
        regs = 255;
    int bps = d->max_blocks_sm;
    if (d->max_threads_sm / p->block < bps)
        bps = d->max_threads_sm / p->block;
    if (d->regs_sm / (regs * p->block) < bps)
        bps = d->regs_sm / (regs * p->block);
    if (bps < 1)
        bps = 1;
    const double threads_sm = (double)bps * p->block;

    /* bytes in flight per SM: every resident thread's loads of one tile */
    const double per_thread = f->bytes_per_iter * p->unroll * vec;
    const double inflight_sm = threads_sm * (per_thread > 0 ? per_thread : 4);
    const double peak = d->dram_gbps * d->achieved * 1e9;
    const double little = inflight_sm * d->sms / (d->latency_ns * 1e-9);
    const double bw = little < peak ? little : peak;

    /* wave quantization over tiles */
    const double tile = (double)p->block * p->unroll * vec;
    const double tiles = ceil(n / tile);
    double grid = tiles;
    if (p->waves > 0) {
        const double cap = (double)d->sms * bps * p->waves;
        grid = tiles < cap ? tiles : cap;
    }
    if (grid < 1)
        grid = 1;
    const double rounds = ceil(tiles / grid);
    const double per_sm_blocks = ceil(grid / d->sms);
    const double eff_rounds = tiles / (rounds * grid);
    const double eff_sms = grid < d->sms ? grid / d->sms : (grid / d->sms) / per_sm_blocks;
    double eff = eff_rounds * (eff_sms > 0 ? (eff_sms < 1 ? eff_sms : 1) : 1);
    if (eff <= 0)
        eff = 1;

    /* time */
    const double mem_us = n * f->bytes_per_iter / bw * 1e6;
    const double overhead = vec > 1 ? 3.0 / vec + 1 : 6; /* index and address work */
    /* arithmetic latency is hidden with ~4 warps per scheduler (16 per SM) */
    const double warps_sm = threads_sm / 32;
    const double hide = warps_sm >= 16 ? 1.0 : warps_sm / 16;
    const double issue = (double)d->sms * 4 * 32 * d->clock_ghz * 1e9 * hide;
    const double compute_us = n * (f->ops_per_iter + overhead) / issue * 1e6;
    double body = mem_us > compute_us ? mem_us : compute_us;
    double total = d->launch_us + body / eff + (grid > 1 ? d->combine_us : 0);
    if (detail) {
        detail->plan = *p;
        detail->regs = regs;
        detail->blocks_per_sm = bps;
        detail->occupancy = threads_sm / d->max_threads_sm;
        detail->inflight_kb = inflight_sm / 1024;
    }
    return total;
}

static const double N_SMALL = 65536.0, N_LARGE = 67108864.0;

LaunchPlan cost_choose(const CostFacts *f, const GpuDesc *d, Candidate *table, int *ntable)
{
    static const int blocks[] = {32, 64, 128, 256, 512, 1024};
    static const int unrolls[] = {1, 2, 4, 8};
    int vectors[2] = {1, f->max_vector};
    int nvec = f->max_vector > 1 ? 2 : 1;
    Candidate best = {0};
    double best_us = INFINITY;
    int count = 0;
    Candidate all[48];
    for (int v = 0; v < nvec; v++)
        for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
            for (size_t u = 0; u < sizeof unrolls / sizeof unrolls[0]; u++) {
                LaunchPlan p = {.block = blocks[b], .unroll = unrolls[u], .vector = vectors[v], .waves = 1};
                Candidate c;
                c.us_large = cost_estimate(f, d, &p, N_LARGE, &c);
                c.us_small = cost_estimate(f, d, &p, N_SMALL, NULL);
                if (count < 48)
                    all[count++] = c;
                if (c.us_large < best_us)
                    best_us = c.us_large;
            }
    /* the estimates resolve a few percent: near-ties go to the measured shape */
    int pick = -1;
    for (int i = 0; i < count; i++) {
        if (all[i].us_large > best_us * 1.03)
            continue;
        if (pick < 0) {
            pick = i;
            continue;
        }
        const LaunchPlan *a = &all[i].plan, *b = &all[pick].plan;
        int da = abs(a->block - 512), db = abs(b->block - 512);
        int ua = abs(a->unroll - 2), ub = abs(b->unroll - 2);
        if (a->vector != b->vector ? a->vector > b->vector
            : da != db               ? da < db
            : ua != ub               ? ua < ub
                                     : a->unroll < b->unroll)
            pick = i;
    }
    best = all[pick];
    if (table) {
        memcpy(table, all, (size_t)count * sizeof(Candidate));
        *ntable = count;
    }
    best.plan.why = best.plan.vector > 1
                        ? "unit-stride arrays: vector loads; the fewest loads in flight that "
                          "reach the bandwidth"
                        : "scalar loads; the fewest loads in flight that reach the bandwidth";
    return best.plan;
}

/* Nanoseconds per iteration on one CPU core: ~10 GB/s from memory, a
 * floating-point add chain of ~4 cycles at ~3 GHz, ~0.3 ns per other
 * operation; the slowest of the three. */
static double cpu_ns_per_iter(const CostFacts *f)
{
    double cpu_ns = f->bytes_per_iter / 10.0;
    double chain = f->float_chain ? 1.3 : 0.35;
    if (chain > cpu_ns)
        cpu_ns = chain;
    if (f->ops_per_iter * 0.3 > cpu_ns)
        cpu_ns = f->ops_per_iter * 0.3;
    return cpu_ns;
}

/* The facts both thresholds come from (kept in the plan: the wrapper
 * rescales them when inner loops run other trips, runtime choice.cuh's
 * scaled_threshold does the same arithmetic as threshold_from). The GPU: a
 * fixed ~30 us of allocation, copy setup, launch and result copy; copies
 * below the runtime's staging size (4 MiB) at the link's pageable rate,
 * larger ones through pinned staging buffers filled by host threads
 * (48 GB/s measured on the H100 host; 40 assumed). Over kept arrays: no
 * copy, only the call's fixed cost, ~12 us on the H100 (the launch, the
 * result's copy back and the wrapper's bookkeeping), against the CPU loop. */
static void threshold_facts(const CostFacts *f, const GpuDesc *d, LaunchPlan *p)
{
    const double staged_gbps = 40.0, stage_min = 4.0 * 1024 * 1024;
    p->cpu_ns = cpu_ns_per_iter(f);
    p->link_ns = f->copy_per_iter / d->host_link_gbps;
    p->staged_ns = f->copy_per_iter > 0 ? f->copy_per_iter / staged_gbps : INFINITY;
    p->staged_from = f->copy_per_iter > 0 ? stage_min / f->copy_per_iter : 0;
    p->fixed_ns = 30000.0;
    p->kept_gpu_ns = f->bytes_per_iter / (d->dram_gbps * d->achieved);
    p->kept_fixed_ns = 8000.0 + 1000.0 * d->launch_us;
}

static unsigned long long iterations(double n) { return !(n <= 1e18) ? ULLONG_MAX : (unsigned long long)ceil(n); }

/* The trip count from which the GPU wins for an iteration `work` times the
 * model's on the CPU (the copies and the kernel's reads stay). */
static unsigned long long threshold_from(const LaunchPlan *p, double work, bool kept)
{
    const double cpu_ns = p->cpu_ns * work;
    if (kept)
        return cpu_ns <= p->kept_gpu_ns ? ULLONG_MAX : iterations(p->kept_fixed_ns / (cpu_ns - p->kept_gpu_ns));
    /* copies at the link's pageable rate, or (from the staging size on)
     * through the staging buffers: the GPU wins past its fixed cost in
     * either, whichever comes first */
    double n = cpu_ns > p->link_ns ? p->fixed_ns / (cpu_ns - p->link_ns) : INFINITY;
    if (cpu_ns > p->staged_ns) {
        double staged = p->fixed_ns / (cpu_ns - p->staged_ns);
        if (staged < p->staged_from)
            staged = p->staged_from;
        if (staged < n)
            n = staged;
    }
    return iterations(n);
}

unsigned long long cost_cpu_threshold(const CostFacts *f, const GpuDesc *d)
{
    LaunchPlan p = {0};
    threshold_facts(f, d, &p);
    return threshold_from(&p, 1, false);
}

/* The same choice when the arrays are already on the GPU (kept by an
 * earlier loop, or written there). */
unsigned long long cost_cpu_threshold_kept(const CostFacts *f, const GpuDesc *d)
{
    LaunchPlan p = {0};
    threshold_facts(f, d, &p);
    return threshold_from(&p, 1, true);
}

/* Several GPUs (PRAGREDUCE_GPUS): a split call pays ~15 us more for each
 * GPU added (its launch, its result, its halo), and the loops of one
 * program over the same arrays must split alike, else each call moves
 * halves of them between the GPUs. So one trip count for every loop, not
 * an estimate per loop (the arithmetic's is too rough: team_cg's stencil,
 * its `k % nx` counted as costly, came out at 1.2 M against 4.2 M for the
 * dot products beside it): 2^22. team_cg on 2 x H200 lost at 1024^2
 * (0.049 s against 0.031 for 500 iterations) and won from 2048^2 (0.042
 * against 0.048). PRAGREDUCE_GPUS_FROM sets another at run time. */
unsigned long long cost_team_threshold(void)
{
    return 1ULL << 22;
}

/* The choice for a call whose arrays the host rewrote since they were
 * kept (its own loops sweep them between the calls), so that each call
 * copies them again, when the CPU path runs on an OpenMP team: taken as
 * 16 cores at 0.6 of their count, reading ~100 GB/s together. The GPU must
 * beat the team by half again per iteration from the copy alone (a float
 * sum: the team adds 4-byte elements at ~0.13 ns each, the link carries
 * them at ~0.1), and then pay back its fixed ~30 us. */
unsigned long long cost_cpu_threshold_team(const CostFacts *f)
{
    const double team = 16 * 0.6, host_gbps = 100.0, staged_gbps = 40.0, fixed_ns = 30000.0;
    double team_ns = cpu_ns_per_iter(f) / team;
    if (f->bytes_per_iter / host_gbps > team_ns)
        team_ns = f->bytes_per_iter / host_gbps;
    /* kept arrays large enough to matter go through the staging buffers */
    const double gpu_ns = 1.5 * f->copy_per_iter / staged_gbps;
    if (team_ns <= gpu_ns)
        return ULLONG_MAX;
    double n = fixed_ns / (team_ns - gpu_ns);
    return n > 1e18 ? ULLONG_MAX : (unsigned long long)ceil(n);
}

/* ------------------------------------------------------------ plan */

bool cost_vectorizable(const Site *site, int *vector)
{
    const LoopInfo *li = &site->info;
    *vector = 1;
    if (site->ninner > 1 || li->step_down || !li->step || strcmp(li->step, "1") != 0)
        return false;
    /* collapse(2): only over [0, R) x [0, C), where a[r * C + c] is the flat
     * index's element (access.c marks such arrays vec_ok) */
    if (site->ninner == 1) {
        const LoopInfo *in = &site->inner[0];
        if (strcmp(li->lo, "0") != 0 || li->cmp != CMP_LT || strcmp(in->lo, "0") != 0 ||
            !in->step || strcmp(in->step, "1") != 0 || in->step_down || in->cmp != CMP_LT)
            return false;
    }
    long long widest = 0;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *c = &site->captures[i];
        if (c->kind != CAP_ARRAY || !c->vec_ok || c->section)
            continue;
        if (c->elem_size != 1 && c->elem_size != 2 && c->elem_size != 4 && c->elem_size != 8 &&
            c->elem_size != 16)
            continue;
        if (c->elem_size > widest)
            widest = c->elem_size;
    }
    if (widest == 0 || widest == 16)
        return false;
    *vector = (int)(16 / widest);
    return true;
}

static void apply_override(LaunchPlan *p, const char *spec)
{
    const char *s = spec;
    while (s && *s) {
        const char *eq = strchr(s, '=');
        if (!eq)
            break;
        int v = atoi(eq + 1);
        if (!strncmp(s, "block=", 6) && v >= 32 && v <= 1024 && v % 32 == 0)
            p->block = v;
        else if (!strncmp(s, "unroll=", 7) && v >= 1 && v <= 16)
            p->unroll = v;
        else if (!strncmp(s, "vector=", 7) && v >= 1 && v <= 16)
            p->vector = v;
        else if (!strncmp(s, "waves=", 6) && v >= 0)
            p->waves = v;
        s = strchr(s, ',');
        if (s)
            s++;
    }
    p->why = "set with --plan";
}

/* Array sections: each block fills and flushes its copies once, so the
 * grid is one round of the blocks the GPU holds; floating-point sections
 * keep a copy per thread in shared memory, so blocks of 128 threads (a
 * copy of up to ~40 doubles or ~80 floats each). */
static bool section_plan(const Site *site, LaunchPlan *p)
{
    bool any = false, floating = false;
    for (int v = 0; v < site->pragma.nvars; v++) {
        const ReduceVar *rv = &site->pragma.vars[v];
        if (!is_section(rv))
            continue;
        any = true;
        floating |= type_is_floating(reduce_accum_type(rv));
    }
    if (!any)
        return false;
    p->waves = 1;
    if (floating && p->block > 128)
        p->block = 128;
    p->why = floating ? "array sections: one round of resident blocks; 128 threads, each with its "
                        "own copy of the floating-point sections"
                      : "array sections: one round of resident blocks, each with its copy";
    return true;
}

void cost_facts_free(CostFacts *f)
{
    arena_release(f->accesses);
    f->accesses = NULL;
    f->naccesses = 0;
}

LaunchPlan cost_plan(const Source *src, const Site *site, const GpuDesc *d, const char *override)
{
    CostFacts f = cost_facts(src, site);
    LaunchPlan p = cost_choose(&f, d, NULL, NULL);
    threshold_facts(&f, d, &p);
    p.cpu_below = threshold_from(&p, 1, false);
    p.cpu_below_kept = threshold_from(&p, 1, true);
    if (p.cpu_below_kept > p.cpu_below)
        p.cpu_below_kept = p.cpu_below;
    p.cpu_below_rewritten = cost_cpu_threshold_team(&f);
    cost_facts_free(&f);
    section_plan(site, &p);
    if (override) {
        int v = p.vector;
        apply_override(&p, override);
        /* vector loads only where the loop allows them */
        if (p.vector > 1 && !cost_vectorizable(site, &v))
            p.vector = 1;
        else if (p.vector > v && v > 1)
            p.vector = v;
    }
    return p;
}

/* ------------------------------------------------------------ --explain */

static const char *class_name(StrideClass c)
{
    switch (c) {
    case STRIDE_ZERO: return "zero (broadcast)";
    case STRIDE_ONE: return "one (coalesced)";
    case STRIDE_SMALL: return "small (partly coalesced)";
    case STRIDE_LARGE: return "large (a sector per access)";
    case STRIDE_UNKNOWN: return "unknown (a sector per access)";
    }
    return "?";
}

void cost_explain(const Source *src, const Site *site, const GpuDesc *d, FILE *to)
{
    const LoopInfo *li = &site->info;
    unsigned line, col;
    source_line_col(src, site->loop->start, &line, &col);
    CostFacts f = cost_facts(src, site);
    Candidate table[64];
    int n = 0;
    LaunchPlan chosen = cost_choose(&f, d, table, &n);
    section_plan(site, &chosen);
    fprintf(to, "%s:%u: #pragma %s\n", source_path_at(src, site->loop->start), line,
            site->pragma.summary);
    static const char *cmp[] = {"<", "<=", ">", ">=", "!="};
    fprintf(to, "  iterations: %s from %s while %s %s %s, step %s%s\n", li->iv->name, li->lo,
            li->iv->name, cmp[li->cmp], li->hi, li->step_down ? "-" : "+", li->step);
    if (site->auto_collapsed)
        fprintf(to, "  collapsed: the loop and the '%s' loop inside it run as collapse(2), a flat "
                    "iteration per thread (a rectangular nest reading memory contiguously along "
                    "'%s'; --plan=collapse=0 keeps a '%s' per thread)\n",
                site->inner[0].iv->name, site->inner[0].iv->name, li->iv->name);
    fprintf(to, "  accesses:\n");
    if (f.naccesses == 0)
        fprintf(to, "    (none)\n");
    for (int i = 0; i < f.naccesses; i++) {
        const AccessFact *a = &f.accesses[i];
        char stride[32] = "?";
        if (a->cls != STRIDE_UNKNOWN)
            snprintf(stride, sizeof stride, "%lld", a->cls == STRIDE_ZERO ? 0LL : a->stride);
        fprintf(to, "    %-28s stride %-4s %-30s %2d-byte elements, %g bytes/iteration\n",
                a->text, stride, class_name(a->cls), a->elem, a->bytes);
        if (a->inner) {
            if (a->inner_known)
                fprintf(to, "    %-28s   and stride %lld in inner-loop variable '%s'\n", "",
                        a->inner_stride, a->inner);
            else
                fprintf(to, "    %-28s   and an unknown stride in inner-loop variable '%s'\n", "",
                        a->inner);
        }
    }
    fprintf(to, "  per iteration: %g bytes from memory, %g operations (%d special), %g bytes "
                "copied from the host\n",
            f.bytes_per_iter, f.ops_per_iter, f.specials, f.copy_per_iter);
    fprintf(to, "  device: %s (%s), %d SMs, %.0f GB/s (%.0f%% reachable), launch %.1f us\n",
            d->name, d->arch, d->sms, d->dram_gbps, d->achieved * 100, d->launch_us);
    fprintf(to, "  candidates (estimated us with data on the device; * = chosen):\n");
    fprintf(to, "     block unroll vector  regs blocks/SM  in flight/SM   n=2^16    n=2^26\n");
    for (int i = 0; i < n; i++) {
        const Candidate *c = &table[i];
        bool is = c->plan.block == chosen.block && c->plan.unroll == chosen.unroll &&
                  c->plan.vector == chosen.vector;
        fprintf(to, "   %c %5d %6d %6d %5d %10d %10.0f KB %8.1f %9.1f\n", is ? '*' : ' ',
                c->plan.block, c->plan.unroll, c->plan.vector, c->regs, c->blocks_per_sm,
                c->inflight_kb, c->us_small, c->us_large);
    }
    const LaunchPlan *p = &site->plan;
    fprintf(to, "  choice: block %d, unroll %d, vector %d, persistent grid (%s)\n", p->block,
            p->unroll, p->vector, p->why);
    if (p->cpu_below == ULLONG_MAX)
        fprintf(to, "  arrays from the host: copying costs more than the CPU loop, so "
                    "PRAGREDUCE_DEVICE=auto runs it on the CPU\n");
    else
        fprintf(to, "  arrays from the host: the GPU wins above %llu iterations; below, "
                    "PRAGREDUCE_DEVICE=auto runs the loop on the CPU\n",
                p->cpu_below);
    if (p->cpu_below_kept < p->cpu_below)
        fprintf(to, "  arrays already on the GPU (kept or written there by earlier loops): the GPU "
                    "wins above %llu iterations\n",
                p->cpu_below_kept);
    if (site->pragma.nomp > 0 && p->cpu_below_rewritten > p->cpu_below) {
        if (p->cpu_below_rewritten == ULLONG_MAX)
            fprintf(to, "  arrays the host rewrote since they were kept, with the loop's OpenMP threads: "
                        "copying them again costs more than the team's loop, so auto mode runs it on the "
                        "CPU\n");
        else
            fprintf(to, "  arrays the host rewrote since they were kept, with the loop's OpenMP threads: the "
                        "GPU wins above %llu iterations\n",
                    p->cpu_below_rewritten);
    }
}

/* Segmented loops. A thread that reduces its segment alone reads it with
 * one load per element and no combine; a warp spreads it over 32 lanes
 * and pays 5 shuffle rounds; a block pays two barriers on top. Measured on
 * the H100 (bench/NOTES.md, float row sums of 2^26 elements): rows of 32
 * take 268 us a thread each against 302 us a warp each; rows of 1024 take
 * 90 us a warp each against 106 us a block each; rows of 4096 (a 4096^2
 * product) 27 us a block each against 30 us a warp each, rows of 65536
 * 93 us against 132 us. */
void cost_segment_groups(long long *thread_max, long long *warp_max)
{
    *thread_max = 32;
    *warp_max = 2048;
}
