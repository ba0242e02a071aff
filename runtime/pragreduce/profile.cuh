/* pragreduce runtime, PRAGREDUCE_PROFILE: per-site calls, copies and kernel
 * times, why calls ran on the CPU. */
#ifndef PRAGREDUCE_RT_PROFILE_CUH
#define PRAGREDUCE_RT_PROFILE_CUH

#include "warmup.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* ------------------------------------------------------------ profile */

/* PRAGREDUCE_PROFILE=1: per marked loop (its site string), calls, calls
 * that ran on the GPU, kernel time (CUDA events around the launches),
 * bytes and copies each way, the copies residency avoided, and why the
 * other calls ran on the CPU; printed to stderr at exit, one line per site. */
struct SiteProfile {
    const char *site;
    u64 calls = 0, gpu_calls = 0;
    /* calls on the CPU by reason: PRAGREDUCE_DEVICE=cpu, no usable GPU,
     * fewer iterations than the GPU threshold (cpu_below), a segmented
     * nest with too few segments, inside a (fake) launch of an outer loop */
    u64 cpu_forced = 0, cpu_no_gpu = 0, cpu_small = 0, cpu_few_segments = 0, cpu_inside = 0;
    u64 cpu_timed = 0; /* auto mode's trial found the CPU faster (choice.cuh) */
    u64 cpu_warming = 0; /* auto mode, before the CUDA context was ready */
    u64 cpu_below = 0;
    double kernel_ms = 0;
    u64 h2d_bytes = 0, h2d_copies = 0, d2h_bytes = 0, d2h_copies = 0;
    u64 avoided_copies = 0, avoided_bytes = 0;
    u64 peer_bytes = 0, peer_copies = 0; /* between the GPUs of a team */
};

PRAGREDUCE_FN bool profiling() { return settings().profile; }

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* One thread's counters: profile_add takes no lock that other threads
 * want (NPB CG's 140 M row sums, called from 16 OpenMP threads, went
 * through one mutex: over 120 s against 12 without the profile). */
struct ThreadProfile {
    std::mutex lock; /* its thread's, and the print's */
    std::vector<SiteProfile> sites;
};

struct Profile {
    std::mutex lock;
    std::vector<const char *> order;     /* the sites in order of first use */
    std::vector<ThreadProfile *> threads; /* every thread's counters */
};

PRAGREDUCE_FN Profile &profile_table()
{
    static Profile *table = new Profile; /* outlives static destructors */
    return *table;
}

#endif

PRAGREDUCE_FN bool same_site(const char *a, const char *b) { return a == b || strcmp(a, b) == 0; }

/* b's counts added to a's. */
PRAGREDUCE_FN void profile_sum(SiteProfile &a, const SiteProfile &b)
{
    a.calls += b.calls;
    a.gpu_calls += b.gpu_calls;
    a.cpu_forced += b.cpu_forced;
    a.cpu_no_gpu += b.cpu_no_gpu;
    a.cpu_small += b.cpu_small;
    a.cpu_few_segments += b.cpu_few_segments;
    a.cpu_inside += b.cpu_inside;
    a.cpu_timed += b.cpu_timed;
    a.cpu_warming += b.cpu_warming;
    if (b.cpu_below > a.cpu_below)
        a.cpu_below = b.cpu_below;
    a.kernel_ms += b.kernel_ms;
    a.h2d_bytes += b.h2d_bytes;
    a.h2d_copies += b.h2d_copies;
    a.d2h_bytes += b.d2h_bytes;
    a.d2h_copies += b.d2h_copies;
    a.avoided_copies += b.avoided_copies;
    a.avoided_bytes += b.avoided_bytes;
    a.peer_bytes += b.peer_bytes;
    a.peer_copies += b.peer_copies;
}

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* Every thread's counters summed, a site each, in order of first use. */
PRAGREDUCE_FN std::vector<SiteProfile> profile_sites()
{
    Profile &p = profile_table();
    std::lock_guard<std::mutex> hold(p.lock);
    std::vector<SiteProfile> out;
    for (const char *site : p.order) {
        SiteProfile sum;
        sum.site = site;
        for (ThreadProfile *t : p.threads) {
            std::lock_guard<std::mutex> its(t->lock);
            for (const SiteProfile &s : t->sites)
                if (same_site(s.site, site))
                    profile_sum(sum, s);
        }
        out.push_back(sum);
    }
    return out;
}

