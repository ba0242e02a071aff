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
 *   transfers     host arrays to the GPU at the link's speed: pageable data
 *                 through pinned staging buffers filled by several host
 *                 threads, each chunk's DMA overlapped with the next copies;
 *                 pinned allocation for --pin-host
 *   residency     device copies kept between loops (region, data_region)
 *   fake device   -DPRAGREDUCE_FAKE_DEVICE: the device is host memory and
 *                 each launch runs the loop as written over the device
 *                 copies, so CI without a GPU sees stale copies
 * Floating-point results may differ from the sequential loop in the last
 * bits (another summation order); they are the same on every run on the same
 * GPU and configuration, since no floating-point atomics are used.
 */
#ifndef PRAGREDUCE_RT_CUH
#define PRAGREDUCE_RT_CUH

#include <cuda_runtime.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atomic>
#include <chrono>
#include <limits>
#include <mutex>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include <malloc.h>
#include <pthread.h>
#include <unistd.h>

/* ------------------------------------------------------------ fake device
 *
 * -DPRAGREDUCE_FAKE_DEVICE (given to nvcc) builds a program whose "GPU" is
 * host memory, so that CI machines without one check everything a GPU run
 * does on the host side: device memory comes from malloc (each new block
 * filled with 0xCD, so a loop that reads bytes nobody copied gets garbage),
 * copies are memcpy, and the residency table, data regions, chained calls,
 * invalidations and the copy-back of fused outputs run as on the GPU. In
 * place of each kernel launch the wrapper runs the marked loop as written
 * over the device copies (the pointers the kernel would get), so a stale
 * or missing copy gives a wrong answer. Run it with PRAGREDUCE_DEVICE=gpu
 * (every loop takes the GPU path). Not covered: the kernels themselves
 * (the normal build and the GPU bundle check them) and the chunked path
 * (a loop whose arrays do not fit runs as written on the host arrays). */
#ifdef PRAGREDUCE_FAKE_DEVICE
namespace pragreduce {
namespace fake {
constexpr size_t total_bytes = (size_t)16 << 30;
inline std::atomic<size_t> &used_bytes()
{
    static std::atomic<size_t> used{0};
    return used;
}
inline cudaError_t malloc_block(void **p, size_t n)
{
    if (n > total_bytes - used_bytes().load()) {
        *p = nullptr;
        return cudaErrorMemoryAllocation;
    }
    /* the size before the block, for free */
    char *b = (char *)::malloc(n + 16);
    if (!b)
        return cudaErrorMemoryAllocation;
    memcpy(b, &n, sizeof n);
    memset(b + 16, 0xCD, n);
    used_bytes() += n;
    *p = b + 16;
    return cudaSuccess;
}
inline cudaError_t free_block(void *p)
{
    if (p) {
        char *b = (char *)p - 16;
        size_t n;
        memcpy(&n, b, sizeof n);
        used_bytes() -= n;
        ::free(b);
    }
    return cudaSuccess;
}
inline cudaError_t mem_info(size_t *free_b, size_t *total)
{
    *total = total_bytes;
    *free_b = total_bytes - used_bytes().load();
    return cudaSuccess;
}
} /* namespace fake */
} /* namespace pragreduce */
#define cudaMalloc(p, n) pragreduce::fake::malloc_block((void **)(p), (n))
#define cudaFree(p) pragreduce::fake::free_block((void *)(p))
#define cudaHostAlloc(p, n, f) (*(p) = ::malloc(n), *(p) ? cudaSuccess : cudaErrorMemoryAllocation)
#define cudaFreeHost(p) (::free(p), cudaSuccess)
#define cudaMemcpy(d, s, n, k) (memcpy((d), (s), (n)), cudaSuccess)
#define cudaMemcpyAsync(d, s, n, k, st) (memcpy((d), (s), (n)), cudaSuccess)
#define cudaMemGetInfo(f, t) pragreduce::fake::mem_info((f), (t))
#define cudaGetDeviceCount(c) (*(c) = 1, cudaSuccess)
#define cudaGetDevice(d) (*(d) = 0, cudaSuccess)
#define cudaSetDevice(d) cudaSuccess
#define cudaDeviceGetAttribute(v, a, d) (*(v) = 132, cudaSuccess)
#define cudaPointerGetAttributes(a, p) cudaErrorInvalidValue
#define cudaGetLastError() cudaSuccess
#define cudaDeviceSynchronize() cudaSuccess
#define cudaStreamCreateWithFlags(s, f) (*(s) = nullptr, cudaSuccess)
#define cudaStreamSynchronize(s) cudaSuccess
#define cudaEventCreate(e) (*(e) = nullptr, cudaSuccess)
#define cudaEventCreateWithFlags(e, f) (*(e) = nullptr, cudaSuccess)
#define cudaEventDestroy(e) cudaSuccess
#define cudaEventRecord(...) cudaSuccess
#define cudaEventSynchronize(e) cudaSuccess
#define cudaEventElapsedTime(ms, a, b) (*(ms) = 0.0f, cudaSuccess)
#define cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, ...) (*(n) = 2, cudaSuccess)
#endif

/* Loads in flight per thread in a marked loop shared by a segment's
 * threads (segmented loops); -D at nvcc time for experiments. */
#ifndef PRAGREDUCE_SEG_UNROLL
#define PRAGREDUCE_SEG_UNROLL 8
#endif

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

/* Integer sums and products of partial results in unsigned arithmetic,
 * converted back to T as C converts (wrapping): a signed overflow the
 * sequential loop never did must not become undefined behaviour here. */
template <class T> struct wide_unsigned {
    typedef typename std::make_unsigned<decltype(T() + T())>::type type;
};
struct op_add {
    template <class T> __host__ __device__ static T apply(T a, T b)
    {
        if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value) {
            typedef typename wide_unsigned<T>::type U;
            return (T)(U)((U)a + (U)b);
        } else {
            return (T)(a + b);
        }
    }
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
    template <class T> __host__ __device__ static T apply(T a, T b)
    {
        if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value) {
            typedef typename wide_unsigned<T>::type U;
            return (T)(U)((U)a * (U)b);
        } else {
            return (T)(a * b);
        }
    }
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
/* fmax/fmin as the loop calls them (F: double, or float for fmaxf/fminf,
 * whose arguments C converts to float): a NaN operand is ignored, so NaN is
 * the identity; for floating-point variables. */
template <class F> struct op_fmax {
    template <class T> __host__ __device__ static T apply(T a, T b)
    {
        if constexpr (sizeof(F) == sizeof(float))
            return (T)fmaxf((float)a, (float)b);
        else
            return (T)fmax((double)a, (double)b);
    }
    template <class T> static T identity() { return std::numeric_limits<T>::quiet_NaN(); }
};
template <class F> struct op_fmin {
    template <class T> __host__ __device__ static T apply(T a, T b)
    {
        if constexpr (sizeof(F) == sizeof(float))
            return (T)fminf((float)a, (float)b);
        else
            return (T)fmin((double)a, (double)b);
    }
    template <class T> static T identity() { return std::numeric_limits<T>::quiet_NaN(); }
};
/* `m = m > x ? m : x` takes a NaN x, after which the next x replaces it:
 * no parallel order reproduces that, so a NaN any thread took is carried
 * to the result (a NaN in either operand wins) and the host then runs the
 * loop as written. */
