/* pragreduce runtime, array sections: `reduce(op: h[lo:len])`, each element
 * of h[lo .. lo+len) its own reduction, updated at subscripts the loop
 * computes (histograms, column sums).
 *
 * Integers accumulate with atomics, exact in any order: in a copy per block
 * in shared memory when the section is small (flushed into the result once
 * per block), else in the result itself. Floating point keeps the runtime's
 * promise of the same bits on every run: every thread of a block has its
 * own copy (element k of thread t at k * BLOCK + t), in shared memory when
 * the block's copies fit, else in device memory with the grid capped at
 * two blocks per SM; the copies are combined thread by thread and block by
 * block in a fixed order. Sections whose copies would pass
 * section_copies_max run on the CPU (the wrapper decides).
 *
 * In the kernel the section's name is an object whose `h[k]` is a slot
 * taking the updates the transpiler accepted: `h[k] op= x`, `h[k]++`,
 * `h[k] = h[k] op x`. A subscript outside the section sets a flag, and the
 * host then runs the loop as written. */
#ifndef PRAGREDUCE_RT_SECTION_CUH
#define PRAGREDUCE_RT_SECTION_CUH

#include "choice.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* The type a section accumulates in on the device: integers as unsigned
 * words of 32 or 64 bits (C's wrapping conversion keeps the low bits, so
 * sums, products and bitwise results agree), floating point as itself. */
template <class T> struct section_word {
    typedef typename std::conditional<
        std::is_floating_point<T>::value, T,
        typename std::conditional<(sizeof(T) > 4), unsigned long long, unsigned>::type>::type type;
};

template <class S> __device__ __forceinline__ void atomic_mul(S *p, S v)
{
    S old = *p, seen;
    do {
        seen = old;
        old = atomicCAS(p, seen, (S)(seen * v));
    } while (old != seen);
}

/* `h[k] = h[k] op x` read as h[k] op= x: what is left of the statement. */
template <class X, char OP> struct section_pending {
    X x;
};

/* One element of an integer section: updates are atomics. */
template <class S> struct slot_atomic {
    S *p;
    template <class X> __device__ void operator+=(X x) { atomicAdd(p, (S)x); }
    template <class X> __device__ void operator-=(X x) { atomicAdd(p, (S)0 - (S)x); }
    template <class X> __device__ void operator*=(X x) { atomic_mul(p, (S)x); }
    template <class X> __device__ void operator&=(X x) { atomicAnd(p, (S)x); }
    template <class X> __device__ void operator|=(X x) { atomicOr(p, (S)x); }
    template <class X> __device__ void operator^=(X x) { atomicXor(p, (S)x); }
    __device__ void operator++() { atomicAdd(p, (S)1); }
    __device__ void operator++(int) { atomicAdd(p, (S)1); }
    __device__ void operator--() { atomicAdd(p, (S)0 - (S)1); }
    __device__ void operator--(int) { atomicAdd(p, (S)0 - (S)1); }
    template <class X> __device__ void operator=(section_pending<X, '+'> u) { *this += u.x; }
    template <class X> __device__ void operator=(section_pending<X, '-'> u) { *this -= u.x; }
    template <class X> __device__ void operator=(section_pending<X, '*'> u) { *this *= u.x; }
    template <class X> __device__ void operator=(section_pending<X, '&'> u) { *this &= u.x; }
    template <class X> __device__ void operator=(section_pending<X, '|'> u) { *this |= u.x; }
    template <class X> __device__ void operator=(section_pending<X, '^'> u) { *this ^= u.x; }
};

/* One element of a floating-point section, in this thread's own copy:
 * each update as C does it (computed in the wider type, then rounded). */
template <class S> struct slot_private {
    S *p;
    template <class X> __device__ void operator+=(X x) { *p = (S)(*p + x); }
    template <class X> __device__ void operator-=(X x) { *p = (S)(*p - x); }
    template <class X> __device__ void operator*=(X x) { *p = (S)(*p * x); }
    __device__ void operator++() { *p = (S)(*p + 1); }
    __device__ void operator++(int) { *p = (S)(*p + 1); }
    __device__ void operator--() { *p = (S)(*p - 1); }
    __device__ void operator--(int) { *p = (S)(*p - 1); }
    template <class X> __device__ void operator=(section_pending<X, '+'> u) { *this += u.x; }
    template <class X> __device__ void operator=(section_pending<X, '-'> u) { *this -= u.x; }
    template <class X> __device__ void operator=(section_pending<X, '*'> u) { *this *= u.x; }
};

/* h[k] op x and x op h[k] on the right of `h[k] = ...` (the transpiler
 * checked that both name the same element). */
#define PRAGREDUCE_SECTION_BINARY(OPC, OPS)                                                        \
    template <class S, class X> __device__ section_pending<X, OPC> operator OPS(slot_atomic<S>, X x) \
    {                                                                                              \
        return {x};                                                                                \
    }                                                                                              \
    template <class S, class X> __device__ section_pending<X, OPC> operator OPS(X x, slot_atomic<S>) \
    {                                                                                              \
        return {x};                                                                                \
    }                                                                                              \
    template <class S, class X> __device__ section_pending<X, OPC> operator OPS(slot_private<S>, X x) \
    {                                                                                              \
        return {x};                                                                                \
    }                                                                                              \
    template <class S, class X> __device__ section_pending<X, OPC> operator OPS(X x, slot_private<S>) \
    {                                                                                              \
        return {x};                                                                                \
    }
