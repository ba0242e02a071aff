/* pragreduce runtime, launches: the CPU/GPU choice, grid sizes, the GPU
 * lock, scratch memory, trip counts. */
#ifndef PRAGREDUCE_RT_LAUNCH_CUH
#define PRAGREDUCE_RT_LAUNCH_CUH

#include "profile.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* PRAGREDUCE_FAKE_DEVICE (the fake device section above): the wrappers run
 * the loop as written over the device copies where they would launch. */
#ifdef PRAGREDUCE_FAKE_DEVICE
constexpr bool fake_device = true;
#else
constexpr bool fake_device = false;
#endif

/* GPUs a marked loop's iterations may be split over (PRAGREDUCE_GPUS; 1
 * with the fake device, which runs whole loops). */
PRAGREDUCE_FN int team_size() { return fake_device || settings().gpus == 1 ? 1 : team().size; }

/* A device's own state (scratch, pool, staging) is found by its number. */
constexpr int max_devices = 64;
PRAGREDUCE_FN int device_slot()
{
    const int d = current_device();
    return d < 0 || d >= max_devices ? 0 : d;
}

/* While a fake launch runs: its writes go to device copies, not to the
 * host (no invalidation), and the marked loops it calls (a segmented
 * nest's) run as written, on the same copies, as inside a kernel. */
/* (for the whole process: the launch's loop may run on OpenMP threads,
 * whose marked loops must run as written too instead of waiting for the
 * GPU lock that the launching thread holds) */
PRAGREDUCE_FN std::atomic<int> &fake_launch_depth()
{
    static std::atomic<int> depth{0};
    return depth;
}

PRAGREDUCE_FN bool fake_launch_running() { return fake_launch_depth().load(std::memory_order_relaxed) > 0; }

struct fake_launch {
    fake_launch() { fake_launch_depth()++; }
    ~fake_launch() { fake_launch_depth()--; }
    fake_launch(const fake_launch &) = delete;
    fake_launch &operator=(const fake_launch &) = delete;
};

/* A wrapper's CPU path running the loop with OpenMP's threads, perhaps
 * holding the GPU lock (a check after it was taken sent the loop back):
 * marked loops that the loop's body calls, on any of those threads, run
 * on the CPU too rather than wait for that lock (kmeans: the nearest
 * centre's minloc loop inside the point loop). */
PRAGREDUCE_FN std::atomic<int> &cpu_teams_running()
{
    static std::atomic<int> n{0};
    return n;
}

struct cpu_team {
    cpu_team() { cpu_teams_running()++; }
    ~cpu_team() { cpu_teams_running()--; }
    cpu_team(const cpu_team &) = delete;
    cpu_team &operator=(const cpu_team &) = delete;
};

/* Inside a faked launch: the loop runs on the device copies as written;
 * inside a CPU path's OpenMP team, on the host as written. */
PRAGREDUCE_FN bool inside_fake_launch(const char *site)
{
    if (!(fake_device && fake_launch_running()) && cpu_teams_running().load(std::memory_order_relaxed) == 0)
        return false;
    profile_add(site, [](SiteProfile &s) { s.cpu_inside++; });
    return true;
}

/* PRAGREDUCE_DEVICE=cpu. */
PRAGREDUCE_FN bool cpu_forced(const char *site)
{
    if (device_mode() != MODE_CPU)
        return false;
    profile_add(site, [](SiteProfile &s) { s.cpu_forced++; });
    return true;
}

/* Whether this call of a marked loop runs on the GPU: never with
 * PRAGREDUCE_DEVICE=cpu, always with =gpu, and in auto mode when a GPU is
 * there and the trip count reaches the cost model's threshold (below it,
 * copying the arrays costs more than the CPU loop), unless auto mode's
 * trial found the CPU faster for it (`timed` TIMED_CPU, choice.cuh; a call
 * in play before the trial's verdict, TIMED_IN_PLAY, is counted as the
 * trial's when it runs on the GPU, for the warm-up's hint). */
