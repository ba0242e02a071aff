/* The combine operators against C, on the host (integer sums and products
 * at the end). The min/max ones: for every update
 * form, sequences with NaNs and zeros of both signs are reduced the way the
 * kernel does it (each of T threads takes every T-th element from the
 * identity, noting a NaN a taking update took; partials combined in a
 * butterfly; the value before the loop folded in as emit.c folds it) and
 * the result must be the sequential loop's, bit for bit, unless
 * order_sensitive() sends it to the CPU.
 *   nvcc -O1 -Xcompiler -fsanitize=undefined -Xlinker -lubsan tests/runtime/minmax_combine.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <string.h>

#include "under_test.cuh"

static int failures, checks, to_cpu;

enum Form { KEEP_GT, KEEP_GE, TAKE_GT, TAKE_GE, FMAX_FORM };
static const char *const form_names[] = {"x > m ? x : m", "x >= m ? x : m", "m > x ? m : x",
                                          "m >= x ? m : x", "fmax(m, x)"};

/* One update, as the loop writes it (MAX; MIN mirrors it). */
template <bool MAX> static double update(Form f, double m, double x)
{
    switch (f) {
    case KEEP_GT: return (MAX ? x > m : x < m) ? x : m;
    case KEEP_GE: return (MAX ? x >= m : x <= m) ? x : m;
    case TAKE_GT: return (MAX ? m > x : m < x) ? m : x;
    case TAKE_GE: return (MAX ? m >= x : m <= x) ? m : x;
    default: return MAX ? fmax(m, x) : fmin(m, x);
    }
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The kernel's combine operator and the wrapper's fold, per form. */
template <bool MAX, class Op> static double combine_with(const double *part, int t)
{
    /* butterfly over a power of two, as warp_reduce: lane 0's view */
    double v[64];
    for (int i = 0; i < t; i++)
        v[i] = part[i];
    for (int mask = t / 2; mask > 0; mask /= 2)
        for (int i = 0; i < t; i++)
            if ((i & mask) == 0)
                v[i] = Op::apply(v[i], v[i | mask]);
    return v[0];
}

template <bool MAX> static void check(Form f, const double *x, int n, double before, int threads)
{
    double seq = before;
    for (int i = 0; i < n; i++)
        seq = update<MAX>(f, seq, x[i]);
    if (n == 0)
        return; /* the wrapper returns before the GPU: the variable is untouched */
    bool take = f == TAKE_GT || f == TAKE_GE, fm = f == FMAX_FORM;
    double id = fm ? pragreduce::op_fmax<double>::identity<double>()
                   : MAX ? pragreduce::lowest<double>() : pragreduce::highest<double>();
    double part[64];
    for (int t = 0; t < threads; t++) {
        double m = id;
        bool nan = false;
        for (int i = t; i < n; i += threads) {
            m = update<MAX>(f, m, x[i]);
            nan |= take && m != m;
        }
        part[t] = nan ? (double)NAN : m;
    }
    double r, fin;
    if (fm) {
        r = MAX ? combine_with<MAX, pragreduce::op_fmax<double>>(part, threads)
                : combine_with<MAX, pragreduce::op_fmin<double>>(part, threads);
        fin = MAX ? pragreduce::op_fmax<double>::apply(before, r) : pragreduce::op_fmin<double>::apply(before, r);
    } else if (take) {
        r = MAX ? combine_with<MAX, pragreduce::op_max_nan>(part, threads)
                : combine_with<MAX, pragreduce::op_min_nan>(part, threads);
        fin = pragreduce::fold_take<MAX>(before, r);
    } else {
        r = MAX ? combine_with<MAX, pragreduce::op_max>(part, threads)
                : combine_with<MAX, pragreduce::op_min>(part, threads);
        fin = MAX ? pragreduce::op_max::apply(before, r) : pragreduce::op_min::apply(before, r);
    }
    checks++;
    if (pragreduce::order_sensitive(fin)) {
        to_cpu++;
        return;
    }
    if (!same_bits(fin, seq)) {
        failures++;
        if (failures < 20) {
            printf("FAIL %s %s, before %g, %d threads: got %g, C gives %g; data", MAX ? "max" : "min",
                   form_names[f], before, threads, fin, seq);
            for (int i = 0; i < n; i++)
                printf(" %g", x[i]);
            printf("\n");
        }
    }
}

/* Sums and products of integer partials wrap as C's conversion to the
 * type does, without a signed overflow of their own (build with
 * -Xcompiler -fsanitize=undefined to see none). */
static void check_integer_ops()
{
    using pragreduce::op_add;
    using pragreduce::op_mul;
    checks += 5;
    failures += op_add::apply(INT_MAX, 1) != INT_MIN;
    failures += op_add::apply(LLONG_MIN, -1LL) != LLONG_MAX;
    failures += op_mul::apply((unsigned short)65535, (unsigned short)65535) != (unsigned short)1;
    failures += op_mul::apply((short)-32768, (short)-1) != (short)-32768;
    failures += op_mul::apply(INT_MAX, INT_MAX) != 1;
    unsigned seed = 7;
    for (int k = 0; k < 100000; k++) {
        seed = seed * 1103515245u + 12345u;
        unsigned short a = (unsigned short)(seed >> 8), b = (unsigned short)(seed >> 3);
        long long sa = (long long)((unsigned long long)seed << 33), sb = (long long)((unsigned long long)(seed * 2654435761u) << 31);
        checks += 2;
        failures += op_mul::apply(a, b) != (unsigned short)((unsigned)a * (unsigned)b);
        failures += op_add::apply(sa, sb) != (long long)((unsigned long long)sa + (unsigned long long)sb);
    }
}

int main()
{
    check_integer_ops();
    static const double values[] = {NAN, -0.0, 0.0, 1.0, -1.0, 2.0, INFINITY, -INFINITY};
    static const double befores[] = {NAN, -0.0, 0.0, 1.5, -1.5, INFINITY, -INFINITY};
    unsigned seed = 12345;
    double x[40];
    for (int round = 0; round < 20000; round++) {
        int n = (int)(seed % 40);
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            /* a few values per round, NaN and zeros often */
            x[i] = values[(seed >> 16) % (round % 3 == 0 ? 8 : round % 3 == 1 ? 5 : 3)];
        }
        seed = seed * 1103515245u + 12345u;
        for (double b : befores)
            for (int threads = 1; threads <= 32; threads *= 2)
                for (int f = KEEP_GT; f <= FMAX_FORM; f++) {
                    check<true>((Form)f, x, n, b, threads);
                    check<false>((Form)f, x, n, b, threads);
                }
    }
    printf("minmax combine: %d checks, %d sent to the CPU, %d failures\n", checks, to_cpu, failures);
    return failures != 0;
}
