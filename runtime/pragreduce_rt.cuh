/*
 * pragreduce runtime: the CUDA code that generated files rely on.
 * pragreduce copies this header verbatim to the top of each output file, so
 * the output builds with plain `nvcc out.cu` and no include path.
 *
 * Layers, each built on the one below (as in CUB):
 *   operators     op_add ... op_lor: combine(a, b) and identity
 *   warp_reduce   32 lanes; every lane ends with the warp's result
 *   block_reduce  BLOCK threads; the result is valid in thread 0
 *   arrive_last   last-block detection, so the per-block partials are
 *                 combined by the grid's last block in the same launch
 *   host helpers  device choice (PRAGREDUCE_DEVICE), errors, scratch memory,
 *                 trip counts, grid sizing
 * Floating-point results may differ from the sequential loop in the last
 * bits (another summation order); they are the same on every run on the same
 * GPU and configuration, since no floating-point atomics are used.
 */
#ifndef PRAGREDUCE_RT_CUH
#define PRAGREDUCE_RT_CUH

#include <cuda_runtime.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda/atomic>

#include <limits>
#include <type_traits>

namespace pragreduce {

typedef unsigned long long u64;

/* ------------------------------------------------------------ operators */

/* Host-side identities: the kernel receives them as arguments, so device
 * code never calls host-only constexpr functions. */
template <class T> inline T lowest()
{
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::lowest();
}
template <class T> inline T highest()
{
    return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::max();
}

struct op_add {
    template <class T> __host__ __device__ static T apply(T a, T b) { return (T)(a + b); }
    /* -0.0 is the floating-point identity: -0.0 + x == x even for x == -0.0 */
    template <class T> static T identity()
    {
        if constexpr (std::is_floating_point<T>::value)
            return (T)-0.0;
        else
            return (T)0;
    }
};
struct op_mul {
    template <class T> __host__ __device__ static T apply(T a, T b) { return (T)(a * b); }
    template <class T> static T identity() { return (T)1; }
};
/* min and max keep `a` unless `b` is strictly smaller (larger): a NaN
 * already in `a` stays, a NaN arriving as `b` is ignored. */
struct op_min {
    template <class T> __host__ __device__ static T apply(T a, T b) { return b < a ? b : a; }
    template <class T> static T identity() { return highest<T>(); }
};
struct op_max {
    template <class T> __host__ __device__ static T apply(T a, T b) { return b > a ? b : a; }
    template <class T> static T identity() { return lowest<T>(); }
};
struct op_band {
    template <class T> __host__ __device__ static T apply(T a, T b) { return (T)(a & b); }
    template <class T> static T identity() { return (T)~(T)0; }
};
struct op_bor {
    template <class T> __host__ __device__ static T apply(T a, T b) { return (T)(a | b); }
    template <class T> static T identity() { return (T)0; }
};
struct op_bxor {
    template <class T> __host__ __device__ static T apply(T a, T b) { return (T)(a ^ b); }
    template <class T> static T identity() { return (T)0; }
};
struct op_land {
    template <class T> __host__ __device__ static T apply(T a, T b) { return (T)(a && b); }
    template <class T> static T identity() { return (T)1; }
};
struct op_lor {
    template <class T> __host__ __device__ static T apply(T a, T b) { return (T)(a || b); }
    template <class T> static T identity() { return (T)0; }
};

/* maxloc / minloc: the best value with the index the loop stored with it,
 * the iteration that stored it (for ties) and whether any did. */
template <class T, class I> struct loc {
    T v;
    I idx;
    u64 at;
    int valid;
};

template <class T, class I>
__host__ __device__ __forceinline__ loc<T, I> make_loc(T v, I idx, u64 at, bool valid)
{
    loc<T, I> l;
    l.v = v;
    l.idx = idx;
    l.at = at;
    l.valid = valid ? 1 : 0;
    return l;
}

/* MAX: larger values win (else smaller); on equal values LAST keeps the
 * later iteration (`>=` in the loop), else the earlier one (`>`). */
template <bool MAX, bool LAST> struct op_loc {
    template <class L> __host__ __device__ static L apply(L a, L b)
    {
        if (!b.valid)
            return a;
        if (!a.valid)
            return b;
        if (MAX ? b.v > a.v : b.v < a.v)
            return b;
        if (MAX ? b.v < a.v : b.v > a.v)
            return a;
        return (LAST ? b.at > a.at : b.at < a.at) ? b : a;
    }
};

/* Thread 0 stores a result in its 32-byte slot, every byte written. */
template <class T> __device__ __forceinline__ void store_slot(unsigned char *slot, const T &v)
{
    static_assert(sizeof(T) <= 32, "results fit a 32-byte slot");
    unsigned char bytes[32] = {0};
    memcpy(bytes, &v, sizeof(T));
#pragma unroll
    for (int i = 0; i < 32; i += 4)
        memcpy(slot + i, bytes + i, 4);
}

/* One block's partial result. Scalars are a plain store; a struct (maxloc)
 * is written word by word from a zeroed copy so its padding is defined too:
 * the last block reads the partial back as whole words. */
template <class T> __device__ __forceinline__ void store_partial(T *partial, const T &v)
{
    if constexpr (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) % 4 != 0) {
        *partial = v;
    } else {
        unsigned words[sizeof(T) / 4] = {0};
        memcpy(words, &v, sizeof(T));
#pragma unroll
        for (int i = 0; i < (int)(sizeof(T) / 4); i++)
            ((unsigned *)partial)[i] = words[i];
    }
}

