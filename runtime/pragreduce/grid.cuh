/* pragreduce runtime, grid layer: last-block detection, the combine of
 * per-block partials, vector loads, induction values. */
#ifndef PRAGREDUCE_RT_GRID_CUH
#define PRAGREDUCE_RT_GRID_CUH

#include "block.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

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
/* A flat index of a collapse(2) nest split as q * trip + r (r < trip),
 * advanced by another split step with a compare instead of a division. */
template <class Idx> struct flat2 {
    Idx q, r, trip;
    __device__ __forceinline__ flat2(Idx flat, Idx t) : q(flat / t), r(flat % t), trip(t) {}
    __device__ __forceinline__ void advance(const flat2 &by)
    {
        q += by.q;
        r += by.r;
        if (r >= trip) {
            r -= trip;
            q++;
        }
    }
};

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

/* Whether load_vec<T, V> may read at p: its one load is aligned there
 * (V elements of other sizes are loaded one by one). */
template <class T, int V> __device__ __forceinline__ bool vec_aligned(const T *p)
{
    constexpr int BYTES = (int)sizeof(T) * V;
    return (BYTES != 16 && BYTES != 8 && BYTES != 4) || (uintptr_t)p % BYTES == 0;
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

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_GRID_CUH */