struct op_max_nan {
    template <class T> __host__ __device__ static T apply(T a, T b)
    {
        return a != a ? a : b != b ? b : b > a ? b : a;
    }
    template <class T> static T identity() { return lowest<T>(); }
};
struct op_min_nan {
    template <class T> __host__ __device__ static T apply(T a, T b)
    {
        return a != a ? a : b != b ? b : b < a ? b : a;
    }
    template <class T> static T identity() { return highest<T>(); }
};
/* The value before the loop folded into the loop's result r the way those
 * updates do: kept only when the test holds for it, so a NaN is replaced. */
template <bool MAX, class T> inline T fold_take(T before, T r)
{
    return (MAX ? before > r : before < r) ? before : r;
}
/* A floating-point min/max result that is a zero (the loop keeps the sign
 * of the first or last zero it met, an order no parallel combine follows)
 * or a NaN: the host runs the loop as written instead (README, "NaN and
 * signed zeros"). */
template <class T> inline bool order_sensitive(T v)
{
    if constexpr (std::is_floating_point<T>::value)
        return v == 0 || v != v;
    else
        return false;
}
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
/* && and ||: in C a variable no update reaches keeps its value (5 stays 5),
 * and an update gives 0 or 1. A variable that is true before the loop is
 * reduced from 2 instead of the identity (true, like it, and never what an
 * update gives), and apply treats 2 as neutral: a 2 at the end means that
 * no update ran, and folding it into the value before leaves that value.
 * A _Bool is 0 or 1 before the loop too: the identity does. */
struct op_land {
    template <class T> __host__ __device__ static T apply(T a, T b)
    {
        if constexpr (std::is_same<T, bool>::value)
            return a && b;
        else
            return a == (T)2 ? b : b == (T)2 ? a : (T)(a && b);
    }
    template <class T> static T identity() { return (T)1; }
};
struct op_lor {
    template <class T> __host__ __device__ static T apply(T a, T b)
    {
        if constexpr (std::is_same<T, bool>::value)
            return a || b;
        else
            return a == (T)2 ? b : b == (T)2 ? a : (T)(a || b);
    }
    template <class T> static T identity() { return (T)0; }
};
/* The value each thread reduces from, given the variable's value before the
 * loop: the identity, but 2 for && and || from a true value (above). */
template <class Op, class T> __host__ __device__ inline T start_from(T before, T identity)
{
    if constexpr ((std::is_same<Op, op_land>::value || std::is_same<Op, op_lor>::value) &&
                  !std::is_same<T, bool>::value)
        return before ? (T)2 : identity;
    else
        return (void)before, identity;
}

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

/* ------------------------------------------------------------ group layer */

/* A barrier of a segment's group, which also orders its memory accesses:
 * around the one thread's write of the segment's element. */
template <int G> __device__ __forceinline__ void group_sync()
{
    if constexpr (G == 32)
        __syncwarp();
    else if constexpr (G > 32)
        __syncthreads();
}

/* Segmented loops: G threads (1, a warp or the whole BLOCK) share a marked
 * loop and must all continue with its result, bit for bit the same in each
 * (their control flow depends on it). The warp butterfly gives every lane
 * the same bits (each step combines the same two values, commutatively);
 * across warps every thread combines the warps' values in the same order.
 * Ends with a barrier, so the shared array can be reused. */
