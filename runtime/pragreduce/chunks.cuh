/* pragreduce runtime, chunks: loops whose arrays exceed the GPU memory,
 * pinned host allocation (--pin-host). */
#ifndef PRAGREDUCE_RT_CHUNKS_CUH
#define PRAGREDUCE_RT_CHUNKS_CUH

#include "transfers.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* ------------------------------------------------------------ chunks */

/* Device memory one call may use for its arrays: PRAGREDUCE_DEVICE_MEM_KB
 * when set (tests use it to force chunking), else what is free plus the
 * scratch buffer already held, less a margin for the runtime. */
PRAGREDUCE_FN size_t device_budget(const char *site)
{
    const size_t forced = settings().device_mem_kb * 1024;
    if (forced)
        return forced;
    size_t free_bytes = 0, total = 0;
    PRAGREDUCE_CHECK(site, "cudaMemGetInfo", cudaMemGetInfo(&free_bytes, &total));
    const size_t have = free_bytes + scratch().size + device_pool().bytes; /* the pool gives way */
    const size_t margin = total / 32 > ((size_t)256 << 20) ? (size_t)256 << 20 : total / 32;
    return have > margin ? have - margin : 0;
}

/* Iterations per chunk: `trip` when all `bytes` of arrays, the `fixed`
 * bytes and one result fit the budget; else a multiple of `unit`
 * iterations such that two chunks' arrays (bytes_of(first, count) each)
 * fit beside `fixed` and `result` bytes per chunk; 0 when not even `unit`
 * iterations do. *most gets the largest chunk's bytes. */
template <class F>
inline u64 chunk_iterations(u64 trip, u64 unit, size_t bytes, size_t fixed, size_t result,
                            size_t *most, F bytes_of, const char *site)
{
    *most = bytes;
    const bool forced = settings().device_mem_kb != 0;
    if (!forced && bytes + fixed + result <= scratch().size)
        return trip; /* fits in what is already held: no need to ask the driver */
    const size_t budget = device_budget(site);
    if (bytes + fixed + result <= budget)
        return trip;
    const u64 steps = trip / unit;
    u64 per = (u64)((long double)steps * (long double)budget / 2 / (long double)bytes);
    if (per < 1)
        per = 1;
    for (;;) {
        const u64 chunks = (steps + per - 1) / per;
        const long double need = (long double)fixed + (long double)chunks * (long double)result;
        if (need < (long double)budget) {
            const size_t half = (size_t)(((long double)budget - need) / 2);
            size_t worst = 0;
            for (u64 s = 0; s < steps && worst <= half; s += per) {
                const u64 k = steps - s < per ? steps - s : per;
                const size_t b = align_up(bytes_of(s * unit, k * unit));
                worst = b > worst ? b : worst;
            }
            if (worst <= half) {
                *most = worst;
                return per * unit;
            }
        }
        if (per == 1)
            return 0;
        per /= 2;
    }
}

/* A loop whose arrays do not fit in device memory even a chunk at a time
 * runs on the CPU; with PRAGREDUCE_DEVICE=gpu that is an error. */
PRAGREDUCE_FN void too_big_for_gpu(const char *site)
{
    if (device_mode() == MODE_GPU) {
        fprintf(stderr, "%s: the arrays of one iteration do not fit in the GPU's memory\n", site);
        exit(1);
    }
}

/* Two events marking when the kernel that reads each half of a chunked
 * call's array space is done with it. */
PRAGREDUCE_FN cudaEvent_t chunk_fence(int half, const char *site)
{
    static cudaEvent_t fences[2];
    if (!fences[half])
        PRAGREDUCE_CHECK(site, "cudaEventCreate",
                         cudaEventCreateWithFlags(&fences[half], cudaEventDisableTiming));
    return fences[half];
}

/* --pin-host: the program's allocations of arrays that reach marked loops
 * come from here. Blocks of PRAGREDUCE_PIN_MIN_KB (default 1 MiB) or more
 * are pinned when a GPU is there and the host can pin them; anything else
 * (and every failure) is ordinary malloc memory. free and realloc are
 * rewritten everywhere in the file, so they can tell the two apart. */
