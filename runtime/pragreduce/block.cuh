/* pragreduce runtime, block and group layers: a block, or groups of G
 * threads inside one, reduce. */
#ifndef PRAGREDUCE_RT_BLOCK_CUH
#define PRAGREDUCE_RT_BLOCK_CUH

#include "warp.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

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

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_BLOCK_CUH */
