/* pragreduce runtime, auto mode's choice: each call of a marked loop on the
 * CPU or on the GPU, from the cost model's thresholds, the CPU path's
 * OpenMP threads and where the loop's arrays are. */
#ifndef PRAGREDUCE_RT_CHOICE_CUH
#define PRAGREDUCE_RT_CHOICE_CUH

#include "residency.cuh"

namespace pragreduce {

/* Where a loop's arrays are, for the CPU/GPU choice (never for what is
 * copied): some of them hold bytes only the GPU has (a CPU path would copy
 * those back first), or each of them (by its first element) is in a kept
 * copy the host has not written since, or neither. */
enum DataWhere { DATA_ON_HOST, DATA_KEPT, DATA_NEWER_ON_GPU };

inline DataWhere data_where(std::initializer_list<const volatile void *> arrays)
{
    if (arrays.size() == 0 || region_stack().empty())
        return DATA_ON_HOST;
    bool all = true;
    for (const volatile void *a : arrays) {
        const uintptr_t p = (uintptr_t)a;
        const Resident *e = resident_find(p, p + 1, 1);
        if (!e) {
            all = false;
            continue;
        }
        if (e->newer_lo < e->newer_hi)
            return DATA_NEWER_ON_GPU;
        if (e->dirty_lo < e->dirty_hi)
            all = false;
    }
    return all ? DATA_KEPT : DATA_ON_HOST;
}

inline u64 saturating_mul(u64 a, u64 b) { return b != 0 && a > ~0ULL / b ? ~0ULL : a * b; }

/* Auto mode's threshold for a call of `trip` iterations (the GPU from it
 * on). The cost model's `cpu_below` weighs copying the arrays against one
 * core, so it is scaled by what the CPU path's OpenMP threads gain
 * (`threaded`: the loop keeps its OpenMP lines there). Where the arrays
 * are on the GPU already the call follows them: from `cpu_below_kept` on
 * (the GPU then beats one core), and from 1/16 of it when kernels wrote
 * bytes the host has not got: a CPU path would copy those back, and its
 * writes would send the next loops' copies up again, so loops over the
 * same data stay on one side. */
inline u64 auto_threshold(u64 trip, u64 cpu_below, u64 cpu_below_kept, bool threaded,
                          std::initializer_list<const volatile void *> arrays)
{
    if (device_mode() != MODE_AUTO)
        return cpu_below;
    const u64 below = saturating_mul(cpu_below, threaded ? openmp_gain() : 1);
    const u64 newer_from = cpu_below_kept / 16;
    if (trip >= below || trip < newer_from)
        return below;
    switch (data_where(arrays)) {
    case DATA_NEWER_ON_GPU: return newer_from;
    case DATA_KEPT: return trip >= cpu_below_kept ? cpu_below_kept : below;
    default: return below;
    }
}

inline bool use_gpu(const char *site, u64 trip, u64 cpu_below, u64 cpu_below_kept, bool threaded,
                    std::initializer_list<const volatile void *> arrays)
{
    return use_gpu(site, trip, auto_threshold(trip, cpu_below, cpu_below_kept, threaded, arrays));
}

/* The caller's test before a small loop's wrapper (emit.c's in-place path):
 * true when the call would run on the CPU anyway (auto_threshold): below
 * `cpu_below_kept / 16` iterations, or below `cpu_below_kept` while no
 * kernel's writes wait on the GPU; and on one thread (`threaded`: the
 * wrapper's CPU path splits large loops over the CPU's threads). */
inline bool cpu_in_place(u64 trip, u64 cpu_below_kept, bool threaded = false)
{
    return cpu_inline(trip, cpu_below_kept) && (trip < cpu_below_kept / 16 || newer_count() == 0) &&
           !(threaded && cpu_parts(trip, cpu_below_kept) > 1);
}

/* segments_on_gpu for a nest whose marked loops have the plan: their
 * thresholds over the whole nest's iterations. */
inline bool segments_on_gpu(const char *site, u64 segments, u64 inner, u64 cpu_below, u64 cpu_below_kept,
                            bool threaded, bool nested, std::initializer_list<const volatile void *> arrays)
{
    const u64 below = auto_threshold(saturating_mul(segments, inner), cpu_below, cpu_below_kept, threaded, arrays);
    return segments_on_gpu(site, segments, inner, below, nested);
}

} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_CHOICE_CUH */