/* ------------------------------------------------------------ warp layer */

/* Shuffles any trivially copyable value, one 32-bit word at a time. */
template <class T> __device__ __forceinline__ T shfl_xor(T v, int mask)
{
    if constexpr (std::is_arithmetic<T>::value && sizeof(T) < 4) {
        return (T)__shfl_xor_sync(0xffffffffu, (int)v, mask);
    } else {
        static_assert(sizeof(T) % 4 == 0, "shuffled types are whole 32-bit words");
        int words[sizeof(T) / 4];
        memcpy(words, &v, sizeof(T));
#pragma unroll
        for (int i = 0; i < (int)(sizeof(T) / 4); i++)
            words[i] = __shfl_xor_sync(0xffffffffu, words[i], mask);
        T r;
        memcpy(&r, words, sizeof(T));
        return r;
    }
}

/* Ampere's single-instruction warp reductions cover 32-bit integers with
 * these operators (and, or, xor: unsigned only). */
template <class Op, class T> struct has_reduce_sync {
    static constexpr bool i32 = std::is_same<T, int>::value || std::is_same<T, unsigned>::value;
    static constexpr bool value =
        (i32 && (std::is_same<Op, op_add>::value || std::is_same<Op, op_min>::value ||
                 std::is_same<Op, op_max>::value)) ||
        (std::is_same<T, unsigned>::value &&
         (std::is_same<Op, op_band>::value || std::is_same<Op, op_bor>::value ||
          std::is_same<Op, op_bxor>::value));
};

template <class Op, class T> __device__ __forceinline__ T reduce_sync(T v)
{
    if constexpr (std::is_same<Op, op_add>::value)
        return (T)__reduce_add_sync(0xffffffffu, v);
    else if constexpr (std::is_same<Op, op_min>::value)
        return (T)__reduce_min_sync(0xffffffffu, v);
    else if constexpr (std::is_same<Op, op_max>::value)
        return (T)__reduce_max_sync(0xffffffffu, v);
    else if constexpr (std::is_same<Op, op_band>::value)
        return __reduce_and_sync(0xffffffffu, v);
    else if constexpr (std::is_same<Op, op_bor>::value)
        return __reduce_or_sync(0xffffffffu, v);
    else
        return __reduce_xor_sync(0xffffffffu, v);
}

