/* pragreduce runtime, operators: combine(a, b), identities, the C fold rules
 * of fmax/fmin, min/maxloc. */
#ifndef PRAGREDUCE_RT_OPERATORS_CUH
#define PRAGREDUCE_RT_OPERATORS_CUH

#include "fake_device.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

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
 * or a NaN: the host runs the loop as written instead (docs/pragma.md, "NaN and
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

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_OPERATORS_CUH */