#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
struct PinnedBlocks {
    std::mutex lock;
    std::unordered_map<void *, size_t> sizes;
};

PRAGREDUCE_FN PinnedBlocks &pinned_blocks()
{
    static PinnedBlocks *blocks = new PinnedBlocks; /* outlives static destructors */
    return *blocks;
}

#endif

PRAGREDUCE_FN bool pin_wanted(size_t bytes)
{
    static int gpu = -1;
    if (bytes < settings().pin_min_kb * 1024)
        return false;
    if (gpu < 0) {
        int count = 0;
        gpu = device_mode() != MODE_CPU && cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
        (void)cudaGetLastError();
    }
    return gpu == 1;
}

PRAGREDUCE_FN void *host_malloc(size_t bytes)
{
    if (pin_wanted(bytes)) {
        void *p = nullptr;
        bind_this_thread(); /* the context it lands in is this process's device's */
        if (cudaHostAlloc(&p, bytes, cudaHostAllocDefault) == cudaSuccess && p) {
            PinnedBlocks &pb = pinned_blocks();
            std::lock_guard<std::mutex> hold(pb.lock);
            pb.sizes[p] = bytes;
            return p;
        }
        (void)cudaGetLastError();
    }
    return malloc(bytes);
}

PRAGREDUCE_FN void *host_calloc(size_t count, size_t size)
{
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes))
        return nullptr;
    if (!pin_wanted(bytes))
        return calloc(count, size);
    void *p = host_malloc(bytes);
    if (p)
        memset(p, 0, bytes);
    return p;
}

/* Size of a pinned block, or 0 when `p` is not one. */
PRAGREDUCE_FN size_t pinned_size(void *p)
{
    if (!p)
        return 0;
    PinnedBlocks &pb = pinned_blocks();
    std::lock_guard<std::mutex> hold(pb.lock);
    auto it = pb.sizes.find(p);
    return it == pb.sizes.end() ? 0 : it->second;
}

PRAGREDUCE_FN void host_free(void *p)
{
    if (pinned_size(p)) {
        {
            PinnedBlocks &pb = pinned_blocks();
            std::lock_guard<std::mutex> hold(pb.lock);
            pb.sizes.erase(p);
        }
        bind_this_thread(); /* freed from another thread than the one that pinned it */
        (void)cudaFreeHost(p);
        return;
    }
    free(p);
}

PRAGREDUCE_FN void *host_realloc(void *p, size_t bytes)
{
    const size_t old = pinned_size(p);
    if (!old)
        return realloc(p, bytes);
    void *q = host_malloc(bytes);
    if (!q && bytes)
        return nullptr; /* like realloc: the old block stays */
    memcpy(q, p, old < bytes ? old : bytes);
    host_free(p);
    return q;
}

/* Whether two host byte ranges share a byte (empty ranges share none). */
PRAGREDUCE_FN bool overlaps(const void *a, size_t na, const void *b, size_t nb)
{
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return na > 0 && nb > 0 && x < y + nb && y < x + na;
}

/* Trip count of collapsed loops; sets *overflow past 2^64 - 1. */
PRAGREDUCE_FN u64 trip_product(u64 a, u64 b, bool *overflow)
{
    u64 r;
    if (__builtin_mul_overflow(a, b, &r))
        *overflow = true;
    return r;
}

/* True when the induction variable would leave its type's range before the
 * loop ends: an unsigned variable stepping past 0 or past its maximum wraps
 * and the C loop goes on (a signed one overflows, which C leaves
 * undefined). Such loops run as written, on the CPU. */
template <class T> inline bool iv_wraps(T lo, u64 trip, u64 step, bool down)
{
    const __int128 next = down ? (__int128)lo - (__int128)trip * (__int128)step
                               : (__int128)lo + (__int128)trip * (__int128)step;
    return next < (__int128)std::numeric_limits<T>::lowest() ||
           next > (__int128)std::numeric_limits<T>::max();
}

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_CHUNKS_CUH */