PRAGREDUCE_FN bool use_gpu(const char *site, u64 trip, u64 cpu_below, bool count_call = true, int timed = TIMED_NO)
{
    if (count_call)
        profile_add(site, [](SiteProfile &s) { s.calls++; });
    if (inside_fake_launch(site))
        return false;
    call_epoch()++;
    if (cpu_forced(site))
        return false;
    const int mode = device_mode();
    if (mode == MODE_AUTO && timed == TIMED_CPU && trip >= cpu_below) {
        profile_add(site, [](SiteProfile &s) { s.cpu_timed++; });
        return false;
    }
    if (mode != MODE_GPU && trip < cpu_below) {
        profile_add(site, [cpu_below](SiteProfile &s) {
            s.cpu_small++;
            s.cpu_below = cpu_below;
        });
        return false;
    }
    /* cheap on the CPU: under 256 times the threshold's size, where the
     * GPU's fixed cost of ~10-30 us equals its gain (a few ms at most) */
    const bool cheap = trip / 256 < cpu_below;
    if (!context_ready(cheap)) {
        if (timed != TIMED_SECOND_LOOK)
            gpu_seeks().fetch_add(1, std::memory_order_relaxed);
        profile_add(site, [](SiteProfile &s) { s.cpu_warming++; });
        return false;
    }
    if (!gpu_present(site, timed != TIMED_SECOND_LOOK)) {
        profile_add(site, [](SiteProfile &s) { s.cpu_no_gpu++; });
        return false;
    }
    if (timed == TIMED_IN_PLAY)
        hint_notes().trial_gpu_calls.fetch_add(1, std::memory_order_relaxed);
    return true;
}

/* A nest's wrapper, before its size is known (segments_on_gpu decides,
 * looking for a GPU only when the size calls for one, so that a program
 * whose loops all stay on the CPU starts no CUDA context): counts the call;
 * false when the CPU is forced, or inside a faked launch. */
PRAGREDUCE_FN bool use_gpu_later(const char *site)
{
    profile_add(site, [](SiteProfile &s) { s.calls++; });
    return !inside_fake_launch(site) && !cpu_forced(site);
}

/* How many times one core's speed the CPU path of a loop with OpenMP lines
 * runs at, for auto mode's thresholds: 0.6 of the threads OpenMP would
 * start (a memory-bound loop does not scale with every core), 1 inside a
 * parallel region (nested loops run on the calling thread) or without
 * OpenMP. */
PRAGREDUCE_FN u64 openmp_gain()
{
#ifdef PRAGREDUCE_OMP_IN_PARALLEL
    static const int threads = PRAGREDUCE_OMP_MAX_THREADS();
    if (threads < 2 || PRAGREDUCE_OMP_IN_PARALLEL())
        return 1;
    return (u64)(threads * 6 + 5) / 10;
#else
    return 1;
#endif
}

/* The caller's own test before a small loop's wrapper (emit.c's inline
 * path): true when this call would run on the CPU anyway, so the caller
 * runs the loop in place, at the plain loop's cost. PRAGREDUCE_PROFILE
 * takes the wrapper, which counts every call. */
/* The mode for in-place calls, read once (3: never in place, under the
 * profile): this runs on every call of a small loop. */
PRAGREDUCE_FN int inline_mode()
{
    static std::atomic<int> cached{-1};
    int mode = cached.load(std::memory_order_relaxed);
    if (mode < 0) {
        const Settings &s = settings();
        mode = s.profile ? 3 : s.device;
        cached.store(mode, std::memory_order_relaxed);
    }
    return mode;
}

PRAGREDUCE_FN bool cpu_inline(u64 trip, u64 cpu_below)
{
    const int mode = inline_mode();
    return mode == MODE_CPU || (mode == MODE_AUTO && trip < cpu_below);
}

/* ------------------------------------------------------------ CPU threads */

/* A CPU path split over the runtime's threads (a loop without OpenMP lines
 * that runs on the CPU: no GPU, below its threshold, PRAGREDUCE_DEVICE=cpu):
 * at most this many parts. */
constexpr unsigned max_cpu_parts = 64;

/* True on a thread while it runs a part (a marked loop called from one
 * runs on that thread alone). */
PRAGREDUCE_FN bool &in_cpu_part()
{
    static thread_local bool inside = false;
    return inside;
}