/* "; cpu 3: 2 below 262144 iterations (the GPU threshold), 1 other" */
PRAGREDUCE_FN void profile_print_cpu_reasons(const SiteProfile &s)
{
    const u64 cpu = s.calls > s.gpu_calls ? s.calls - s.gpu_calls : 0;
    if (cpu == 0)
        return;
    fprintf(stderr, "; cpu %llu:", (unsigned long long)cpu);
    const char *sep = " ";
    u64 known = 0;
    auto reason = [&](u64 n, const char *why) {
        if (n == 0)
            return;
        fprintf(stderr, "%s%llu %s", sep, (unsigned long long)n, why);
        sep = ", ";
        known += n;
    };
    reason(s.cpu_forced, "PRAGREDUCE_DEVICE=cpu");
    /* calls made while the CUDA runtime started, on a machine where it
     * then found no GPU: for want of one, not of time */
    const bool absent = no_gpu_seen().load(std::memory_order_relaxed);
    reason(s.cpu_no_gpu + (absent ? s.cpu_warming : 0), "no usable GPU");
    if (s.cpu_small) {
        char why[96];
        if (s.cpu_below == ~0ULL)
            snprintf(why, sizeof why, "with arrays on the host (copies cost more than the loop)");
        else
            snprintf(why, sizeof why, "below %llu iterations (the GPU threshold)",
                     (unsigned long long)s.cpu_below);
        reason(s.cpu_small, why);
    }
    reason(s.cpu_timed, "timed faster on the CPU (auto mode's trial)");
    if (!absent)
        reason(s.cpu_warming, "before the CUDA context was ready");
    reason(s.cpu_few_segments, "too few segments to fill the GPU");
    reason(s.cpu_inside, "inside an outer loop's launch");
    /* what is left: the induction variable would wrap, too many iterations
     * for the plan, a min/max pair the kernel cannot take as written */
    if (cpu > known)
        reason(cpu - known, "other (the loop's own checks: wrapping induction variable, plan limits)");
}

/* Auto mode's trial (choice.cuh), one line for the profile when it ran. */
PRAGREDUCE_FN char *profile_trial_line()
{
    static char line[256] = "";
    return line;
}

PRAGREDUCE_FN void profile_print()
{
    /* calls that ran on the CPU before the runtime looked for a GPU: on a
     * machine without one, that is why (asked here, the profile's cost) */
    bool early = false;
    for (const SiteProfile &s : profile_sites())
        early |= s.cpu_warming > 0;
#ifndef PRAGREDUCE_FAKE_DEVICE
    if (early && !no_gpu_seen().load() && context_state().load() == CONTEXT_NONE) {
        int count = 0;
        if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0)
            no_gpu_seen().store(true);
        (void)cudaGetLastError();
    }
#endif
    if (profile_trial_line()[0])
        fprintf(stderr, "pragreduce-profile: %s\n", profile_trial_line());
    if (warm_up_report()[0])
        fprintf(stderr, "pragreduce-profile: %s\n", warm_up_report());
    for (const SiteProfile &s : profile_sites()) {
        fprintf(stderr,
                "pragreduce-profile: %s: calls %llu, gpu %llu, kernel %.3f ms, h2d %llu bytes in %llu "
                "copies, d2h %llu bytes in %llu copies, avoided %llu copies (%llu bytes)",
                s.site, s.calls, s.gpu_calls, s.kernel_ms, s.h2d_bytes, s.h2d_copies, s.d2h_bytes,
                s.d2h_copies, s.avoided_copies, s.avoided_bytes);
        if (s.peer_copies)
            fprintf(stderr, ", between GPUs %llu bytes in %llu copies", s.peer_bytes, s.peer_copies);
        profile_print_cpu_reasons(s);
        fputc('\n', stderr);
    }
}

/* This thread's counters, made and listed at its first use (they outlive
 * the thread: the print at exit sums them). */
PRAGREDUCE_FN ThreadProfile &thread_profile()
{
    static thread_local ThreadProfile *mine = nullptr;
    if (!mine) {
        mine = new ThreadProfile;
        Profile &p = profile_table();
        std::lock_guard<std::mutex> hold(p.lock);
        if (p.threads.empty())
            atexit(profile_print);
        p.threads.push_back(mine);
    }
    return *mine;
}

/* A site this thread has not counted yet: into the order of first use
 * (without holding the thread's lock, which profile_sites takes after
 * the table's). */
PRAGREDUCE_FN void profile_order_add(const char *site)
{
    Profile &p = profile_table();
    std::lock_guard<std::mutex> hold(p.lock);
    for (const char *known : p.order)
        if (same_site(known, site))
            return;
    p.order.push_back(site);
}

/* f(s, ctx) on the site's counters (profile_add) */
PRAGREDUCE_FN void profile_apply(const char *site, void (*f)(SiteProfile &, void *), void *ctx)
{
    ThreadProfile &t = thread_profile();
    {
        std::lock_guard<std::mutex> hold(t.lock);
        for (SiteProfile &s : t.sites)
            if (same_site(s.site, site)) {
                f(s, ctx);
                return;
            }
    }
    profile_order_add(site);
    std::lock_guard<std::mutex> hold(t.lock);
    t.sites.push_back(SiteProfile());
    t.sites.back().site = site;
    f(t.sites.back(), ctx);
}
#else
PRAGREDUCE_FN void profile_apply(const char *site, void (*f)(SiteProfile &, void *), void *ctx);
#endif

/* Runs f on the site's counters when profiling. */
template <class F> inline void profile_add(const char *site, F f)
{
    if (!profiling() || !site)
        return;
    profile_apply(site, [](SiteProfile &s, void *ctx) { (*(F *)ctx)(s); }, &f);
}

/* A call of a marked loop that got past every reason to stay on the CPU. */
PRAGREDUCE_FN void profile_gpu_call(const char *site)
{
    profile_add(site, [](SiteProfile &s) { s.gpu_calls++; });
}

/* Counts the wrappers' calls, for the residency table's eviction too: entries used by the call
 * under way are not evicted. */
PRAGREDUCE_FN u64 &call_epoch()
{
    static thread_local u64 epoch = 1;
    return epoch;
}

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_PROFILE_CUH */