/* Butterfly reduction: every lane ends with the warp's result, combined in
 * the same order on every run. */
template <class Op, class T> __device__ __forceinline__ T warp_reduce(T v)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (has_reduce_sync<Op, T>::value) {
        return reduce_sync<Op>(v);
    } else
#endif
    {
#pragma unroll
        for (int mask = 16; mask > 0; mask >>= 1)
            v = Op::apply(v, shfl_xor(v, mask));
        return v;
    }
}

/* ------------------------------------------------------------ block layer */

/* Phases: each warp reduces its lanes; lane 0 of each warp stores the
 * warp's value in shared memory; warp 0 reduces those. The result is valid
 * in thread 0. Ends with a barrier so the shared array can be reused. */
template <class Op, int BLOCK, class T>
__device__ __forceinline__ T block_reduce(T v, T identity)
{
    static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "block of whole warps");
    constexpr int WARPS = BLOCK / 32;
    __shared__ T warp_values[WARPS];
    v = warp_reduce<Op>(v);
    if (WARPS == 1)
        return v;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0)
        warp_values[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < WARPS ? warp_values[lane] : identity;
        v = warp_reduce<Op>(v);
    }
    __syncthreads();
    return v;
}

/* ------------------------------------------------------------ grid layer */

/* Called by every thread after thread 0 stored the block's partial results.
 * True in the grid's last block to arrive, which then combines the
 * partials; the fence makes each block's partials visible before it counts
 * itself in. */
__device__ __forceinline__ bool arrive_last(unsigned *counter)
{
    __shared__ bool is_last;
    __syncthreads();
    if (threadIdx.x == 0) {
#ifdef PRAGREDUCE_OLD_FENCE
        __threadfence();
        const unsigned arrived = atomicAdd(counter, 1u);
#else
        /* release: this block's partials (stored by this thread) become
         * visible with the count; acquire: the last block sees them all */
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> count(*counter);
        const unsigned arrived = count.fetch_add(1u, cuda::memory_order_acq_rel);
#endif
        is_last = arrived == gridDim.x - 1;
    }
    __syncthreads();
    if (is_last)
        __threadfence();
    return is_last;
}

/* The last block combines the per-block partials (in index order, so the
 * result does not depend on which block came last). */
template <class T> __device__ __forceinline__ T load_coherent(const T *p)
{
    /* other blocks wrote these: read through L2, not a stale L1 line */
    if constexpr (sizeof(T) == 4) {
        unsigned bits = __ldcg((const unsigned *)p);
        T v;
        memcpy(&v, &bits, 4);
        return v;
    } else if constexpr (sizeof(T) == 8) {
        unsigned long long bits = __ldcg((const unsigned long long *)p);
        T v;
        memcpy(&v, &bits, 8);
        return v;
    } else if constexpr (sizeof(T) % 4 == 0) {
        unsigned words[sizeof(T) / 4];
#pragma unroll
        for (int i = 0; i < (int)(sizeof(T) / 4); i++)
            words[i] = __ldcg((const unsigned *)p + i);
        T v;
        memcpy(&v, words, sizeof(T));
        return v;
    } else {
        return *(const volatile T *)p;
    }
}

template <class Op, int BLOCK, class T>
__device__ __forceinline__ T combine_partials(const T *partials, unsigned count, T identity)
{
    T v = identity;
#pragma unroll 4
    for (unsigned b = threadIdx.x; b < count; b += BLOCK)
        v = Op::apply(v, load_coherent(&partials[b]));
    return block_reduce<Op, BLOCK>(v, identity);
}

/* V consecutive elements with one 16-, 8- or 4-byte load; p is aligned to
 * V * sizeof(T) (the wrapper places each copied array so that it is). */