/* Parts for `trip` iterations: one below ~0.5 ms of work on one core (40x
 * the ~12 us the kept threshold stands for: starting threads costs tens
 * of us), inside a part or an OpenMP parallel region; else up to the
 * CPU's threads (PRAGREDUCE_CPU_THREADS: 0 all, 1 none), each part ~0.25
 * ms or more. */
PRAGREDUCE_FN unsigned cpu_parts(u64 trip, u64 cpu_below_kept)
{
    if (cpu_below_kept == 0 || trip / 40 < cpu_below_kept || in_cpu_part())
        return 1;
#ifdef PRAGREDUCE_OMP_IN_PARALLEL
    if (PRAGREDUCE_OMP_IN_PARALLEL())
        return 1;
#endif
    static const unsigned threads = [] {
        unsigned t = (unsigned)settings().cpu_threads;
        if (t == 0)
            t = std::thread::hardware_concurrency();
        return t < 1 ? 1u : t > max_cpu_parts ? max_cpu_parts : t;
    }();
    const u64 most = trip / (20 * cpu_below_kept);
    return (unsigned)(most < threads ? (most < 1 ? 1 : most) : threads);
}

/* The first iteration of part p of `parts` (p = parts: the end). */
PRAGREDUCE_FN u64 part_start(u64 trip, unsigned parts, unsigned p)
{
    const u64 q = trip / parts, r = trip % parts;
    return q * p + (p < r ? p : r);
}

/* f(0) ... f(parts - 1), on this thread and parts - 1 others (a part whose
 * thread could not start runs here after). */
PRAGREDUCE_FN void cpu_run_parts(unsigned parts, void (*f)(unsigned, void *), void *ctx)
{
    auto part = [f, ctx](unsigned p) {
        in_cpu_part() = true;
        f(p, ctx);
        in_cpu_part() = false;
    };
    std::vector<std::thread> others;
    std::vector<unsigned> left;
    others.reserve(parts);
    for (unsigned p = 1; p < parts; p++) {
        try {
            others.emplace_back(part, p);
        } catch (...) {
            left.push_back(p);
        }
    }
    part(0);
    for (auto &t : others)
        t.join();
    for (unsigned p : left)
        part(p);
}

template <class F> inline void cpu_run(unsigned parts, F f)
{
    cpu_run_parts(parts, [](unsigned p, void *ctx) { (*(F *)ctx)(p); }, &f);
}

