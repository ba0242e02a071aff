/* cost.c: the model as a pure function of loop facts and a device. */
#include "unit.h"

#include <limits.h>
#include <string.h>

static AccessFact access_of(StrideClass cls, long long stride, int elem, double bytes)
{
    return (AccessFact){.text = "a[...]", .array = "a", .cls = cls, .stride = stride,
                        .elem = elem, .bytes = bytes};
}

static CostFacts facts(AccessFact *a, int n, double bytes, double ops, int vector)
{
    return (CostFacts){.accesses = a, .naccesses = n, .bytes_per_iter = bytes,
                       .copy_per_iter = bytes, .ops_per_iter = ops, .accum_bytes = 4,
                       .max_vector = vector, .vector_arrays = vector > 1, .float_chain = true};
}

START_TEST(devices_by_name_and_arch)
{
    ck_assert_str_eq(gpu_find("h100")->name, "H100");
    ck_assert_str_eq(gpu_find("sm_80")->name, "A100");
    ck_assert_str_eq(gpu_find("V100")->arch, "sm_70");
    ck_assert_ptr_nonnull(gpu_find("L4"));
    ck_assert_ptr_nonnull(gpu_find("RTX4090"));
    ck_assert_ptr_null(gpu_find("K80"));
}
END_TEST

START_TEST(coalesced_beats_strided)
{
    const GpuDesc *d = gpu_find("H100");
    AccessFact one = access_of(STRIDE_ONE, 1, 4, 4), large = access_of(STRIDE_LARGE, 64, 4, 32);
    CostFacts f1 = facts(&one, 1, 4, 2, 1), f2 = facts(&large, 1, 32, 2, 1);
    LaunchPlan p = {.block = 256, .unroll = 4, .vector = 1, .waves = 1};
    ck_assert(cost_estimate(&f1, d, &p, 1 << 24, NULL) < cost_estimate(&f2, d, &p, 1 << 24, NULL));
}
END_TEST

START_TEST(estimate_grows_with_n)
{
    const GpuDesc *d = gpu_find("H100");
    AccessFact one = access_of(STRIDE_ONE, 1, 4, 4);
    CostFacts f = facts(&one, 1, 4, 2, 4);
    LaunchPlan p = cost_choose(&f, d, NULL, NULL);
    double last = 0;
    for (double n = 1024; n <= (double)(1 << 28); n *= 4) {
        double t = cost_estimate(&f, d, &p, n, NULL);
        ck_assert(t >= last);
        last = t;
    }
    /* the 2^28 float sum lands near the chip's read ceiling */
    double us = cost_estimate(&f, d, &p, 1 << 28, NULL);
    ck_assert(us > 300 && us < 400);
}
END_TEST

START_TEST(wider_vectors_win_for_unit_stride)
{
    const GpuDesc *d = gpu_find("H100");
    AccessFact one = access_of(STRIDE_ONE, 1, 4, 4);
    CostFacts f = facts(&one, 1, 4, 2, 4);
    LaunchPlan p = cost_choose(&f, d, NULL, NULL);
    ck_assert_int_eq(p.vector, 4);
    CostFacts g = facts(&one, 1, 4, 2, 1);
    ck_assert_int_eq(cost_choose(&g, d, NULL, NULL).vector, 1);
}
END_TEST

START_TEST(compute_heavy_bodies_fill_the_sm)
{
    const GpuDesc *d = gpu_find("H100");
    AccessFact one = access_of(STRIDE_ONE, 1, 4, 4);
    CostFacts f = facts(&one, 1, 4, 400, 1);
    Candidate table[64];
    int n;
    LaunchPlan p = cost_choose(&f, d, table, &n);
    for (int i = 0; i < n; i++)
        if (table[i].plan.block == p.block && table[i].plan.unroll == p.unroll &&
            table[i].plan.vector == p.vector)
            ck_assert(table[i].occupancy >= 0.5);
    /* and take longer than the memory-bound loop */
    CostFacts light = facts(&one, 1, 4, 2, 1);
    ck_assert(cost_estimate(&f, d, &p, 1 << 24, NULL) >
              cost_estimate(&light, d, &p, 1 << 24, NULL));
}
END_TEST

START_TEST(cpu_threshold)
{
    const GpuDesc *d = gpu_find("H100");
    AccessFact one = access_of(STRIDE_ONE, 1, 4, 4);
    /* a float sum: the CPU's add chain is slower than copying 4 bytes */
    CostFacts f = facts(&one, 1, 4, 2, 4);
    unsigned long long t = cost_cpu_threshold(&f, d);
    ck_assert(t > 1000 && t < 1000000);
    /* 32 bytes copied per iteration for one add: the CPU beats pageable
     * copies; the GPU wins only once copies are staged (4 MiB and up) */
    CostFacts g = facts(&one, 1, 32, 2, 1);
    g.float_chain = false;
    unsigned long long tg = cost_cpu_threshold(&g, d);
    ck_assert(tg >= (4u << 20) / 32 && tg < ULLONG_MAX);
    /* copying far more than the CPU reads: the CPU always wins */
    CostFacts c = facts(&one, 1, 32, 2, 1);
    c.float_chain = false;
    c.bytes_per_iter = 2;
    c.copy_per_iter = 512;
    ck_assert(cost_cpu_threshold(&c, d) == ULLONG_MAX);
    /* heavy arithmetic: the GPU wins early */
    CostFacts h = facts(&one, 1, 4, 400, 1);
    ck_assert(cost_cpu_threshold(&h, d) < t);
}
END_TEST

