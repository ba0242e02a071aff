/* && and || against C, on the host: a variable that no update reaches
 * keeps its value (5 stays 5, -2 stays -2) and an update gives 0 or 1.
 * Every sequence of up to 6 elements, each updating or skipped (a filter),
 * is reduced the way the kernels do it (T threads each take every T-th
 * element from start_from(before, identity); partials combined in a
 * butterfly; chunks folded; the value before folded in last, as emit.c
 * and emit_segment.c do) and the result must be the sequential loop's.
 * Found by tests/gen on the H100: `s = 5; if (f) s = x || s;` with no f
 * true gave 1.
 *   nvcc -O1 tests/runtime/logical_combine.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>

#include "under_test.cuh"

static int failures, checks;

/* One update, in either operand order (`s = x || s`, `s = s || x`). */
template <class Op, class T> static T update(T s, T x, bool s_first)
{
    if (std::is_same<Op, pragreduce::op_land>::value)
        return s_first ? (T)(s && x) : (T)(x && s);
    return s_first ? (T)(s || x) : (T)(x || s);
}

template <class Op, class T> static T butterfly(T *v, int t)
{
    for (int mask = t / 2; mask > 0; mask /= 2)
        for (int i = 0; i < t; i++)
            if ((i & mask) == 0)
                v[i] = Op::apply(v[i], v[i | mask]);
    return v[0];
}

template <class Op, class T>
static void check(const T *x, const bool *runs, int n, T before, int threads, int chunks, bool s_first)
{
    T seq = before;
    for (int i = 0; i < n; i++)
        if (runs[i])
            seq = update<Op>(seq, x[i], s_first);
    const T id = pragreduce::start_from<Op>(before, Op::template identity<T>());
    /* chunks of the iterations, each reduced by `threads` threads, folded
     * in order from the identity as the wrapper folds them */
    T r = id;
    int per = (n + chunks - 1) / chunks;
    for (int c = 0; c < chunks; c++) {
        T part[8];
        for (int t = 0; t < threads; t++) {
            part[t] = id;
            for (int i = c * per + t; i < n && i < (c + 1) * per; i += threads)
                if (runs[i])
                    part[t] = update<Op>(part[t], x[i], s_first);
        }
        r = Op::apply(r, butterfly<Op>(part, threads));
    }
    T got = Op::apply(before, r);
    checks++;
    if (got != seq && failures++ < 10)
        printf("FAIL %s: before %g, n %d, %d threads, %d chunks: got %g, C gives %g\n",
               std::is_same<Op, pragreduce::op_land>::value ? "&&" : "||", (double)before, n, threads,
               chunks, (double)got, (double)seq);
}

template <class Op, class T> static void all_sequences(const T *befores, int nb)
{
    const T values[3] = {(T)0, (T)1, (T)3};
    for (int n = 0; n <= 6; n++) {
        int combos = 1;
        for (int i = 0; i < n; i++)
            combos *= 6; /* 3 values x runs or not */
        for (int k = 0; k < combos; k++) {
            T x[6];
            bool runs[6];
            for (int i = 0, m = k; i < n; i++, m /= 6) {
                x[i] = values[m % 3];
                runs[i] = (m / 3) % 2;
            }
            for (int b = 0; b < nb; b++)
                for (int t = 1; t <= 8; t *= 2)
                    for (int chunks = 1; chunks <= 2; chunks++)
                        for (int s_first = 0; s_first < 2; s_first++)
                            check<Op>(x, runs, n, befores[b], t, chunks, s_first);
        }
    }
}

int main()
{
    const int ints[] = {0, 1, 2, 5, -2};
    const double doubles[] = {0.0, 1.0, 2.0, 5.0, -0.5};
    const unsigned char bytes[] = {0, 1, 2, 255};
    const bool bools[] = {false, true};
    all_sequences<pragreduce::op_land>(ints, 5);
    all_sequences<pragreduce::op_lor>(ints, 5);
    all_sequences<pragreduce::op_land>(doubles, 5);
    all_sequences<pragreduce::op_lor>(doubles, 5);
    all_sequences<pragreduce::op_land>(bytes, 4);
    all_sequences<pragreduce::op_lor>(bytes, 4);
    all_sequences<pragreduce::op_land>(bools, 2);
    all_sequences<pragreduce::op_lor>(bools, 2);
    printf("logical_combine: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}