template <class T, int V> __device__ __forceinline__ void load_vec(const T *p, T (&out)[V])
{
    constexpr int BYTES = (int)sizeof(T) * V;
    if constexpr (BYTES == 16) {
        const uint4 r = __ldg((const uint4 *)p);
        memcpy(out, &r, 16);
    } else if constexpr (BYTES == 8) {
        const uint2 r = __ldg((const uint2 *)p);
        memcpy(out, &r, 8);
    } else if constexpr (BYTES == 4) {
        const unsigned r = __ldg((const unsigned *)p);
        memcpy(out, &r, 4);
    } else {
#pragma unroll
        for (int e = 0; e < V; e++)
            out[e] = p[e];
    }
}

/* The induction variable's value at iteration k: lo +/- k * step in the
 * variable's own width (wrapping like C's unsigned arithmetic), in 32-bit
 * arithmetic when both fit. */
template <class T, bool DOWN, class Idx>
__host__ __device__ __forceinline__ T iv_at(T lo, Idx k, Idx step)
{
    typedef typename std::make_unsigned<T>::type U;
    typedef typename std::conditional<(sizeof(U) > sizeof(Idx)), U, Idx>::type W;
    const U off = (U)((W)k * (W)step);
    return DOWN ? (T)(U)((U)lo - off) : (T)(U)((U)lo + off);
}

/* ------------------------------------------------------------ host helpers */

[[noreturn]] inline void fail(const char *site, const char *what, cudaError_t err)
{
    fprintf(stderr, "%s: %s: %s\n", site, what, cudaGetErrorString(err));
    exit(1);
}

#define PRAGREDUCE_CHECK(site, what, call)                                                         \
    do {                                                                                           \
        cudaError_t pragreduce_err_ = (call);                                                      \
        if (pragreduce_err_ != cudaSuccess)                                                        \
            pragreduce::fail(site, what, pragreduce_err_);                                         \
    } while (0)

/* PRAGREDUCE_DEVICE: cpu (run marked loops on the CPU), gpu (a missing GPU
 * is an error), auto or unset (the GPU when there is one). */
enum { MODE_AUTO, MODE_CPU, MODE_GPU };

inline int device_mode()
{
    static int mode = -1;
    if (mode < 0) {
        const char *e = getenv("PRAGREDUCE_DEVICE");
        mode = MODE_AUTO;
        if (e && *e && strcmp(e, "auto") != 0) {
            if (strcmp(e, "cpu") == 0) {
                mode = MODE_CPU;
            } else if (strcmp(e, "gpu") == 0) {
                mode = MODE_GPU;
            } else {
                fprintf(stderr, "pragreduce: PRAGREDUCE_DEVICE must be cpu, gpu or auto, not '%s'\n",
                        e);
                exit(2);
            }
        }
    }
    return mode;
}

inline bool gpu_present(const char *site)
{
    static int available = -1;
    if (available < 0) {
        int count = 0;
        cudaError_t err = cudaGetDeviceCount(&count);
        available = err == cudaSuccess && count > 0;
        if (!available) {
            (void)cudaGetLastError();
            if (device_mode() == MODE_GPU) {
                fprintf(stderr, "%s: PRAGREDUCE_DEVICE=gpu but no CUDA device can be used: %s\n",
                        site, err == cudaSuccess ? "no device found" : cudaGetErrorString(err));
                exit(1);
            }
        }
    }
    return available != 0;
}

/* Whether this call of a marked loop runs on the GPU: never with
 * PRAGREDUCE_DEVICE=cpu, always with =gpu, and in auto mode when a GPU is
 * there and the trip count reaches the cost model's threshold (below it,
 * copying the arrays costs more than the CPU loop). */
inline bool use_gpu(const char *site, u64 trip, u64 cpu_below)
{
    switch (device_mode()) {
    case MODE_CPU:
        return false;
    case MODE_GPU:
        return gpu_present(site);
    default:
        return trip >= cpu_below ? gpu_present(site) : false;
    }
}

inline int sm_count(const char *site)
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

/* Blocks in the grid: enough to fill every multiprocessor with the blocks
 * it can hold, never more than there are tiles of work. */