template <class Op, int G, int BLOCK, class T> __device__ __forceinline__ T group_allreduce(T v)
{
    if constexpr (G == 1) {
        return v;
    } else if constexpr (G == 32) {
        return warp_reduce<Op>(v);
    } else {
        static_assert(G == BLOCK && BLOCK % 32 == 0 && BLOCK <= 1024, "a group is a thread, a warp or the block");
        constexpr int WARPS = BLOCK / 32;
        __shared__ T warp_values[WARPS];
        v = warp_reduce<Op>(v);
        if ((threadIdx.x & 31) == 0)
            warp_values[threadIdx.x >> 5] = v;
        __syncthreads();
        T r = warp_values[0];
#pragma unroll
        for (int w = 1; w < WARPS; w++)
            r = Op::apply(r, warp_values[w]);
        __syncthreads();
        return r;
    }
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
#if defined(PRAGREDUCE_OLD_FENCE) || (defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700)
        /* before sm_70 there is no acq_rel atomic */
        __threadfence();
        const unsigned arrived = atomicAdd(counter, 1u);
#else
        /* release: this block's partials (stored by this thread) become
         * visible with the count; acquire: the last block sees them all.
         * The instruction cuda::atomic_ref's acq_rel fetch_add compiles to,
         * written out: <cuda/atomic> costs every file 2.7 s of nvcc. */
        unsigned arrived;
        asm volatile("atom.add.acq_rel.gpu.u32 %0, [%1], 1;" : "=r"(arrived) : "l"(counter) : "memory");
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

/* Every PRAGREDUCE_* variable the runtime reads, parsed once (a function-
 * local static: thread-safe) and range-checked; README lists the bounds. A
 * bad value is an error at its first use (the first marked loop, or the
 * first pinned allocation), never a silent wrap. */
struct Settings {
    int device = MODE_AUTO;
    int copy_threads = 0;       /* 0: one per online core, at most 8 */
    size_t copy_chunk_kb = 4096;
    size_t stage_min_kb = 4096;
    size_t device_mem_kb = 0;   /* 0: the GPU's free memory */
    int segment_group = 0;      /* 0: by the inner trip count */
    size_t pin_min_kb = 1024;
    bool resident = true, warmup = true, profile = false;
    int bench = 0;              /* PRAGREDUCE_BENCH: timed runs per launch */
    char error[160] = "";       /* the first bad value, reported by settings() */
};

/* `name`'s decimal value in [lo, hi] into *out, or `fallback` when unset
 * or empty; anything else notes an error naming the variable. */
template <class T>
inline void setting_integer(Settings &s, const char *name, long long lo, long long hi, T *out)
{
    const char *e = getenv(name);
    if (!e || !*e)
        return;
    char *end = nullptr;
    errno = 0;
    const long long v = strtoll(e, &end, 10);
    if (errno == 0 && end != e && *end == '\0' && v >= lo && v <= hi) {
        *out = (T)v;
        return;
    }
    if (!s.error[0])
        snprintf(s.error, sizeof s.error, "%s=%s: expected an integer from %lld to %lld", name, e, lo, hi);
}

inline void setting_flag(Settings &s, const char *name, bool *out)
{
    int v = *out ? 1 : 0;
    setting_integer(s, name, 0, 1, &v);
    *out = v != 0;
}

inline Settings parse_settings()
{
    Settings s;
    const long long kb_max = 1LL << 40; /* a PiB: bytes still fit in 64 bits */
    const char *d = getenv("PRAGREDUCE_DEVICE");
    if (d && *d && strcmp(d, "auto") != 0) {
        if (strcmp(d, "cpu") == 0)
            s.device = MODE_CPU;
        else if (strcmp(d, "gpu") == 0)
            s.device = MODE_GPU;
        else
            snprintf(s.error, sizeof s.error, "PRAGREDUCE_DEVICE=%s: expected cpu, gpu or auto", d);
    }
    setting_integer(s, "PRAGREDUCE_COPY_THREADS", 1, 64, &s.copy_threads);
    setting_integer(s, "PRAGREDUCE_COPY_CHUNK_KB", 4, 262144, &s.copy_chunk_kb);
    setting_integer(s, "PRAGREDUCE_STAGE_MIN_KB", 0, kb_max, &s.stage_min_kb);
    setting_integer(s, "PRAGREDUCE_DEVICE_MEM_KB", 1, kb_max, &s.device_mem_kb);
    setting_integer(s, "PRAGREDUCE_PIN_MIN_KB", 0, kb_max, &s.pin_min_kb);
    setting_integer(s, "PRAGREDUCE_BENCH", 0, 1000000, &s.bench);
    setting_flag(s, "PRAGREDUCE_RESIDENT", &s.resident);
    setting_flag(s, "PRAGREDUCE_WARMUP", &s.warmup);
    setting_flag(s, "PRAGREDUCE_PROFILE", &s.profile);
    const char *g = getenv("PRAGREDUCE_SEGMENT_GROUP");
    if (g && *g) {
        if (strcmp(g, "1") == 0 || strcmp(g, "32") == 0 || strcmp(g, "256") == 0)
            s.segment_group = atoi(g);
        else if (!s.error[0])
            snprintf(s.error, sizeof s.error, "PRAGREDUCE_SEGMENT_GROUP=%s: expected 1, 32 or 256", g);
    }
    return s;
}

inline const Settings &settings()
{
    static const Settings s = parse_settings();
    static std::atomic<bool> reported{false};
    if (s.error[0]) {
        if (!reported.exchange(true)) {
            fprintf(stderr, "pragreduce: %s\n", s.error);
            exit(2);
        }
        /* another thread is ending the program: go no further */
        for (;;)
            std::this_thread::sleep_for(std::chrono::hours(1));
    }
    return s;
}

inline int device_mode() { return settings().device; }

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

/* Creating the CUDA context takes a quarter of a second or more. A thread
 * started before main creates it while the program prepares its data, so
 * the first marked loop finds it ready. Not with PRAGREDUCE_DEVICE=cpu or
 * PRAGREDUCE_WARMUP=0, nor in files that fork (a context made before a
 * fork is unusable in the child): the transpiler then defines
 * PRAGREDUCE_NO_WARMUP. Joined at exit: a program that ends sooner waits
 * for it. */
struct warm_up {
    std::thread thread;
    warm_up()
    {
        /* before main: a bad value is reported at the first marked loop, and
         * means no warm-up here */
        const char *w = getenv("PRAGREDUCE_WARMUP");
        const char *d = getenv("PRAGREDUCE_DEVICE");
        if ((w && *w && strcmp(w, "1") != 0) || (d && *d && strcmp(d, "gpu") != 0 && strcmp(d, "auto") != 0))
            return;
        thread = std::thread([] {
            int count = 0;
            if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0)
                (void)cudaFree(0);
            (void)cudaGetLastError(); /* this thread's error state only */
        });
    }
    ~warm_up()
    {
        if (thread.joinable())
            thread.join();
    }
};
#ifndef PRAGREDUCE_NO_WARMUP
/* inline: one for the program, however many of its files were transpiled */
inline warm_up warm_up_at_start;
#endif

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
    u64 cpu_below = 0;
    double kernel_ms = 0;
    u64 h2d_bytes = 0, h2d_copies = 0, d2h_bytes = 0, d2h_copies = 0;
    u64 avoided_copies = 0, avoided_bytes = 0;
};

inline bool profiling() { return settings().profile; }

struct Profile {
    std::mutex lock;
    std::vector<SiteProfile> sites; /* in order of first use */
};

inline Profile &profile_table()
{
    static Profile *table = new Profile; /* outlives static destructors */
    return *table;
}

/* "; cpu 3: 2 below 262144 iterations (the GPU threshold), 1 other" */
inline void profile_print_cpu_reasons(const SiteProfile &s)
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
    reason(s.cpu_no_gpu, "no usable GPU");
    if (s.cpu_small) {
        char why[96];
        if (s.cpu_below == ~0ULL)
            snprintf(why, sizeof why, "with arrays on the host (copies cost more than the loop)");
        else
            snprintf(why, sizeof why, "below %llu iterations (the GPU threshold)",
                     (unsigned long long)s.cpu_below);
        reason(s.cpu_small, why);
    }
    reason(s.cpu_few_segments, "too few segments to fill the GPU");
    reason(s.cpu_inside, "inside an outer loop's launch");
    /* what is left: the induction variable would wrap, too many iterations
     * for the plan, a min/max pair the kernel cannot take as written */
    if (cpu > known)
        reason(cpu - known, "other (the loop's own checks: wrapping induction variable, plan limits)");
}

inline void profile_print()
{
    Profile &p = profile_table();
    std::lock_guard<std::mutex> hold(p.lock);
    for (const SiteProfile &s : p.sites) {
        fprintf(stderr,
                "pragreduce-profile: %s: calls %llu, gpu %llu, kernel %.3f ms, h2d %llu bytes in %llu "
                "copies, d2h %llu bytes in %llu copies, avoided %llu copies (%llu bytes)",
                s.site, s.calls, s.gpu_calls, s.kernel_ms, s.h2d_bytes, s.h2d_copies, s.d2h_bytes,
                s.d2h_copies, s.avoided_copies, s.avoided_bytes);
        profile_print_cpu_reasons(s);
        fputc('\n', stderr);
    }
}

/* Runs f on the site's counters when profiling. */
template <class F> inline void profile_add(const char *site, F f)
{
    if (!profiling() || !site)
        return;
    Profile &p = profile_table();
    std::lock_guard<std::mutex> hold(p.lock);
    if (p.sites.empty())
        atexit(profile_print);
    for (SiteProfile &s : p.sites)
        if (s.site == site || strcmp(s.site, site) == 0) {
            f(s);
            return;
        }
    p.sites.push_back(SiteProfile());
    p.sites.back().site = site;
    f(p.sites.back());
}

/* A call of a marked loop that got past every reason to stay on the CPU. */
inline void profile_gpu_call(const char *site)
{
    profile_add(site, [](SiteProfile &s) { s.gpu_calls++; });
}

/* Counts the wrappers' calls, for the residency table's eviction too: entries used by the call
 * under way are not evicted. */
inline u64 &call_epoch()
{
    static thread_local u64 epoch = 1;
    return epoch;
}

/* PRAGREDUCE_FAKE_DEVICE (the fake device section above): the wrappers run
 * the loop as written over the device copies where they would launch. */
#ifdef PRAGREDUCE_FAKE_DEVICE
constexpr bool fake_device = true;
#else
constexpr bool fake_device = false;
#endif

/* While a fake launch runs: its writes go to device copies, not to the
 * host (no invalidation), and the marked loops it calls (a segmented
 * nest's) run as written, on the same copies, as inside a kernel. */
inline bool &fake_launch_running()
{
    static thread_local bool running = false;
    return running;
}

