/* pragreduce runtime, MPI: `#pragma reduce(OP: v) comm(C)` completes a
 * marked loop's reduction over the ranks of communicator C. Each rank's
 * loop reduces its own iterations from a neutral start (start_part); the
 * parts are then combined over the ranks and the rank's value before the
 * loop folded in once (finish). The result is the loop's over all ranks'
 * iterations, the ranks' taken one after another in rank order: exact for
 * integers, bitwise and logical operators, min, max and maxloc/minloc;
 * floating-point sums and products in another order (comm(C, ordered):
 * folded in rank order on every rank, the same bits on every rank and run).
 * Only in files with a comm clause: the transpiler defines PRAGREDUCE_MPI. */
#ifndef PRAGREDUCE_RT_MPI_CUH
#define PRAGREDUCE_RT_MPI_CUH

#include "operators.cuh"

/* MPI's C interface only, in every output: a program's own <mpi.h> comes
 * after this header, inside the extern "C" block around its code, where
 * the C++ bindings Open MPI or MPICH may add could not be declared (with
 * or without a comm clause in the file) */
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif

#ifdef PRAGREDUCE_MPI
#include <mpi.h>

#include <vector>

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN
namespace mpi {

[[noreturn]] inline void fail(const char *site, const char *what)
{
    fprintf(stderr, "%s: comm(...): %s\n", site, what);
    int up = 0, down = 0;
    (void)MPI_Initialized(&up);
    (void)MPI_Finalized(&down);
    if (up && !down)
        MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

inline void check(const char *site, const char *call, int rc)
{
    if (rc == MPI_SUCCESS)
        return;
    char text[MPI_MAX_ERROR_STRING + 64];
    int len = 0;
    snprintf(text, sizeof text, "%s: ", call);
    (void)MPI_Error_string(rc, text + strlen(text), &len);
    fail(site, text);
}

/* MPI must be running when the loop ends: the parts travel then. */
inline void require_running(const char *site)
{
    int up = 0, down = 0;
    check(site, "MPI_Initialized", MPI_Initialized(&up));
    check(site, "MPI_Finalized", MPI_Finalized(&down));
    if (!up || down)
        fail(site, down ? "MPI_Finalize was called before the loop" : "MPI_Init was not called before the loop");
}

/* An integer type's MPI type by width and signedness (char, long long,
 * int64_t and size_t alike). */
template <class T> inline MPI_Datatype integer_type()
{
    constexpr bool s = std::is_signed<T>::value;
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "an integer of 1, 2, 4 or 8 bytes");
    if constexpr (sizeof(T) == 1)
        return s ? MPI_INT8_T : MPI_UINT8_T;
    else if constexpr (sizeof(T) == 2)
        return s ? MPI_INT16_T : MPI_UINT16_T;
    else if constexpr (sizeof(T) == 4)
        return s ? MPI_INT32_T : MPI_UINT32_T;
    else
        return s ? MPI_INT64_T : MPI_UINT64_T;
}

template <class T> inline MPI_Datatype floating_type()
{
    if constexpr (std::is_same<T, float>::value)
        return MPI_FLOAT;
    else if constexpr (std::is_same<T, double>::value)
        return MPI_DOUBLE;
    else
        return MPI_LONG_DOUBLE;
}

template <class T> inline T allreduce(T v, MPI_Datatype type, MPI_Op op, MPI_Comm comm, const char *site)
{
    T out;
    check(site, "MPI_Allreduce", MPI_Allreduce(&v, &out, 1, type, op, comm));
    return out;
}

/* Every rank's value, in rank order, on every rank. */
template <class T> inline std::vector<T> gather(const T &v, MPI_Comm comm, const char *site)
{
    int ranks = 0;
    check(site, "MPI_Comm_size", MPI_Comm_size(comm, &ranks));
    std::vector<T> all((size_t)ranks);
    check(site, "MPI_Allgather",
          MPI_Allgather(&v, (int)sizeof(T), MPI_BYTE, all.data(), (int)sizeof(T), MPI_BYTE, comm));
    return all;
}

/* The parts combined by Op in rank order (the same bits on every rank). */
template <class Op, class T> inline T fold_in_rank_order(T part, MPI_Comm comm, const char *site)
{
    const std::vector<T> all = gather(part, comm, site);
    T acc = all[0];
    for (size_t r = 1; r < all.size(); r++)
        acc = Op::template apply<T>(acc, all[r]);
    return acc;
}

/* Integer + * & | ^ in the unsigned type of the same width: two's
 * complement bits, and no signed overflow inside MPI. */
template <class T> inline T allreduce_bits(T part, MPI_Op op, MPI_Comm comm, const char *site)
{
    if constexpr (std::is_same<T, bool>::value) {
        return allreduce((unsigned char)part, MPI_UINT8_T, op, comm, site) != 0;
    } else {
        typedef typename std::make_unsigned<T>::type U;
        return (T)allreduce((U)part, integer_type<U>(), op, comm, site);
    }
}

template <class Op> constexpr bool is_logical()
{
    return std::is_same<Op, op_land>::value || std::is_same<Op, op_lor>::value;
}

/* Sets v to where this rank's part starts and returns v's value before the
 * loop: the operator's identity, and for && and || on a non-_Bool 2 (true,
 * and never what an update gives: the part is 2 when no update ran). */
template <class Op, class T> inline T start_part(T &v)
{
    const T before = v;
    if constexpr (is_logical<Op>() && !std::is_same<T, bool>::value)
        v = (T)2;
    else
        v = Op::template identity<T>();
    return before;
}

/* && and ||: whether any rank's loop ran an update, and the updates'
 * combined truth; no update anywhere keeps the value (7 stays 7). */
template <class Op, class T> inline T finish_logical(T before, T part, MPI_Comm comm, const char *site)
{
    constexpr bool land = std::is_same<Op, op_land>::value;
    const bool updated = std::is_same<T, bool>::value || part != (T)2;
    const bool truth = part != (T)0;
    /* maxima of: any update, any false (&&) or any true (||) among them */
    int mine[2] = {updated, updated && (land ? !truth : truth)};
    int all[2] = {0, 0};
    check(site, "MPI_Allreduce", MPI_Allreduce(mine, all, 2, MPI_INT, MPI_MAX, comm));
    if (!all[0])
        return before;
    return (T)(land ? (before && !all[1]) : (before || all[1]));
}

/* A floating-point min/max result that is a zero: which zero the loop keeps
 * depends on the order in which it meets zeros of both signs, which the
 * ranks' parts no longer tell. */
template <class T> inline void check_zero_signs(T result, T before, const std::vector<T> &parts, const char *site)
{
    if (result != (T)0)
        return;
    bool plus = !std::signbit(before) && before == (T)0, minus = std::signbit(before) && before == (T)0;
    for (const T &p : parts) {
        plus |= p == (T)0 && !std::signbit(p);
        minus |= p == (T)0 && std::signbit(p);
    }
    if (plus && minus)
        fail(site, "the minimum or maximum is a zero, met with both signs on different ranks: which "
                   "zero the loop keeps depends on their order (compare with 0.0 to treat them alike)");
}

/* min, max (Op: op_min, op_max, op_fmin<F>, op_fmax<F>): integers through
 * MPI_MIN/MPI_MAX; floating point folded in rank order by the updates' own
 * test, so NaN and ties are treated as the loop treats them. */
template <class Op, class T> inline T finish_minmax(T before, T part, MPI_Comm comm, const char *site)
{
    constexpr bool max = std::is_same<Op, op_max>::value || std::is_same<Op, op_fmax<float>>::value ||
                         std::is_same<Op, op_fmax<double>>::value;
    if constexpr (!std::is_floating_point<T>::value) {
        T all;
        if constexpr (std::is_same<T, bool>::value)
            all = allreduce((unsigned char)part, MPI_UINT8_T, max ? MPI_MAX : MPI_MIN, comm, site) != 0;
        else
            all = allreduce(part, integer_type<T>(), max ? MPI_MAX : MPI_MIN, comm, site);
        return Op::template apply<T>(before, all);
    } else {
        const std::vector<T> parts = gather(part, comm, site);
        T acc = parts[0];
        for (size_t r = 1; r < parts.size(); r++)
            acc = Op::template apply<T>(acc, parts[r]);
        const T result = Op::template apply<T>(before, acc);
        check_zero_signs(result, before, parts, site);
        return result;
    }
}

/* The rest: the parts combined over the ranks, then the value before the
 * loop folded in once by the same operator. */
template <class Op, class T> inline T finish(T before, T part, MPI_Comm comm, bool ordered, const char *site)
{
    require_running(site);
    if constexpr (is_logical<Op>()) {
        return finish_logical<Op>(before, part, comm, site);
    } else if constexpr (std::is_same<Op, op_add>::value || std::is_same<Op, op_mul>::value) {
        constexpr bool add = std::is_same<Op, op_add>::value;
        T all;
        if constexpr (std::is_floating_point<T>::value)
            all = ordered ? fold_in_rank_order<Op>(part, comm, site)
                          : allreduce(part, floating_type<T>(), add ? MPI_SUM : MPI_PROD, comm, site);
        else
            all = allreduce_bits(part, add ? MPI_SUM : MPI_PROD, comm, site);
        return Op::template apply<T>(before, all);
    } else if constexpr (std::is_same<Op, op_band>::value || std::is_same<Op, op_bor>::value ||
                         std::is_same<Op, op_bxor>::value) {
        const MPI_Op op = std::is_same<Op, op_band>::value ? MPI_BAND
                          : std::is_same<Op, op_bor>::value ? MPI_BOR
                                                            : MPI_BXOR;
        return Op::template apply<T>(before, allreduce_bits(part, op, comm, site));
    } else {
        return finish_minmax<Op>(before, part, comm, site);
    }
}

/* maxloc/minloc whose ties keep the first iteration (`>`): the value starts
 * from the identity, which no update replaces by an equal value, and the
 * ranks' pairs are folded in rank order by the same strict test, from the
 * pair before the loop: the first best value over all ranks' iterations
 * in rank order, with its index. */
template <bool MAX, class T> inline T start_loc(T &v)
{
    const T before = v;
    v = MAX ? lowest<T>() : highest<T>();
    return before;
}

template <class T, class I> struct loc_pair {
    T v;
    I idx;
};

template <bool MAX, class T, class I>
inline void finish_loc(T &v, I &idx, T before_v, I before_idx, MPI_Comm comm, const char *site)
{
    require_running(site);
    loc_pair<T, I> mine;
    memset(&mine, 0, sizeof mine); /* padding: the bytes travel */
    mine.v = v;
    mine.idx = idx;
    const std::vector<loc_pair<T, I>> all = gather(mine, comm, site);
    T best = before_v;
    I at = before_idx;
    for (const loc_pair<T, I> &p : all) {
        if (MAX ? p.v > best : p.v < best) {
            best = p.v;
            at = p.idx;
        }
    }
    v = best;
    idx = at;
}

} /* namespace mpi */
PRAGREDUCE_ABI_END
} /* namespace pragreduce */
#endif /* PRAGREDUCE_MPI */

#endif /* PRAGREDUCE_RT_MPI_CUH */
