/* pragreduce runtime, warp layer: 32 lanes reduce by shuffles (or
 * __reduce_*_sync). */
#ifndef PRAGREDUCE_RT_WARP_CUH
#define PRAGREDUCE_RT_WARP_CUH

#include "operators.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

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

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_WARP_CUH */