PRAGREDUCE_SECTION_BINARY('+', +)
PRAGREDUCE_SECTION_BINARY('*', *)
PRAGREDUCE_SECTION_BINARY('&', &)
PRAGREDUCE_SECTION_BINARY('|', |)
PRAGREDUCE_SECTION_BINARY('^', ^)
#undef PRAGREDUCE_SECTION_BINARY
/* h[k] - x only (x - h[k] is not an update of h[k]) */
template <class S, class X> __device__ section_pending<X, '-'> operator-(slot_atomic<S>, X x) { return {x}; }
template <class S, class X> __device__ section_pending<X, '-'> operator-(slot_private<S>, X x) { return {x}; }

/* The section's name in the kernel. `home` holds n + 1 elements (times
 * `stride` threads' copies): the last takes updates outside the section,
 * which also set *bad. */
template <class S, class Slot> struct section_ref {
    S *home;
    long long lo;
    unsigned long long n;
    unsigned stride;
    int *bad;
    template <class I> __device__ Slot operator[](I k) const
    {
        unsigned long long at = (unsigned long long)((long long)k - lo);
        if (at >= n) {
            *bad = 1;
            at = n;
        }
        return Slot{home + at * stride};
    }
};

/* Whether a block's copy of an integer element is still the identity
 * (then the block adds nothing to it). */
template <class S> __device__ __forceinline__ bool same_bits(S a, S b)
{
    static_assert(std::is_integral<S>::value, "integer sections only");
    return a == b;
}

template <class S> __global__ void section_fill(S *p, unsigned long long n, S value)
{
    for (unsigned long long k = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; k < n;
         k += (unsigned long long)gridDim.x * blockDim.x)
        p[k] = value;
}

/* into[k] = op(into[k], from[0][k], from[1][k], ...): per-block partials
 * (count of them) folded in block order, or one chunk's result (count 1). */
template <class Op, class S>
__global__ void section_fold(S *into, const S *from, unsigned count, unsigned long long n)
{
    for (unsigned long long k = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; k < n;
         k += (unsigned long long)gridDim.x * blockDim.x) {
        S a = into[k];
        for (unsigned b = 0; b < count; b++)
            a = Op::apply(a, from[(unsigned long long)b * n + k]);
        into[k] = a;
    }
}

PRAGREDUCE_FN unsigned section_blocks(unsigned long long n)
{
    unsigned long long b = (n + 255) / 256;
    return (unsigned)(b < 1024 ? (b ? b : 1) : 1024);
}

template <class S> inline void section_start(S *p, unsigned long long n, S identity, const char *site)
{
    section_fill<S><<<section_blocks(n), 256>>>(p, n, identity);
    PRAGREDUCE_CHECK(site, "kernel launch", cudaGetLastError());
}

template <class Op, class S>
inline void section_fold_into(S *into, const S *from, unsigned count, unsigned long long n, const char *site)
{
    section_fold<Op, S><<<section_blocks(n), 256>>>(into, from, count, n);
    PRAGREDUCE_CHECK(site, "kernel launch", cudaGetLastError());
}

/* The result, back on the host: h[k] = op(h[k], r[k]) in the element's own
 * type, as C converts. */
template <class Op, class T, class S>
inline void section_finish(T *h, const S *dev, unsigned long long n, const char *site)
{
    host_reads(h, (size_t)n * sizeof(T)); /* a kernel before may have written them */
    saved_bytes copy((size_t)n * sizeof(S));
    const S *r = (const S *)copy.data();
    PRAGREDUCE_CHECK(site, "kernel", cudaMemcpy(copy.data(), dev, (size_t)n * sizeof(S), cudaMemcpyDeviceToHost));
    for (unsigned long long k = 0; k < n; k++)
        h[k] = (T)Op::apply((S)h[k], r[k]);
    host_wrote(h, (size_t)n * sizeof(T));
}

/* The device memory a launch's per-thread copies of floating-point
 * sections may take (beyond it the loop runs on the CPU), and the grid of
 * a launch whose copies are in device memory: two blocks per SM, so that
 * the copies being updated stay within the L2 cache's reach. */
const size_t section_copies_max = (size_t)1 << 30;

PRAGREDUCE_FN unsigned section_grid_cap(const char *site) { return 2u * (unsigned)sm_count(site); }

PRAGREDUCE_FN unsigned section_grid(bool copies_in_device_memory, unsigned grid, const char *site)
{
    if (!copies_in_device_memory)
        return grid;
    const unsigned cap = section_grid_cap(site);
    return grid < cap ? grid : cap;
}

/* Floating-point sections whose per-thread copies would pass
 * section_copies_max run on the CPU; with PRAGREDUCE_DEVICE=gpu that is an
 * error. `block_bytes`: one block's copies. */
PRAGREDUCE_FN void section_too_big(const char *site, size_t block_bytes)
{
    if (device_mode() == MODE_GPU) {
        fprintf(stderr,
                "%s: a copy per thread of its floating-point sections takes %zu bytes per block, "
                "more than %zu for the %u blocks the GPU runs at once: it runs on the CPU (use a "
                "shorter section)\n",
                site, block_bytes, section_copies_max, section_grid_cap(site));
        exit(1);
    }
}

PRAGREDUCE_FN bool section_flagged(const int *dev_bad, const char *site)
{
    int bad = 0;
    PRAGREDUCE_CHECK(site, "kernel", cudaMemcpy(&bad, dev_bad, sizeof bad, cudaMemcpyDeviceToHost));
    return bad != 0;
}

PRAGREDUCE_ABI_END
} // namespace pragreduce

#endif