struct fake_launch {
    fake_launch() { fake_launch_running() = true; }
    ~fake_launch() { fake_launch_running() = false; }
    fake_launch(const fake_launch &) = delete;
    fake_launch &operator=(const fake_launch &) = delete;
};

/* Whether this call of a marked loop runs on the GPU: never with
 * PRAGREDUCE_DEVICE=cpu, always with =gpu, and in auto mode when a GPU is
 * there and the trip count reaches the cost model's threshold (below it,
 * copying the arrays costs more than the CPU loop). */
inline bool use_gpu(const char *site, u64 trip, u64 cpu_below)
{
    profile_add(site, [](SiteProfile &s) { s.calls++; });
    if (fake_device && fake_launch_running()) {
        profile_add(site, [](SiteProfile &s) { s.cpu_inside++; });
        return false;
    }
    call_epoch()++;
    const int mode = device_mode();
    if (mode == MODE_CPU) {
        profile_add(site, [](SiteProfile &s) { s.cpu_forced++; });
        return false;
    }
    if (mode != MODE_GPU && trip < cpu_below) {
        profile_add(site, [cpu_below](SiteProfile &s) {
            s.cpu_small++;
            s.cpu_below = cpu_below;
        });
        return false;
    }
    if (!gpu_present(site)) {
        profile_add(site, [](SiteProfile &s) { s.cpu_no_gpu++; });
        return false;
    }
    return true;
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


/* Threads per segment: 1 up to `thread_max` iterations, a warp up to
 * `warp_max`, else the block; PRAGREDUCE_SEGMENT_GROUP=1, 32 or the block
 * size overrides it (experiments; cooperative loops only). */
inline int segment_group(u64 inner, u64 thread_max, u64 warp_max, int block)
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
inline bool segments_on_gpu(const char *site, u64 segments, u64 inner, u64 cpu_below, bool nested)
{
    const u64 total = inner != 0 && segments > ~0ULL / inner ? ~0ULL : segments * inner;
    if (!use_gpu(site, total, cpu_below))
        return false;
    /* an independent loop inside takes over when this one cannot fill the GPU */
    const bool few = (nested && segments < 2 * (u64)sm_count(site)) ||
                     (segments < (u64)sm_count(site) && inner >= 65536);
    if (few)
        profile_add(site, [](SiteProfile &s) { s.cpu_few_segments++; });
    return !few;
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

/* Marked loops called from several host threads at once take turns on the
 * GPU: they share the scratch buffer and the staging buffers. */
inline std::recursive_mutex &gpu_lock()
{
    static std::recursive_mutex lock; /* a CPU fallback may call another marked loop */
    return lock;
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

inline Scratch &scratch()
{
    static Scratch held;
    return held;
}

/* Device buffers of ended regions, reused by later ones (cudaMalloc and
 * cudaFree cost tens of microseconds and cudaFree synchronizes). */
struct DevicePool {
    std::vector<std::pair<char *, size_t>> free_blocks;
    size_t bytes = 0;
};

inline DevicePool &device_pool()
{
    static DevicePool *pool = new DevicePool; /* outlives static destructors */
    return *pool;
}

inline void pool_release()
{
    DevicePool &p = device_pool();
    for (auto &b : p.free_blocks)
        (void)cudaFree(b.first);
    p.free_blocks.clear();
    p.bytes = 0;
}

/* Keeps at most 1/4 of the GPU's memory in the pool. */
inline void pool_put(char *dev, size_t bytes)
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

inline char *pool_get(size_t bytes, size_t *got)
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

inline bool make_room(size_t bytes);

inline void *device_scratch(size_t bytes, const char *site)
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

inline size_t align_up(size_t n) { return (n + 255) & ~(size_t)255; }

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

/* ------------------------------------------------------------ transfers */

/* A plain cudaMemcpy from pageable memory runs at a fraction of the link's
 * speed (the driver stages it through one small pinned buffer, one chunk at
 * a time). Large copies go instead through pinned staging buffers that
 * several host threads fill in parallel, each thread's DMA of one chunk
 * overlapping its copy of the next (measured in bench/NOTES.md). Memory that
 * is already pinned is copied directly. */

/* Host threads that stage a copy: PRAGREDUCE_COPY_THREADS, else one per
 * online core, at most 8 (on the 16-core H100 host, 1 GiB went at 7, 15,
 * 31, 48, 48 and 44 GB/s with 1, 2, 4, 8, 12 and 16 threads: host memory
 * bandwidth, not cores, is the limit past 8). */
inline int copy_threads()
{
    static const int threads = [] {
        if (settings().copy_threads > 0)
            return settings().copy_threads; /* 1 to 64 */
        const long cores = sysconf(_SC_NPROCESSORS_ONLN);
        return cores < 1 ? 1 : cores < 8 ? (int)cores : 8;
    }();
    return threads;
}

/* Bytes per staged chunk (PRAGREDUCE_COPY_CHUNK_KB, default 4 MiB: 2, 4, 8,
 * 16 and 32 MiB measured 37, 48, 42, 38 and 35 GB/s) and the
 * size below which a plain cudaMemcpy is used (PRAGREDUCE_STAGE_MIN_KB,
 * default 4 MiB: below it, starting threads costs more than it saves). */
inline size_t copy_chunk() { return settings().copy_chunk_kb * 1024; }
inline size_t stage_min() { return settings().stage_min_kb * 1024; }

/* One staging thread's pinned double buffer, stream and events; kept for
 * the program's life, reused by every transfer. */
struct Stager {
    unsigned char *buf[2] = {nullptr, nullptr};
    size_t size = 0;
    cudaStream_t stream = nullptr;
    cudaEvent_t done[2] = {nullptr, nullptr};
    int device = -1;
};

inline std::vector<Stager> &stagers()
{
    static std::vector<Stager> all(64);
    return all;
}

/* Allocates (or grows) a stager on the current device; false if the host
 * cannot pin that much memory. */
inline cudaError_t stager_ready(Stager &s, size_t chunk, int device)
{
    cudaError_t err = cudaSuccess;
    if (s.device != device) {
        if (s.stream)
            return cudaErrorInvalidDevice; /* one device per program for now */
        if ((err = cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking)) != cudaSuccess)
            return err;
        for (int b = 0; b < 2; b++)
            if ((err = cudaEventCreateWithFlags(&s.done[b], cudaEventDisableTiming)) != cudaSuccess)
                return err;
        s.device = device;
    }
    if (s.size < chunk) {
        for (int b = 0; b < 2; b++) {
            if (s.buf[b])
                (void)cudaFreeHost(s.buf[b]);
            s.buf[b] = nullptr;
        }
        s.size = 0;
        for (int b = 0; b < 2; b++)
            if ((err = cudaHostAlloc((void **)&s.buf[b], chunk, cudaHostAllocDefault)) != cudaSuccess)
                return err;
        s.size = chunk;
    }
    return cudaSuccess;
}

/* Pinned (page-locked or cudaHostAlloc'd) host memory: the DMA engine reads
 * it directly, at the link's full speed. */
inline bool host_is_pinned(const void *p)
{
    cudaPointerAttributes attr;
    if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
        (void)cudaGetLastError();
        return false;
    }
    return attr.type == cudaMemoryTypeHost;
}

/* Runs work(w) for w in [0, threads) on as many host threads (the caller
 * being thread 0), each bound to the caller's device; returns the first
 * CUDA error any of them met. */
template <class F> inline cudaError_t on_threads(int threads, F work)
{
    int device = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err != cudaSuccess)
        return err;
    std::vector<cudaError_t> errs((size_t)threads, cudaSuccess);
    std::vector<std::thread> pool;
    pool.reserve((size_t)threads);
    for (int w = 1; w < threads; w++)
        pool.emplace_back([&, w]() {
            errs[(size_t)w] = cudaSetDevice(device);
            if (errs[(size_t)w] == cudaSuccess)
                errs[(size_t)w] = work(w, device);
        });
    errs[0] = work(0, device);
    for (std::thread &t : pool)
        t.join();
    for (cudaError_t e : errs)
        if (e != cudaSuccess)
            return e;
    return cudaSuccess;
}