START_TEST(cpu_threshold_kept)
{
    const GpuDesc *d = gpu_find("H100");
    AccessFact one = access_of(STRIDE_ONE, 1, 4, 4);
    /* with the arrays on the GPU already, no copy: the GPU wins sooner */
    CostFacts f = facts(&one, 1, 4, 2, 4);
    unsigned long long kept = cost_cpu_threshold_kept(&f, d);
    ck_assert(kept > 1000 && kept < cost_cpu_threshold(&f, d));
    /* the call's fixed cost over a float add chain (1.3 ns): ~12 us */
    ck_assert(kept > 8000 && kept < 10000);
    /* copies that never pay off still leave the kept case to the GPU */
    CostFacts c = facts(&one, 1, 32, 2, 1);
    c.float_chain = false;
    c.bytes_per_iter = 2;
    c.copy_per_iter = 512;
    ck_assert(cost_cpu_threshold(&c, d) == ULLONG_MAX);
    ck_assert(cost_cpu_threshold_kept(&c, d) < ULLONG_MAX);
    /* heavy arithmetic: sooner still */
    CostFacts h = facts(&one, 1, 4, 400, 1);
    ck_assert(cost_cpu_threshold_kept(&h, d) < kept);
}
END_TEST

START_TEST(cpu_threshold_team)
{
    const GpuDesc *d = gpu_find("H100");
    AccessFact one = access_of(STRIDE_ONE, 1, 4, 4);
    /* a float sum over arrays the host rewrote: 16 cores add faster than
     * the link carries the floats again (hotspot3D's per-step mean) */
    CostFacts f = facts(&one, 1, 4, 2, 4);
    ck_assert(cost_cpu_threshold_team(&f) == ULLONG_MAX);
    /* heavy arithmetic per element: the GPU still wins, later than
     * against one core */
    CostFacts h = facts(&one, 1, 4, 400, 1);
    unsigned long long th = cost_cpu_threshold_team(&h);
    ck_assert(th < ULLONG_MAX && th > cost_cpu_threshold(&h, d));
    /* copying what the team reads from memory: never */
    CostFacts m = facts(&one, 1, 64, 2, 1);
    m.float_chain = false;
    ck_assert(cost_cpu_threshold_team(&m) == ULLONG_MAX);
}
END_TEST

START_TEST(facts_from_a_loop)
{
    int n;
    bool ok;
    Site *sites = analyze_snippet("#include <math.h>\n"
                                  "double f(const double *a, const float *b, int n) {\n"
                                  "  double s = 0;\n#pragma reduce(+: s)\n"
                                  "  for (int i = 0; i < n; i++) s += a[i] * b[4 * i] + a[0] + sqrt(a[i]);\n"
                                  "  return s; }\n",
                                  &n, &ok);
    ck_assert(ok);
    CostFacts f = cost_facts(NULL, &sites[0]);
    ck_assert_int_eq(f.naccesses, 4);
    int ones = 0, smalls = 0, zeros = 0;
    for (int i = 0; i < f.naccesses; i++) {
        ones += f.accesses[i].cls == STRIDE_ONE;
        smalls += f.accesses[i].cls == STRIDE_SMALL;
        zeros += f.accesses[i].cls == STRIDE_ZERO;
    }
    ck_assert_int_eq(ones, 2);
    ck_assert_int_eq(smalls, 1);
    ck_assert_int_eq(zeros, 1);
    /* a: 8 bytes (counted once), b: 4 * 4 bytes per iteration */
    ck_assert(f.bytes_per_iter == 8 + 16);
    ck_assert_int_eq(f.specials, 1);
}
END_TEST

Suite *cost_suite(void)
{
    Suite *s = suite_create("cost");
    TCase *tc = tcase_create("model");
    tcase_add_test(tc, devices_by_name_and_arch);
    tcase_add_test(tc, coalesced_beats_strided);
    tcase_add_test(tc, estimate_grows_with_n);
    tcase_add_test(tc, wider_vectors_win_for_unit_stride);
    tcase_add_test(tc, compute_heavy_bodies_fill_the_sm);
    tcase_add_test(tc, cpu_threshold);
    tcase_add_test(tc, cpu_threshold_kept);
    tcase_add_test(tc, cpu_threshold_team);
    tcase_add_test(tc, facts_from_a_loop);
    suite_add_tcase(s, tc);
    return s;
}
