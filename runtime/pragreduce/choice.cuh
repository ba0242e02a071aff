/* pragreduce runtime, auto mode's choice: each call of a marked loop on the
 * CPU or on the GPU, from the cost model's thresholds, the CPU path's
 * OpenMP threads and where the loop's arrays are. */
#ifndef PRAGREDUCE_RT_CHOICE_CUH
#define PRAGREDUCE_RT_CHOICE_CUH

#include "residency.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* Where a loop's arrays are, for the CPU/GPU choice (never for what is
 * copied): some of them hold bytes only the GPU has (a CPU path would copy
 * those back first), or each of them (by its first element) is in a kept
 * copy the host has not written since, or each is kept but the host
 * rewrote half of their bytes or more since (DATA_REWRITTEN: a call copies
 * them again, as it will after the host's next sweep), or none of them is
 * kept (DATA_NONE_KEPT), or something between (DATA_ON_HOST). */
enum DataWhere { DATA_ON_HOST, DATA_KEPT, DATA_NEWER_ON_GPU, DATA_REWRITTEN, DATA_NONE_KEPT };

/* The kept copy of the array at `p`, for the choice only: the one holding
 * its first element, else the nearest above it that starts within its own
 * length (LU's matrix kept from row k on, once its first updates
 * ran on the CPU: the pivot search's probe of row 0 would find nothing and
 * send it to the CPU, which brought the whole matrix back at every step:
 * 35.9 s against 1.6 at n = 2048 on the fake device with a slow context).
 * Another array's copy may be taken for it: only the choice depends on it. */
PRAGREDUCE_FN const Resident *kept_copy_near(uintptr_t p)
{
    if (const Resident *e = resident_find(p, p + 1, 1))
        return e;
    const Resident *best = nullptr;
    for (region *r : region_stack())
        for (const Resident *e : r->entries)
            if (e->lo > p && e->lo - p < e->hi - e->lo && (!best || e->lo < best->lo))
                best = e;
    return best && best->device == current_device() ? best : nullptr;
}

PRAGREDUCE_FN DataWhere data_where(std::initializer_list<const volatile void *> arrays)
{
    if (arrays.size() == 0)
        return DATA_ON_HOST;
    if (region_stack().empty())
        return DATA_NONE_KEPT;
    bool all = true, kept = true, none = true; /* all clean; all kept, clean or not; none kept */
    uintptr_t bytes = 0, dirty = 0;
    for (const volatile void *a : arrays) {
        const Resident *e = kept_copy_near((uintptr_t)a);
        if (!e) {
            all = kept = false;
            continue;
        }
        if (e->newer_lo < e->newer_hi)
            return DATA_NEWER_ON_GPU;
        none = false;
        bytes += e->hi - e->lo;
        for (int k = 0; k < e->dirty.n; k++)
            dirty += e->dirty.hi[k] - e->dirty.lo[k];
        if (!e->dirty.empty())
            all = false;
    }
    if (none)
        return DATA_NONE_KEPT;
    if (all)
        return DATA_KEPT;
    /* (k-means: the points kept, the labels rewritten: mostly kept) */
    return kept && 2 * dirty >= bytes ? DATA_REWRITTEN : DATA_ON_HOST;
}

PRAGREDUCE_FN u64 saturating_mul(u64 a, u64 b) { return b != 0 && a > ~0ULL / b ? ~0ULL : a * b; }

/* The cost model's facts for one iteration (transpiler/cost.c's
 * threshold_facts): ns on one core, of its copies at the link's rate and
 * through the staging buffers, the iterations the staging needs, a call's
 * fixed cost, the kernel's ns over kept arrays and that call's fixed cost. */
struct WorkFacts {
    double cpu_ns, link_ns, staged_ns, staged_from, fixed_ns, kept_gpu_ns, kept_fixed_ns;
};

PRAGREDUCE_FN u64 iterations_of(double n) { return !(n <= 1e18) ? ~0ULL : (u64)ceil(n); }

/* cost.c's threshold_from, for a call whose iteration does `work` times
 * the model's arithmetic (its inner loops' trips at this call, emit.c's
 * emit_work_scale): the trip count from which the GPU wins, with the
 * arrays on the host or (`kept`) on the GPU already. */
PRAGREDUCE_FN u64 scaled_threshold(const WorkFacts &f, double work, bool kept)
{
    const double cpu_ns = f.cpu_ns * work;
    /* copies at the link's pageable rate, or through the staging buffers
     * from their size on: whichever wins first */
    const u64 linked = cpu_ns > f.link_ns ? iterations_of(f.fixed_ns / (cpu_ns - f.link_ns)) : ~0ULL;
    const u64 staged =
        cpu_ns > f.staged_ns ? iterations_of(fmax(f.fixed_ns / (cpu_ns - f.staged_ns), f.staged_from)) : ~0ULL;
    const u64 host = linked < staged ? linked : staged;
    if (!kept)
        return host;
    const u64 on_gpu = cpu_ns <= f.kept_gpu_ns ? ~0ULL : iterations_of(f.kept_fixed_ns / (cpu_ns - f.kept_gpu_ns));
    return on_gpu < host ? on_gpu : host;
}

/* Auto mode's threshold for a call of `trip` iterations (the GPU from it
 * on). The cost model's `cpu_below` weighs copying the arrays against one
 * core, so it is scaled by what the CPU path's OpenMP threads gain
 * (`threaded`: the loop keeps its OpenMP lines there). Where the arrays
 * are on the GPU already the call follows them: from `cpu_below_kept` on
 * (the GPU then beats one core), and from 1/16 of it when kernels wrote
 * bytes the host has not got: a CPU path would copy those back, and its
 * writes would send the next loops' copies up again, so loops over the
 * same data stay on one side. Where the host rewrote a kept array since
 * (its own loops sweep it between the calls: every call copies it again)
 * and the CPU path runs on OpenMP threads, `cpu_below_rewritten` (the
 * cost model's threshold against a team's reading rate, 0: none) when
 * larger: a team of 16 cores sums a float grid faster than the link
 * carries it (hotspot3D's per-step mean: 0.73 s on the GPU against 0.17 s
 * for the OpenMP build, bench/NOTES.md). For a loop that writes no array
 * (`reads_only`), also where its arrays are not kept at all: its call
 * would leave nothing on the GPU for the loops after it but the copies,
 * which the host's next sweep makes stale again. */
PRAGREDUCE_FN u64 auto_threshold(u64 trip, u64 cpu_below, u64 cpu_below_kept, bool threaded,
                                 std::initializer_list<const volatile void *> arrays, u64 cpu_below_rewritten = 0,
                                 bool reads_only = false)
{
    if (device_mode() != MODE_AUTO)
        return cpu_below;
    const u64 below = saturating_mul(cpu_below, threaded ? openmp_gain() : 1);
    const u64 newer_from = cpu_below_kept / 16;
    /* (not while kernels' writes wait on the GPU: the CPU path would bring
     * every one of them back first, LU's whole matrix at each pivot step:
     * 25.7 s against 1.9 for the OpenMP build at n = 4096) */
    const bool team_rule = threaded && cpu_below_rewritten > below && openmp_gain() > 1 && newer_count() == 0;
    if ((trip >= below && !team_rule) || trip < newer_from)
        return below;
    switch (data_where(arrays)) {
    case DATA_NEWER_ON_GPU: return newer_from;
    case DATA_KEPT: return trip >= cpu_below_kept ? cpu_below_kept : below;
    case DATA_REWRITTEN: return team_rule ? cpu_below_rewritten : below;
    /* (kept with a few rows rewritten, as LU's row swaps leave them: the
     * GPU, where the loops after it keep them; 25.9 s against 1.7 for the
     * OpenMP build at n = 4096 when this call went to the CPU instead) */
    case DATA_NONE_KEPT: return team_rule && reads_only ? cpu_below_rewritten : below;
    default: return below;
    }
}

/* ------------------------------------------------------------ the trial */

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* Auto mode's trial: the thresholds are the cost model's estimates, and a
 * program that calls small loops thousands of times pays for each launch
 * and each wait for a result, which no per-loop estimate sees (CG on a
 * 64 x 64 grid: 1.8 s in auto mode against 0.9 s on the CPU path; its
 * matrix-vector loop looked 30 times heavier per row than it is). So
 * calls that could go either way ("in play": from the lowest GPU
 * threshold, cpu_below_kept / 16, to 16 times the kept one with the CPU
 * path's threads) are timed: after `settle` of them, `window` calls as
 * the thresholds choose, then (after `settle` more, where copies come
 * back) `window` calls with every call in play on the CPU. The CPU keeps
 * them when its window took under 0.9 of the other; a CPU window that
 * runs past 1.5 times the other ends the trial at once, so a trial costs
 * a program whose loops belong on the GPU at most that half window. Only
 * where launches can matter: a first window over 5 ms (~40 us a call)
 * ends the trial untried (moving large arrays back for a trial cost LU at
 * n = 4096 0.3 s: the loops after it found them on the host). The
 * wall clock between calls counts (host code, copies, waits), which is
 * the same work in both windows for a program that repeats its loops.
 * Once per run; PRAGREDUCE_ADAPT=0 leaves it out (the choice then depends
 * on sizes alone, so a floating-point sum gets the same bits every run:
 * the CPU and GPU paths add in different orders). */
struct Trial {
    static constexpr u64 settle = 32, window = 128;
    static constexpr double try_below_s = 0.005;
    std::mutex lock;
    std::atomic<bool> on_cpu{false}; /* calls in play go to the CPU */
    std::atomic<bool> done{false};
    u64 calls = 0;
    std::chrono::steady_clock::time_point start;
    double first_s = 0; /* the thresholds' window */
};

PRAGREDUCE_FN Trial &trial()
{
    static Trial t;
    return t;
}

PRAGREDUCE_FN double seconds_since(std::chrono::steady_clock::time_point t)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

PRAGREDUCE_FN void trial_end(Trial &t, bool cpu, double cpu_s, bool stopped)
{
    t.on_cpu.store(cpu, std::memory_order_relaxed);
    hint_notes().verdict.store(cpu ? VERDICT_CPU : VERDICT_GPU);
    t.done.store(true, std::memory_order_release);
    if (profiling() && cpu_s < 0)
        snprintf(profile_trial_line(), 256,
                 "auto mode's trial: %llu calls in play took %.3f ms as the thresholds chose (over %.0f ms: "
                 "not tried on the CPU)",
                 (unsigned long long)Trial::window, t.first_s * 1e3, Trial::try_below_s * 1e3);
    else if (profiling())
        snprintf(profile_trial_line(), 256,
                 "auto mode's trial: %llu calls in play took %.3f ms as the thresholds chose, %.3f ms%s on "
                 "the CPU: %s",
                 (unsigned long long)Trial::window, t.first_s * 1e3, cpu_s * 1e3,
                 stopped ? " (or more: stopped)" : "", cpu ? "the CPU keeps them" : "the thresholds keep them");
}

#endif

/* PRAGREDUCE_ADAPT=2 (tests): the trial runs both windows and the CPU keeps
 * the calls, so that the arrays change sides in the middle of a run. */
PRAGREDUCE_FN bool cpu_always_wins() { return settings().adapt == 2; }

/* Whether the caller runs on a thread of an active OpenMP team. */
PRAGREDUCE_FN bool in_openmp_team()
{
#ifdef PRAGREDUCE_OMP_IN_PARALLEL
    return PRAGREDUCE_OMP_IN_PARALLEL();
#else
    return false;
#endif
}

/* One call in play: advances the trial; true when it runs on the CPU. */
PRAGREDUCE_FN bool trial_says_cpu()
{
    Trial &t = trial();
    if (t.done.load(std::memory_order_acquire))
        return t.on_cpu.load(std::memory_order_relaxed);
#ifdef PRAGREDUCE_OMP_IN_PARALLEL
    if (PRAGREDUCE_OMP_IN_PARALLEL())
        return false;
#endif
    std::unique_lock<std::mutex> hold(t.lock, std::try_to_lock); /* (rare): the trial's few calls, one thread */
    if (!hold.owns_lock() || t.done.load(std::memory_order_relaxed))
        return t.on_cpu.load(std::memory_order_relaxed);
    const u64 n = ++t.calls;
    const u64 s = Trial::settle, w = Trial::window;
    if (n == s || n == 2 * s + w) {
        t.start = std::chrono::steady_clock::now();
    } else if (n == s + w) {
        t.first_s = seconds_since(t.start);
        if (t.first_s > Trial::try_below_s && !cpu_always_wins())
            trial_end(t, false, -1, false);
        else
            t.on_cpu.store(true, std::memory_order_relaxed);
    } else if (n > 2 * s + w) {
        const double cpu_s = seconds_since(t.start);
        if (cpu_always_wins()) {
            if (n == 2 * s + 2 * w)
                trial_end(t, true, cpu_s, false);
        } else if (cpu_s > 1.5 * t.first_s)
            trial_end(t, false, cpu_s, true);
        else if (n == 2 * s + 2 * w)
            trial_end(t, cpu_s < 0.9 * t.first_s, cpu_s, false);
    }
    return t.on_cpu.load(std::memory_order_relaxed);
}

PRAGREDUCE_FN void note_in_play(u64 trip)
{
    std::atomic<u64> &top = hint_notes().max_in_play;
    u64 seen = top.load(std::memory_order_relaxed);
    while (trip > seen && !top.compare_exchange_weak(seen, trip, std::memory_order_relaxed))
        ;
}

/* A call of `trip` iterations in auto mode's trial: TIMED_NO when it is not
 * in play (or the trial is over and kept the thresholds), TIMED_CPU when
 * the trial sends it to the CPU, or the last run's trial did for calls up
 * to its size (the warm-up's hint, warmup.cuh), TIMED_IN_PLAY while the
 * trial has no verdict and the thresholds choose. */
PRAGREDUCE_FN int timed_on_cpu(u64 trip, u64 cpu_below_kept, bool threaded)
{
    /* after a trial the thresholds kept (or none: another mode), on every call */
    const Trial &t = trial();
    if (cpu_below_kept == 0 ||
        (t.done.load(std::memory_order_acquire) && !t.on_cpu.load(std::memory_order_relaxed)))
        return TIMED_NO;
    if (device_mode() != MODE_AUTO || !settings().adapt) {
        trial().done.store(true, std::memory_order_release); /* (on_cpu stays false) */
        return TIMED_NO;
    }
    const u64 top = saturating_mul(saturating_mul(cpu_below_kept, threaded ? openmp_gain() : 1), 16);
    if (trip < cpu_below_kept / 16 || trip >= top)
        return TIMED_NO;
    note_in_play(trip);
    /* a call from a thread of an OpenMP team (a small loop inside an OpenMP
     * loop: NPB CG's rows, lavaMD's particles): the team's threads would
     * take turns at the one GPU, and the trial cannot time them */
    if (trip <= hinted_cpu_trip() || in_openmp_team())
        return TIMED_CPU;
    if (trial_says_cpu())
        return TIMED_CPU;
    return t.done.load(std::memory_order_acquire) ? TIMED_NO : TIMED_IN_PLAY;
}

PRAGREDUCE_FN bool use_gpu(const char *site, u64 trip, u64 cpu_below, u64 cpu_below_kept, bool threaded,
                           std::initializer_list<const volatile void *> arrays, u64 cpu_below_rewritten = 0,
                           bool reads_only = false)
{
    const u64 below =
        auto_threshold(trip, cpu_below, cpu_below_kept, threaded, arrays, cpu_below_rewritten, reads_only);
    /* the trial times calls that may reach the GPU: none while its context is made */
    const bool warming = context_state().load(std::memory_order_acquire) == CONTEXT_WARMING;
    return use_gpu(site, trip, below, true, warming ? TIMED_NO : timed_on_cpu(trip, cpu_below_kept, threaded));
}

/* The caller's test before a small loop's wrapper (emit.c's in-place path):
 * true when the call would run on the CPU anyway (auto_threshold): below
 * `cpu_below_kept / 16` iterations, or below `cpu_below_kept` while no
 * kernel's writes wait on the GPU and auto mode's trial is over; and on
 * one thread (`threaded`: the wrapper's CPU path splits large loops over
 * the CPU's threads). */
PRAGREDUCE_FN bool cpu_in_place(u64 trip, u64 cpu_below_kept, bool threaded = false)
{
    if (threaded && cpu_parts(trip, cpu_below_kept) > 1)
        return false;
    if (!cpu_inline(trip, cpu_below_kept))
        /* a call in play from a thread of an OpenMP team, which auto mode
         * sends to the CPU anyway (timed_on_cpu): in place, not through the
         * wrapper (particlefilter's 3.6 million likelihood sums on 16
         * threads: 0.34 s through it against 0.14 s) */
        return inline_mode() == MODE_AUTO && settings().adapt && trip < saturating_mul(cpu_below_kept, 16) &&
               in_openmp_team() && newer_count() == 0;
    if (trip < cpu_below_kept / 16)
        return true;
    /* in play while the trial runs: the wrapper counts the call (unless the
     * last run's trial sent calls of this size to the CPU, or the call comes
     * from a thread of an OpenMP team: timed_on_cpu) */
    const bool decided = trial().done.load(std::memory_order_acquire) ||
                         (trip <= hinted_cpu_trip() && device_mode() == MODE_AUTO && settings().adapt) ||
                         in_openmp_team();
    return decided && newer_count() == 0;
}

/* segments_on_gpu for a nest whose marked loops have the plan: their
 * thresholds over the whole nest's iterations. */
PRAGREDUCE_FN bool segments_on_gpu(const char *site, u64 segments, u64 inner, u64 cpu_below, u64 cpu_below_kept,
                                   bool threaded, bool nested, std::initializer_list<const volatile void *> arrays,
                                   u64 cpu_below_rewritten = 0, bool reads_only = false)
{
    const u64 trip = saturating_mul(segments, inner);
    const u64 below =
        auto_threshold(trip, cpu_below, cpu_below_kept, threaded, arrays, cpu_below_rewritten, reads_only);
    /* no thresholds: a parallel loop whose size use_gpu weighed already */
    const bool warming = context_state().load(std::memory_order_acquire) == CONTEXT_WARMING;
    const int timed = cpu_below == 0 && cpu_below_kept == 0 ? TIMED_SECOND_LOOK
                      : warming                             ? TIMED_NO
                                                            : timed_on_cpu(trip, cpu_below_kept, threaded);
    return segments_on_gpu(site, segments, inner, below, nested, timed);
}

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_CHOICE_CUH */