PRAGREDUCE_FN int sm_count(const char *site)
{
    static int count = 0;
    if (count == 0) {
        int device = 0;
        PRAGREDUCE_CHECK(site, "cudaGetDevice", cudaGetDevice(&device));
        PRAGREDUCE_CHECK(site, "cudaDeviceGetAttribute",
                         cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
        if (count < 1)
            count = 1;
    }
    return count;
}


/* Threads per segment: 1 up to `thread_max` iterations, a warp up to
 * `warp_max`, else the block; PRAGREDUCE_SEGMENT_GROUP=1, 32 or the block
 * size overrides it (experiments; cooperative loops only). */
PRAGREDUCE_FN int segment_group(u64 inner, u64 thread_max, u64 warp_max, int block)
{
    const int forced = settings().segment_group;
    if (forced && warp_max > 0 && forced <= block)
        return forced;
    return inner <= thread_max ? 1 : inner <= warp_max ? 32 : block;
}

/* A segmented loop runs as one launch unless the whole nest is below the
 * CPU threshold (auto mode), or its segments are too few to fill the GPU
 * (fewer than twice its SMs with an independent loop inside, which then
 * launches for each iteration; fewer than its SMs and 65536 iterations
 * each): then the loop runs as written, and each loop inside with a
 * wrapper launches on its own. */
PRAGREDUCE_FN bool segments_on_gpu(const char *site, u64 segments, u64 inner, u64 cpu_below, bool nested,
                                   int timed = TIMED_NO)
{
    const u64 total = inner != 0 && segments > ~0ULL / inner ? ~0ULL : segments * inner;
    if (!use_gpu(site, total, cpu_below, false, timed)) /* (the wrapper counted the call) */
        return false;
    /* an independent loop inside takes over when this one cannot fill the GPU */
    const bool few = (nested && segments < 2 * (u64)sm_count(site)) ||
                     (segments < (u64)sm_count(site) && inner >= 65536);
    if (few)
        profile_add(site, [](SiteProfile &s) { s.cpu_few_segments++; });
    return !few;
}

/* After a launch whose written arrays stay on the GPU: the call returns
 * without waiting for it (a loop with no result needs none; ~4 us a call
 * against ~10 with the wait, bench/NOTES.md). Every later use of its
 * output is ordered after it: launches and cudaMemcpy on the same (legacy
 * default) stream, staged copies after syncing that stream (transfers.cuh).
 * `wait`: the caller needs it finished (chunks sharing buffers, copies
 * made at once); so does PRAGREDUCE_PROFILE, to time the kernel. */
PRAGREDUCE_FN void kernel_done(const char *site, bool wait)
{
    if (wait || profiling()) {
        PRAGREDUCE_CHECK(site, "kernel", cudaDeviceSynchronize());
        async_site().store(nullptr);
        return;
    }
    async_site().store(site);
}

/* Blocks in the grid: enough to fill every multiprocessor with the blocks
 * it can hold, never more than there are tiles of work. */
PRAGREDUCE_FN unsigned grid_size(u64 trip, int tile, int blocks_per_sm, int waves, const char *site)
{
    const u64 tiles = (trip + (u64)tile - 1) / (u64)tile;
    u64 grid = tiles;
    if (waves > 0) {
        /* a persistent grid: `waves` rounds of the blocks the GPU holds */
        const u64 cap = (u64)sm_count(site) * (u64)(blocks_per_sm > 0 ? blocks_per_sm : 1) *
                        (u64)waves;
        grid = tiles < cap ? tiles : cap;
    }
    if (grid > 0x7fffffffULL)
        grid = 0x7fffffffULL;
    return grid ? (unsigned)grid : 1u;
}

/* Marked loops called from several host threads at once take turns on the
 * GPU: they share the scratch buffer and the staging buffers. */
#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
PRAGREDUCE_FN std::recursive_mutex &gpu_lock()
{
    static std::recursive_mutex lock; /* a CPU fallback may call another marked loop */
    return lock;
}
#endif
PRAGREDUCE_FN void gpu_lock_take() { gpu_lock().lock(); }
PRAGREDUCE_FN void gpu_lock_give() { gpu_lock().unlock(); }

/* A wrapper's written elements saved before a kernel whose call may run
 * again on the CPU (emit.c's snapshot); freed at the end of the scope.
 * Out of memory ends the program, as std::vector's would. */
struct saved_bytes {
    unsigned char *p;
    size_t n;
    explicit saved_bytes(size_t bytes) : p(bytes ? (unsigned char *)::malloc(bytes) : nullptr), n(bytes)
    {
        if (bytes && !p) {
            fprintf(stderr, "pragreduce: out of host memory (%zu bytes)\n", bytes);
            abort();
        }
    }
    ~saved_bytes() { ::free(p); }
    saved_bytes(const saved_bytes &) = delete;
    saved_bytes &operator=(const saved_bytes &) = delete;
    bool empty() const { return n == 0; }
    size_t size() const { return n; }
    unsigned char *data() { return p; }
};

/* A wrapper's turn on the GPU, until the end of its scope. */
struct gpu_hold {
    gpu_hold() { gpu_lock_take(); }
    ~gpu_hold() { gpu_lock_give(); }
    gpu_hold(const gpu_hold &) = delete;
    gpu_hold &operator=(const gpu_hold &) = delete;
};

/* One device buffer reused by every marked loop (calls are synchronous);
 * it only grows, and is released at exit. */
struct Scratch {
    void *ptr = nullptr;
    size_t size = 0;
    ~Scratch()
    {
        if (ptr)
            (void)cudaFree(ptr);
    }
};

/* The current device's (each GPU of a team has its own). */
PRAGREDUCE_FN Scratch &scratch()
{
    static Scratch held[max_devices];
    return held[device_slot()];
}

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* A host buffer that only grows, pinned (portable: any GPU copies into it)
 * unless pinned memory is refused: then pageable. */
struct ResultBuffer {
    unsigned char *pinned = nullptr;
    size_t size = 0;
    std::vector<unsigned char> pageable;
    unsigned char *get(size_t bytes)
    {
        if (bytes > size) {
            if (pinned)
                (void)cudaFreeHost(pinned);
            size = bytes < 4096 ? 4096 : bytes;
            if (cudaHostAlloc((void **)&pinned, size, cudaHostAllocPortable) != cudaSuccess) {
                (void)cudaGetLastError();
                pinned = nullptr;
                size = 0;
            }
        }
        if (pinned)
            return pinned;
        pageable.resize(bytes);
        return pageable.data();
    }
};

#endif

/* A call's results back from the device, into pinned memory (a pageable
 * copy passes through the driver's staging: a few us more a call). The
 * caller holds gpu_lock() and reads them before its next call. */
PRAGREDUCE_FN const unsigned char *fetch_results(const void *dev, size_t bytes, const char *site)
{
    static ResultBuffer buffer;
    unsigned char *got = buffer.get(bytes);
    if (!buffer.pinned) {
        PRAGREDUCE_CHECK(site, "kernel", cudaMemcpy(got, dev, bytes, cudaMemcpyDeviceToHost));
        return got;
    }
    PRAGREDUCE_CHECK(site, "kernel", cudaMemcpyAsync(got, dev, bytes, cudaMemcpyDeviceToHost, 0));
    PRAGREDUCE_CHECK(site, "kernel", cudaStreamSynchronize(0));
    return got;
}

/* Device buffers of ended regions, reused by later ones (cudaMalloc and
 * cudaFree cost tens of microseconds and cudaFree synchronizes). */
#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
struct DevicePool {
    std::vector<std::pair<char *, size_t>> free_blocks;
    size_t bytes = 0;
};

/* The current device's. */
PRAGREDUCE_FN DevicePool &device_pool()
{
    static DevicePool *pools = new DevicePool[max_devices]; /* outlives static destructors */
    return pools[device_slot()];
}

#endif

PRAGREDUCE_FN void pool_release()
{
    DevicePool &p = device_pool();
    for (auto &b : p.free_blocks)
        (void)cudaFree(b.first);
    p.free_blocks.clear();
    p.bytes = 0;
}

/* Keeps at most 1/4 of the GPU's memory in the pool. */
PRAGREDUCE_FN void pool_put(char *dev, size_t bytes)
{
    DevicePool &p = device_pool();
    size_t free_b = 0, total = 0;
    if (cudaMemGetInfo(&free_b, &total) != cudaSuccess) {
        (void)cudaGetLastError();
        total = 0;
    }
    if (p.bytes + bytes > total / 4) {
        (void)cudaFree(dev);
        return;
    }
    p.free_blocks.push_back({dev, bytes});
    p.bytes += bytes;
}

PRAGREDUCE_FN char *pool_get(size_t bytes, size_t *got)
{
    DevicePool &p = device_pool();
    size_t best = p.free_blocks.size();
    for (size_t i = 0; i < p.free_blocks.size(); i++) {
        const size_t have = p.free_blocks[i].second;
        if (have >= bytes && have <= 2 * bytes + 4096 &&
            (best == p.free_blocks.size() || have < p.free_blocks[best].second))
            best = i;
    }
    if (best == p.free_blocks.size())
        return nullptr;
    char *dev = p.free_blocks[best].first;
    *got = p.free_blocks[best].second;
    p.bytes -= *got;
    p.free_blocks.erase(p.free_blocks.begin() + (std::ptrdiff_t)best);
    return dev;
}

PRAGREDUCE_FN bool make_room(size_t bytes);

PRAGREDUCE_FN void *device_scratch(size_t bytes, const char *site)
{
    Scratch &s = scratch();
    if (bytes > s.size) {
        if (s.ptr)
            PRAGREDUCE_CHECK(site, "cudaFree", cudaFree(s.ptr));
        s.ptr = nullptr;
        s.size = 0;
        /* a quarter more, so that slightly larger calls reuse it; exactly
         * what is asked when that much is not free */
        size_t grown = bytes + bytes / 4;
        if (cudaMalloc(&s.ptr, grown) != cudaSuccess) {
            (void)cudaGetLastError();
            grown = bytes;
            /* kept copies of arrays (residency) give way */
            if (cudaMalloc(&s.ptr, grown) != cudaSuccess) {
                (void)cudaGetLastError();
                (void)make_room(grown);
                PRAGREDUCE_CHECK(site, "cudaMalloc", cudaMalloc(&s.ptr, grown));
            }
        }
        s.size = grown;
    }
    return s.ptr;
}

/* ------------------------------------------------------------ several GPUs */

/* The GPUs of a team of `gpus` a call of `flat` iterations is split over:
 * one below `least`; from there as many as keep each part at least
 * least / 2 iterations (on 4 x H200, team_cg's 2048^2 grid, 4.2 M
 * iterations a loop, took 0.063 s over four GPUs against 0.041 over two). */
PRAGREDUCE_FN unsigned team_gpus_for(u64 flat, unsigned gpus, u64 least)
{
    if (gpus < 2 || flat < least)
        return 1;
    const u64 per = least / 2 > 0 ? least / 2 : 1;
    const u64 most = flat / per; /* at least 2: flat >= least >= 2 * per */
    return most < gpus ? (unsigned)most : gpus;
}

/* Iterations a call of `outer` outer iterations (each `unit` flat ones:
 * a collapsed nest's inner product) gives each GPU of the team, in whole
 * outer iterations; *parts gets how many parts that makes. One part (the
 * whole loop, *parts = 1) without a team, when copies are not kept (a
 * part's arrays stay on its GPU), or below `least` flat iterations (the
 * cost model's, or PRAGREDUCE_GPUS_FROM), where the launches on several
 * GPUs cost more than the work saved. */
PRAGREDUCE_FN u64 team_part(u64 outer, u64 unit, bool kept, u64 least, unsigned *parts)
{
    *parts = 1;
    const u64 flat = outer * unit;
    if (settings().gpus_from > 0)
        least = (u64)settings().gpus_from; /* PRAGREDUCE_GPUS_FROM */
    const unsigned gpus = team_gpus_for(flat, (unsigned)team_size(), least);
    if (gpus < 2 || !kept || outer < 2)
        return flat;
    const u64 each = (outer + gpus - 1) / gpus;
    *parts = (unsigned)((outer + each - 1) / each);
    return each * unit;
}

/* The results of a call split over the team: part c's `stride` bytes at
 * `at` + c * stride of the scratch of the team's GPU c (as big as
 * `scratch_bytes` on each), in part order. Each GPU's copy is queued
 * behind its kernel, then each is waited for: the GPUs run meanwhile. */
PRAGREDUCE_FN const unsigned char *team_results(size_t at, unsigned parts, size_t stride, size_t scratch_bytes,
                                                const char *site)
{
    static ResultBuffer buffer;
    unsigned char *got = buffer.get((size_t)parts * stride);
    for (unsigned c = 0; c < parts; c++) {
        on_device on(team().device[c]);
        const char *dev = (const char *)device_scratch(scratch_bytes, site) + at + (size_t)c * stride;
        if (buffer.pinned)
            PRAGREDUCE_CHECK(site, "kernel", cudaMemcpyAsync(got + (size_t)c * stride, dev, stride,
                                                            cudaMemcpyDeviceToHost, 0));
        else
            PRAGREDUCE_CHECK(site, "kernel", cudaMemcpy(got + (size_t)c * stride, dev, stride, cudaMemcpyDeviceToHost));
    }
    for (unsigned c = 0; c < parts && buffer.pinned; c++) {
        on_device on(team().device[c]);
        PRAGREDUCE_CHECK(site, "kernel", cudaStreamSynchronize(0));
    }
    return got;
}

PRAGREDUCE_FN size_t align_up(size_t n) { return (n + 255) & ~(size_t)255; }

/* Trip counts computed in 64 bits, with the comparison done in the type C
 * uses for `i < hi` (the usual arithmetic conversions). */
template <class T, class H> __host__ __device__ inline u64 trip_up(T lo, H hi, u64 step, bool inclusive)
{
    typedef decltype(lo + hi) C;
    const C l = (C)lo, h = (C)hi;
    if (inclusive ? !(l <= h) : !(l < h))
        return 0;
    const u64 diff = (u64)h - (u64)l;
    return inclusive ? diff / step + 1 : diff / step + (diff % step != 0);
}

template <class T, class H> __host__ __device__ inline u64 trip_down(T lo, H hi, u64 step, bool inclusive)
{
    typedef decltype(lo + hi) C;
    const C l = (C)lo, h = (C)hi;
    if (inclusive ? !(l >= h) : !(l > h))
        return 0;
    const u64 diff = (u64)l - (u64)h;
    return inclusive ? diff / step + 1 : diff / step + (diff % step != 0);
}

/* `i != hi` stepping by one: the distance in C's width, as unsigned. */
template <class T, class H> __host__ __device__ inline u64 trip_ne(T lo, H hi, bool down)
{
    typedef decltype(lo + hi) C;
    typedef typename std::make_unsigned<C>::type UC;
    const C l = (C)lo, h = (C)hi;
    return down ? (u64)(UC)((UC)l - (UC)h) : (u64)(UC)((UC)h - (UC)l);
}

/* A kernel that spins for about `ns` nanoseconds: queued before a timed
 * launch, it hides the host's launch overhead from the measurement. */
static __global__ void busy_wait(unsigned ns)
{
    const unsigned long long start = clock64();
    while (clock64() - start < (unsigned long long)ns * 2)
        ;
}

/* Runs `launch` once, or, with PRAGREDUCE_BENCH=N in the environment, 3
 * warm-ups and N timed runs (CUDA events around each, a busy kernel queued
 * first), printing the median to stderr: the kernel's time with its data
 * already on the device. */
template <class F> inline void run_launch(const char *site, u64 trip, F launch)
{
    const int reps = settings().bench;
    if (reps <= 0 && !profiling()) {
        launch();
        return;
    }
    if (reps <= 0) {
        /* PRAGREDUCE_PROFILE: the kernel's time, events around the launch */
        cudaEvent_t start, stop;
        PRAGREDUCE_CHECK(site, "cudaEventCreate", cudaEventCreate(&start));
        PRAGREDUCE_CHECK(site, "cudaEventCreate", cudaEventCreate(&stop));
        PRAGREDUCE_CHECK(site, "cudaEventRecord", cudaEventRecord(start));
        launch();
        PRAGREDUCE_CHECK(site, "cudaEventRecord", cudaEventRecord(stop));
        PRAGREDUCE_CHECK(site, "cudaEventSynchronize", cudaEventSynchronize(stop));
        float ms = 0;
        PRAGREDUCE_CHECK(site, "cudaEventElapsedTime", cudaEventElapsedTime(&ms, start, stop));
        profile_add(site, [&](SiteProfile &s) { s.kernel_ms += ms; });
        (void)cudaEventDestroy(start);
        (void)cudaEventDestroy(stop);
        return;
    }
    cudaEvent_t start, stop;
    PRAGREDUCE_CHECK(site, "cudaEventCreate", cudaEventCreate(&start));
    PRAGREDUCE_CHECK(site, "cudaEventCreate", cudaEventCreate(&stop));
    float *times = (float *)malloc(sizeof(float) * (size_t)reps);
    for (int r = -3; r < reps; r++) {
        busy_wait<<<1, 1>>>(50000);
        PRAGREDUCE_CHECK(site, "cudaEventRecord", cudaEventRecord(start));
        launch();
        PRAGREDUCE_CHECK(site, "cudaEventRecord", cudaEventRecord(stop));
        PRAGREDUCE_CHECK(site, "cudaEventSynchronize", cudaEventSynchronize(stop));
        float ms = 0;
        PRAGREDUCE_CHECK(site, "cudaEventElapsedTime", cudaEventElapsedTime(&ms, start, stop));
        if (r >= 0)
            times[r] = ms;
    }
    for (int i = 1; i < reps; i++)
        for (int j = i; j > 0 && times[j - 1] > times[j]; j--) {
            float t = times[j];
            times[j] = times[j - 1];
            times[j - 1] = t;
        }
    fprintf(stderr, "pragreduce-bench: %s: trip %llu: median %.2f us over %d runs\n", site, trip,
            1000.0 * times[reps / 2], reps);
    free(times);
    (void)cudaEventDestroy(start);
    (void)cudaEventDestroy(stop);
}

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_LAUNCH_CUH */