#define PRAGREDUCE_TRY(call)                                                                       \
    do {                                                                                           \
        cudaError_t pragreduce_e_ = (call);                                                        \
        if (pragreduce_e_ != cudaSuccess)                                                          \
            return pragreduce_e_;                                                                  \
    } while (0)

/* Host threads to stage a copy of `bytes` (`chunks` chunks) through, or 0
 * for one plain cudaMemcpy: small copies, and pinned host memory. */
inline int staging_threads(size_t bytes, size_t chunks, const void *host)
{
    int threads = copy_threads();
    if ((u64)threads > chunks)
        threads = (int)chunks;
    return bytes < stage_min() || threads < 2 || host_is_pinned(host) ? 0 : threads;
}

/* Host to device, `bytes` from `src` to `dst`. */
inline void to_device(void *dst, const void *src, size_t bytes, const char *site)
{
    if (bytes == 0)
        return;
    profile_add(site, [&](SiteProfile &s) {
        s.h2d_bytes += bytes;
        s.h2d_copies++;
    });
    const size_t chunk = copy_chunk();
    const size_t chunks = (bytes + chunk - 1) / chunk;
    const int threads = staging_threads(bytes, chunks, src);
    if (threads == 0) {
        PRAGREDUCE_CHECK(site, "cudaMemcpy", cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
        return;
    }
    /* thread w copies chunks w, w + threads, ...: while the DMA of one chunk
     * runs from one half of its buffer, it fills the other half */
    const cudaError_t err = on_threads(threads, [&](int w, int device) -> cudaError_t {
        Stager &s = stagers()[(size_t)w];
        PRAGREDUCE_TRY(stager_ready(s, chunk, device));
        size_t j = 0;
        for (size_t c = (size_t)w; c < chunks; c += (size_t)threads, j++) {
            const int b = (int)(j & 1);
            if (j >= 2)
                PRAGREDUCE_TRY(cudaEventSynchronize(s.done[b]));
            const size_t off = c * chunk, len = bytes - off < chunk ? bytes - off : chunk;
            memcpy(s.buf[b], (const unsigned char *)src + off, len);
            PRAGREDUCE_TRY(cudaMemcpyAsync((unsigned char *)dst + off, s.buf[b], len,
                                           cudaMemcpyHostToDevice, s.stream));
            PRAGREDUCE_TRY(cudaEventRecord(s.done[b], s.stream));
        }
        return cudaStreamSynchronize(s.stream);
    });
    if (err != cudaSuccess)
        fail(site, "staged copy to the GPU", err);
}

/* Device to host (the elements a loop wrote): each thread's DMA of its next
 * chunk overlaps its copy of the last one out of the pinned buffer. */
inline void to_host(void *dst, const void *src, size_t bytes, const char *site)
{
    if (bytes == 0)
        return;
    profile_add(site, [&](SiteProfile &s) {
        s.d2h_bytes += bytes;
        s.d2h_copies++;
    });
    const size_t chunk = copy_chunk();
    const size_t chunks = (bytes + chunk - 1) / chunk;
    const int threads = staging_threads(bytes, chunks, dst);
    if (threads == 0) {
        PRAGREDUCE_CHECK(site, "cudaMemcpy", cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
        return;
    }
    const cudaError_t err = on_threads(threads, [&](int w, int device) -> cudaError_t {
        Stager &s = stagers()[(size_t)w];
        PRAGREDUCE_TRY(stager_ready(s, chunk, device));
        size_t j = 0, prev_off = 0, prev_len = 0;
        for (size_t c = (size_t)w;; c += (size_t)threads, j++) {
            const int b = (int)(j & 1);
            const bool more = c < chunks;
            if (more) {
                const size_t off = c * chunk, len = bytes - off < chunk ? bytes - off : chunk;
                PRAGREDUCE_TRY(cudaMemcpyAsync(s.buf[b], (const unsigned char *)src + off, len,
                                               cudaMemcpyDeviceToHost, s.stream));
                PRAGREDUCE_TRY(cudaEventRecord(s.done[b], s.stream));
            }
            if (j > 0) { /* the previous chunk, while this one's DMA runs */
                PRAGREDUCE_TRY(cudaEventSynchronize(s.done[b ^ 1]));
                memcpy((unsigned char *)dst + prev_off, s.buf[b ^ 1], prev_len);
            }
            if (!more)
                break;
            prev_off = c * chunk;
            prev_len = bytes - prev_off < chunk ? bytes - prev_off : chunk;
        }
        return cudaSuccess;
    });
    if (err != cudaSuccess)
        fail(site, "staged copy from the GPU", err);
}

/* ------------------------------------------------------------ chunks */

/* Device memory one call may use for its arrays: PRAGREDUCE_DEVICE_MEM_KB
 * when set (tests use it to force chunking), else what is free plus the
 * scratch buffer already held, less a margin for the runtime. */
inline size_t device_budget(const char *site)
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
inline void too_big_for_gpu(const char *site)
{
    if (device_mode() == MODE_GPU) {
        fprintf(stderr, "%s: the arrays of one iteration do not fit in the GPU's memory\n", site);
        exit(1);
    }
}

/* Two events marking when the kernel that reads each half of a chunked
 * call's array space is done with it. */
inline cudaEvent_t chunk_fence(int half, const char *site)
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
struct PinnedBlocks {
    std::mutex lock;
    std::unordered_map<void *, size_t> sizes;
};

inline PinnedBlocks &pinned_blocks()
{
    static PinnedBlocks *blocks = new PinnedBlocks; /* outlives static destructors */
    return *blocks;
}

inline bool pin_wanted(size_t bytes)
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

inline void *host_malloc(size_t bytes)
{
    if (pin_wanted(bytes)) {
        void *p = nullptr;
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

inline void *host_calloc(size_t count, size_t size)
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
inline size_t pinned_size(void *p)
{
    if (!p)
        return 0;
    PinnedBlocks &pb = pinned_blocks();
    std::lock_guard<std::mutex> hold(pb.lock);
    auto it = pb.sizes.find(p);
    return it == pb.sizes.end() ? 0 : it->second;
}

inline void host_free(void *p)
{
    if (pinned_size(p)) {
        {
            PinnedBlocks &pb = pinned_blocks();
            std::lock_guard<std::mutex> hold(pb.lock);
            pb.sizes.erase(p);
        }
        (void)cudaFreeHost(p);
        return;
    }
    free(p);
}

inline void *host_realloc(void *p, size_t bytes)
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

/* ------------------------------------------------------------ residency */

/* Device copies of host arrays kept between marked loops, so that a loop
 * over arrays the host has not written since the last one copies nothing.
 *
 * Each function with marked loops (and each caller of one in the file)
 * declares a `region` at the start of its body; it pushes itself on this
 * thread's region stack and frees the copies it owns when the call returns
 * (or, when the call was chained, leaves them to the caller's region). The wrappers ask resident_in() for each
 * array's device copy: a copy that covers the bytes is reused (only what
 * the host wrote since is copied again), else one is made and recorded in
 * the innermost region. The transpiler puts host_wrote() (a byte range)
 * or host_wrote_all() (unknown writes) before every host statement of such
 * a function that may write memory, and free(freeing(p)) for free and
 * realloc; they mark the overlapping copies stale (or drop them), in every
 * region of the thread. A stale copy is refreshed, within the bytes a loop
 * asks for, when a loop next reads them.
 * A `data_region` (#pragma reduce data) makes its copies sticky: they
 * survive host_wrote_all(), are visible from the functions it calls, and
 * update_in() refreshes them. PRAGREDUCE_RESIDENT=0 keeps nothing.
 * Built with -DPRAGREDUCE_FAKE_DEVICE (section "fake device" at the top),
 * all of this runs on a machine without a GPU, against host memory that
 * stands for the device's: a copy that should have been refreshed gives a
 * wrong answer there (make e2e-fake). */

struct Resident {
    uintptr_t lo, hi;        /* host bytes [lo, hi) */
    char *dev;               /* their device copy */
    uintptr_t dirty_lo, dirty_hi; /* bytes the host wrote since (none when dirty_lo >= dirty_hi) */
    int sticky;              /* data regions holding it */
    u64 used;                /* call_epoch() of its last use */
};

inline bool resident_enabled()
{
    return settings().resident;
}

/* Bytes of a device block handed out by pool_get/cudaMalloc, for pool_put. */
inline std::unordered_map<char *, size_t> &device_block_sizes()
{
    static std::unordered_map<char *, size_t> *sizes = new std::unordered_map<char *, size_t>;
    return *sizes;
}

struct region;

inline std::vector<region *> &region_stack()
{
    static thread_local std::vector<region *> stack;
    return stack;
}

/* The region a call about to start is chained to (set by chain_next()
 * just before the call, taken by the callee's region). */
inline region *&chain_pending()
{
    static thread_local region *pending = nullptr;
    return pending;
}

/* `(pragreduce::chain_next(), f)(args)`: f's region is chained to the
 * caller's: it reuses the caller's copies, and its own outlive the call in
 * the caller's region. The transpiler chains direct calls from functions
 * with regions whose statement writes nothing invalidated before it (a
 * copy made by the callee is then never older than a host write it does
 * not know about). */
inline void chain_next() { chain_pending() = region_stack().empty() ? nullptr : region_stack().back(); }

/* This thread's stack: copies of what lies there die with their call. */
inline bool on_thread_stack(uintptr_t lo, uintptr_t hi)
{
    static thread_local uintptr_t stack_lo = 0, stack_hi = 0;
    if (stack_hi == 0) {
        pthread_attr_t attr;
        void *addr = nullptr;
        size_t size = 0;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
                stack_lo = (uintptr_t)addr;
                stack_hi = stack_lo + size;
            }
            pthread_attr_destroy(&attr);
        }
        if (stack_hi == 0)
            stack_hi = UINTPTR_MAX; /* unknown: everything counts as the stack */
    }
    return lo < stack_hi && stack_lo < hi;
}

struct region {
    std::vector<Resident *> entries;
    bool enabled;
    bool chained; /* to the region below it on the stack */

    explicit region(bool on = true) : enabled(on)
    {
        std::vector<region *> &stack = region_stack();
        chained = chain_pending() != nullptr && !stack.empty() && chain_pending() == stack.back() &&
                  stack.back()->enabled;
        chain_pending() = nullptr;
        stack.push_back(this);
    }
    region(const region &) = delete;
    region &operator=(const region &) = delete;
    ~region()
    {
        std::vector<region *> &stack = region_stack();
        region *parent = chained && stack.size() >= 2 && stack.back() == this ? stack[stack.size() - 2] : nullptr;
        chain_pending() = nullptr;
        if (!entries.empty()) {
            std::lock_guard<std::recursive_mutex> hold(gpu_lock());
            for (Resident *e : entries) {
                /* copies of heap and global memory stay with the caller */
                if (parent && !on_thread_stack(e->lo, e->hi) && parent->entries.size() < 4096) {
                    e->sticky = 0;
                    parent->entries.push_back(e);
                } else {
                    release(e);
                }
            }
            entries.clear();
        }
        /* the innermost one, unless a longjmp skipped destructors */
        for (size_t i = stack.size(); i-- > 0;)
            if (stack[i] == this) {
                stack.erase(stack.begin() + (std::ptrdiff_t)i);
                break;
            }
        /* a region the transpiler disabled covers writes it could not
         * invalidate: the callers' copies are stale */
        if (!enabled)
            for (region *r : stack)
                for (Resident *e : r->entries)
                    e->dirty_lo = e->lo, e->dirty_hi = e->hi;
    }
    /* The copy's memory back to the pool, or to the driver (`to_pool` false:
     * room is needed now). */
    static void release(Resident *e, bool to_pool = true)
    {
        auto &sizes = device_block_sizes();
        auto it = sizes.find(e->dev);
        if (it != sizes.end() && to_pool)
            pool_put(e->dev, it->second);
        else if (e->dev)
            (void)cudaFree(e->dev);
        if (it != sizes.end())
            sizes.erase(it);
        delete e;
    }
};

inline void mark_dirty(Resident *e, uintptr_t lo, uintptr_t hi)
{
    if (lo < e->lo)
        lo = e->lo;
    if (hi > e->hi)
        hi = e->hi;
    if (lo >= hi)
        return;
    if (e->dirty_lo >= e->dirty_hi) {
        e->dirty_lo = lo;
        e->dirty_hi = hi;
    } else {
        e->dirty_lo = lo < e->dirty_lo ? lo : e->dirty_lo;
        e->dirty_hi = hi > e->dirty_hi ? hi : e->dirty_hi;
    }
}

inline bool any_resident()
{
    for (region *r : region_stack())
        if (!r->entries.empty())
            return true;
    return false;
}

/* The host wrote bytes [p, p + bytes): copies of them are stale. */
inline void host_wrote(const volatile void *p, size_t bytes)
{
    if (fake_device && fake_launch_running())
        return; /* a write to the device copies */
    if (bytes == 0 || !any_resident())
        return;
    const uintptr_t lo = (uintptr_t)p, hi = lo + bytes < lo ? UINTPTR_MAX : lo + bytes;
    for (region *r : region_stack())
        for (Resident *e : r->entries)
            if (lo < e->hi && e->lo < hi)
                mark_dirty(e, lo, hi);
}

/* Elements first..last (inclusive, either order) of the array at `base`. */
inline void host_wrote_elems(const volatile void *base, size_t elem, long long first, long long last)
{
    if (!any_resident())
        return;
    if (first > last) {
        const long long t = first;
        first = last;
        last = t;
    }
    const __int128 lo = (__int128)(uintptr_t)base + (__int128)first * (__int128)elem;
    const __int128 hi = (__int128)(uintptr_t)base + ((__int128)last + 1) * (__int128)elem;
    const __int128 top = (__int128)UINTPTR_MAX;
    const uintptr_t l = lo < 0 ? 0 : lo > top ? UINTPTR_MAX : (uintptr_t)lo;
    const uintptr_t h = hi < 0 ? 0 : hi > top ? UINTPTR_MAX : (uintptr_t)hi;
    if (h > l)
        host_wrote((const volatile void *)l, (size_t)(h - l));
}

/* A host loop nest writes base[sub(i, ...)] with sub affine in each loop
 * variable: its extreme values are at the corners of the variables'
 * ranges, given as (first, bound) pairs. */
template <class F>
inline void host_wrote_box(const volatile void *base, size_t elem, F sub, long long a0, long long b0)
{
    if (!any_resident())
        return;
    long long v[2] = {sub(a0), sub(b0)};
    host_wrote_elems(base, elem, v[0] < v[1] ? v[0] : v[1], v[0] < v[1] ? v[1] : v[0]);
}

template <class F>
inline void host_wrote_box(const volatile void *base, size_t elem, F sub, long long a0, long long b0, long long a1,
                           long long b1)
{
    if (!any_resident())
        return;
    const long long c[4] = {sub(a0, a1), sub(a0, b1), sub(b0, a1), sub(b0, b1)};
    long long lo = c[0], hi = c[0];
    for (long long x : c) {
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    host_wrote_elems(base, elem, lo, hi);
}

template <class F>
inline void host_wrote_box(const volatile void *base, size_t elem, F sub, long long a0, long long b0, long long a1,
                           long long b1, long long a2, long long b2)
{
    if (!any_resident())
        return;
    long long lo = sub(a0, a1, a2), hi = lo;
    for (int k = 0; k < 8; k++) {
        const long long x = sub(k & 1 ? b0 : a0, k & 2 ? b1 : a1, k & 4 ? b2 : a2);
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    host_wrote_elems(base, elem, lo, hi);
}

/* Writes the transpiler cannot bound: every copy is stale, except those a
 * data region holds (the user vouches for them), unless `even_sticky`. */
inline void host_wrote_all(bool even_sticky = false)
{
    if (fake_device && fake_launch_running())
        return; /* a write to the device copies */
    for (region *r : region_stack())
        for (Resident *e : r->entries)
            if (even_sticky || e->sticky == 0)
                mark_dirty(e, e->lo, e->hi);
}

/* Before free(p) or realloc(p, n): the block's copies are dropped (a later
 * allocation may reuse its addresses, and calloc writes it unseen). */
inline void host_freed(const void *p)
{
    if (!p || !any_resident())
        return;
    size_t bytes = pinned_size((void *)p);
    if (bytes == 0)
        bytes = malloc_usable_size((void *)p);
    const uintptr_t lo = (uintptr_t)p, hi = lo + (bytes ? bytes : 1);
    std::lock_guard<std::recursive_mutex> hold(gpu_lock());
    for (region *r : region_stack())
        for (size_t i = 0; i < r->entries.size();) {
            Resident *e = r->entries[i];
            if (lo < e->hi && e->lo < hi) {
                region::release(e);
                r->entries.erase(r->entries.begin() + (std::ptrdiff_t)i);
            } else {
                i++;
            }
        }
}

/* free(freeing(p)), realloc(freeing(p), n): the copies of the block are
 * dropped just before it goes. */
template <class T> inline T *freeing(T *p)
{
    host_freed((const void *)p);
    return p;
}

/* Frees copies not used by the call under way (and not held by a data
 * region), oldest first, until `bytes` more fit; false when they do not. */
inline bool make_room(size_t bytes)
{
    pool_release();
    for (;;) {
        size_t free_b = 0, total = 0;
        if (cudaMemGetInfo(&free_b, &total) != cudaSuccess) {
            (void)cudaGetLastError();
            return false;
        }
        const size_t margin = total / 32 > ((size_t)256 << 20) ? (size_t)256 << 20 : total / 32;
        if (free_b > bytes + margin)
            return true;
        region *owner = nullptr;
        size_t at = 0;
        Resident *oldest = nullptr;
        for (region *r : region_stack())
            for (size_t i = 0; i < r->entries.size(); i++) {
                Resident *e = r->entries[i];
                if (e->sticky || e->used == call_epoch())
                    continue;
                if (!oldest || e->used < oldest->used) {
                    oldest = e;
                    owner = r;
                    at = i;
                }
            }
        if (!oldest)
            return false;
        region::release(oldest, false);
        owner->entries.erase(owner->entries.begin() + (std::ptrdiff_t)at);
    }
}

inline char *device_alloc(size_t bytes)
{
    size_t got = bytes;
    char *dev = pool_get(bytes, &got);
    if (!dev && cudaMalloc((void **)&dev, bytes) != cudaSuccess) {
        (void)cudaGetLastError();
        dev = nullptr;
        if (make_room(bytes) && cudaMalloc((void **)&dev, bytes) != cudaSuccess) {
            (void)cudaGetLastError();
            dev = nullptr;
        }
    }
    if (dev)
        device_block_sizes()[dev] = got;
    return dev;
}

/* The copy covering [lo, hi): in the innermost region and those it is
 * chained to, or a data region's in any region of the stack; its copy of
 * `lo` 16-byte aligned. */
inline Resident *resident_find(uintptr_t lo, uintptr_t hi)
{
    std::vector<region *> &stack = region_stack();
    bool reach = true; /* the regions the innermost one is chained to */
    for (size_t k = stack.size(); k-- > 0;) {
        for (Resident *e : stack[k]->entries)
            /* the kernels' vector loads need the first element 16-byte aligned, as in the scratch */
            if (e->lo <= lo && hi <= e->hi && (reach || e->sticky) && (lo - e->lo) % 16 == 0)
                return e;
        reach = reach && stack[k]->chained;
    }
    return nullptr;
}

/* Under a forced device budget (PRAGREDUCE_DEVICE_MEM_KB, which tests use
 * to exercise chunking) only what fits it is kept. */
inline bool resident_fits(size_t bytes)
{
    const size_t forced = settings().device_mem_kb * 1024;
    return forced == 0 || bytes <= forced / 2;
}

/* Whether wrappers may keep copies: a GPU call inside a region. */
inline bool resident_on()
{
    return resident_enabled() && !region_stack().empty() && region_stack().back()->enabled;
}

/* The device copy of host bytes [host, host + bytes): current, reused when
 * one is kept and the host has not written it since (then only what it
 * wrote is copied again), else copied and kept for the region. nullptr when
 * residency is off or there is no room: the caller copies as before.
 * *copied (when not null) tells whether anything was copied. */
inline Resident *resident_acquire(const void *host, size_t bytes, const char *site, bool *copied)
{
    if (copied)
        *copied = false;
    if (!resident_on() || bytes == 0 || !resident_fits(bytes))
        return nullptr;
    const uintptr_t lo = (uintptr_t)host, hi = lo + bytes;
    Resident *e = resident_find(lo, hi);
    if (e) {
        e->used = call_epoch();
        /* what the host wrote since, within the bytes asked for (the rest of
         * the copy may cover memory freed since: never read it) */
        const uintptr_t l = e->dirty_lo > lo ? e->dirty_lo : lo;
        const uintptr_t h = e->dirty_hi < hi ? e->dirty_hi : hi;
        if (l < h) {
            to_device(e->dev + (l - e->lo), (const void *)l, h - l, site);
            if (l <= e->dirty_lo && e->dirty_hi <= h)
                e->dirty_lo = e->dirty_hi = 0; /* all of it */
            else if (l <= e->dirty_lo)
                e->dirty_lo = h;               /* its start */
            else if (e->dirty_hi <= h)
                e->dirty_hi = l;               /* its end */
            /* else a part in the middle: the rest stays dirty, this part too */
            if (copied)
                *copied = true;
        } else {
            profile_add(site, [&](SiteProfile &s) {
                s.avoided_copies++;
                s.avoided_bytes += bytes;
            });
        }
        return e;
    }
    region *top = region_stack().back();
    if (top->entries.size() >= 4096)
        return nullptr; /* scanning more would cost more than it saves */
    char *dev = device_alloc(bytes);
    if (!dev)
        return nullptr;
    to_device(dev, host, bytes, site);
    if (copied)
        *copied = true;
    /* copies inside the new one are redundant: dropped unless in use */
    for (size_t i = 0; i < top->entries.size();) {
        Resident *o = top->entries[i];
        if (lo <= o->lo && o->hi <= hi && !o->sticky && o->used != call_epoch()) {
            region::release(o);
            top->entries.erase(top->entries.begin() + (std::ptrdiff_t)i);
        } else {
            i++;
        }
    }
    e = new Resident{lo, hi, dev, 0, 0, 0, call_epoch()};
    top->entries.push_back(e);
    return e;
}

/* How a wrapper uses the table (emit.c's wrappers; any other emitter the
 * same way), under gpu_lock() once use_gpu() said yes:
 *   bool keep = resident_on() && resident_fits(bytes of all its arrays);
 *   for each array it reads, while keep:
 *       const void *d = resident_in(host + first, count * sizeof(T), site, nullptr);
 *       keep = d != nullptr;          (the kernel reads d, indexed from `first`)
 *   for each array the kernel writes: resident_inout(...) instead;
 *   when !keep: copy every array into its scratch as before (kept copies
 *   that are not complete are simply not used);
 *   after the kernel, for each written array:
 *       keep ? resident_out(host + first, bytes, site)
 *            : (to_host(host + first, scratch copy, bytes, site), host_wrote(host + first, bytes));
 *   and a CPU fallback that writes arrays calls host_wrote_all(true). */
inline const void *resident_in(const void *host, size_t bytes, const char *site, bool *copied)
{
    Resident *e = resident_acquire(host, bytes, site, copied);
    return e ? (const void *)(e->dev + ((uintptr_t)host - e->lo)) : nullptr;
}

/* An array the kernel writes (a fused output): the same, the kernel then
 * writes into the kept copy; resident_out() brings the bytes back. */
inline void *resident_inout(void *host, size_t bytes, const char *site, bool *copied)
{
    Resident *e = resident_acquire(host, bytes, site, copied);
    return e ? (void *)(e->dev + ((uintptr_t)host - e->lo)) : nullptr;
}

/* After the kernel wrote host bytes [host, host + bytes) in their kept copy:
 * copied back; that copy and the host agree, other copies of them are stale. */
inline void resident_out(void *host, size_t bytes, const char *site)
{
    if (bytes == 0)
        return;
    const uintptr_t lo = (uintptr_t)host, hi = lo + bytes;
    Resident *e = resident_find(lo, hi);
    if (!e) {
        fprintf(stderr, "%s: internal error: no device copy to bring back\n", site);
        exit(1);
    }
    to_host(host, e->dev + (lo - e->lo), bytes, site);
    for (region *r : region_stack())
        for (Resident *o : r->entries)
            if (o != e && lo < o->hi && o->lo < hi)
                mark_dirty(o, lo, hi);
}

/* #pragma reduce data in(a[lo:n], ...): the arrays are copied on entry and
 * held (sticky) until the block ends. Nothing without a GPU. */
struct data_region {
    const char *site;
    std::vector<std::pair<uintptr_t, uintptr_t>> held;
    explicit data_region(const char *s) : site(s) {}
    data_region(const data_region &) = delete;
    data_region &operator=(const data_region &) = delete;
    void in(const volatile void *host, size_t bytes)
    {
        if (bytes == 0 || device_mode() == MODE_CPU || !gpu_present(site))
            return;
        std::lock_guard<std::recursive_mutex> hold(gpu_lock());
        call_epoch()++;
        Resident *e = resident_acquire((const void *)host, bytes, site, nullptr);
        if (!e)
            return; /* no room: the loops copy as they go */
        e->sticky++;
        held.push_back({(uintptr_t)host, (uintptr_t)host + bytes});
    }
    /* each array it holds lets go of its copy (one hold per array) */
    ~data_region()
    {
        for (auto &h : held)
            let_go(h.first, h.second);
    }
    static void let_go(uintptr_t lo, uintptr_t hi)
    {
        for (region *r : region_stack())
            for (Resident *e : r->entries)
                if (e->sticky && e->lo <= lo && hi <= e->hi) {
                    e->sticky--;
                    return;
                }
    }
};

/* #pragma reduce update in(a[lo:n]): the host wrote those bytes; their
 * kept copy gets them now. */
inline void update_in(const volatile void *host, size_t bytes, const char *site)
{
    if (bytes == 0 || region_stack().empty())
        return;
    std::lock_guard<std::recursive_mutex> hold(gpu_lock());
    const uintptr_t lo = (uintptr_t)host, hi = lo + bytes;
    for (region *r : region_stack())
        for (Resident *e : r->entries) {
            if (!(lo < e->hi && e->lo < hi))
                continue;
            const uintptr_t l = lo < e->lo ? e->lo : lo, h = hi > e->hi ? e->hi : hi;
            to_device(e->dev + (l - e->lo), (const void *)l, h - l, site);
            if (e->dirty_lo < e->dirty_hi && l <= e->dirty_lo && e->dirty_hi <= h)
                e->dirty_lo = e->dirty_hi = 0;
        }
}

} /* namespace pragreduce */

/* C spellings that C++ lacks. */
#ifndef restrict
#define restrict __restrict__
#endif
#ifndef _Bool
#define _Bool bool
#endif
#define _Static_assert static_assert
#define _Alignof alignof
#define _Alignas alignas
#define _Thread_local thread_local

#endif /* PRAGREDUCE_RT_CUH */