inline unsigned grid_size(u64 trip, int tile, int blocks_per_sm, int waves, const char *site)
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

inline void *device_scratch(size_t bytes, const char *site)
{
    static Scratch scratch;
    if (bytes > scratch.size) {
        if (scratch.ptr)
            PRAGREDUCE_CHECK(site, "cudaFree", cudaFree(scratch.ptr));
        scratch.ptr = nullptr;
        scratch.size = 0;
        size_t grown = bytes + bytes / 4;
        PRAGREDUCE_CHECK(site, "cudaMalloc", cudaMalloc(&scratch.ptr, grown));
        scratch.size = grown;
    }
    return scratch.ptr;
}

inline size_t align_up(size_t n) { return (n + 255) & ~(size_t)255; }

/* Trip counts computed in 64 bits, with the comparison done in the type C
 * uses for `i < hi` (the usual arithmetic conversions). */
template <class T, class H> inline u64 trip_up(T lo, H hi, u64 step, bool inclusive)
{
    typedef decltype(lo + hi) C;
    const C l = (C)lo, h = (C)hi;
    if (inclusive ? !(l <= h) : !(l < h))
        return 0;
    const u64 diff = (u64)h - (u64)l;
    return inclusive ? diff / step + 1 : diff / step + (diff % step != 0);
}

template <class T, class H> inline u64 trip_down(T lo, H hi, u64 step, bool inclusive)
{
    typedef decltype(lo + hi) C;
    const C l = (C)lo, h = (C)hi;
    if (inclusive ? !(l >= h) : !(l > h))
        return 0;
    const u64 diff = (u64)l - (u64)h;
    return inclusive ? diff / step + 1 : diff / step + (diff % step != 0);
}

/* `i != hi` stepping by one: the distance in C's width, as unsigned. */
template <class T, class H> inline u64 trip_ne(T lo, H hi, bool down)
{
    typedef decltype(lo + hi) C;
    typedef typename std::make_unsigned<C>::type UC;
    const C l = (C)lo, h = (C)hi;
    return down ? (u64)(UC)((UC)l - (UC)h) : (u64)(UC)((UC)h - (UC)l);
}

/* A kernel that spins for about `ns` nanoseconds: queued before a timed
 * launch, it hides the host's launch overhead from the measurement. */
__global__ void busy_wait(unsigned ns)
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
    static int reps = -1;
    if (reps < 0) {
        const char *e = getenv("PRAGREDUCE_BENCH");
        reps = e ? atoi(e) : 0;
    }
    if (reps <= 0) {
        launch();
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

/* True when the induction variable would leave its type's range before the
 * loop ends: an unsigned variable stepping past 0 or past its maximum wraps
 * and the C loop goes on (a signed one overflows, which C leaves
 * undefined). Such loops run as written, on the CPU. */
/* Whether two host byte ranges share a byte (empty ranges share none). */
inline bool overlaps(const void *a, size_t na, const void *b, size_t nb)
{
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return na > 0 && nb > 0 && x < y + nb && y < x + na;
}

/* Trip count of collapsed loops; sets *overflow past 2^64 - 1. */
inline u64 trip_product(u64 a, u64 b, bool *overflow)
{
    u64 r;
    if (__builtin_mul_overflow(a, b, &r))
        *overflow = true;
    return r;
}

template <class T> inline bool iv_wraps(T lo, u64 trip, u64 step, bool down)
{
    const __int128 next = down ? (__int128)lo - (__int128)trip * (__int128)step
                               : (__int128)lo + (__int128)trip * (__int128)step;
    return next < (__int128)std::numeric_limits<T>::lowest() ||
           next > (__int128)std::numeric_limits<T>::max();
}

} /* namespace pragreduce */

/* C spellings that C++ lacks. */
#ifndef restrict
#define restrict __restrict__
#endif
#ifndef _Bool
#define _Bool bool
#endif

#endif /* PRAGREDUCE_RT_CUH */
