/* Which GPU a process binds to (host.cuh's choose_device): PRAGREDUCE_GPU
 * first, else the launcher's local rank modulo the node's devices, else
 * device 0; bad values are errors naming the variable. Runs without a GPU:
 * the environment and the device count are given to the function, and
 * PRAGREDUCE_GPU's parsing is checked through parse_settings; then the
 * team a loop is split over (PRAGREDUCE_GPUS, make_team).
 *   nvcc -O1 tests/runtime/device_binding.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "under_test.cuh"

/* The environment a case sees: NAME=VALUE pairs. */
static const char *const *fake_env;

static const char *lookup(const char *name)
{
    const size_t len = strlen(name);
    for (const char *const *e = fake_env; *e; e++)
        if (strncmp(*e, name, len) == 0 && (*e)[len] == '=')
            return *e + len + 1;
    return nullptr;
}

static int failures;

/* With `env` and `count` devices, PRAGREDUCE_GPU `requested`: device `want`,
 * or an error containing `want_error`. */
static void expect(const char *const *env, int count, int requested, int want, const char *want_error)
{
    fake_env = env;
    const pragreduce::DeviceChoice c = pragreduce::choose_device(count, requested, lookup);
    const bool ok = want_error ? strstr(c.error, want_error) != nullptr : !c.error[0] && c.device == want;
    if (!ok) {
        printf("FAIL: %s... count %d, requested %d: device %d error '%s', want %d '%s'\n",
               env[0] ? env[0] : "(empty)", count, requested, c.device, c.error, want,
               want_error ? want_error : "");
        failures++;
    }
}

/* PRAGREDUCE_GPU=value through the settings parser: `want` (-1 unset) or an error. */
static void expect_setting(const char *value, int want, const char *want_error)
{
    setenv("PRAGREDUCE_GPU", value, 1);
    const pragreduce::Settings s = pragreduce::parse_settings();
    unsetenv("PRAGREDUCE_GPU");
    const bool ok = want_error ? strstr(s.error, want_error) != nullptr : !s.error[0] && s.gpu == want;
    if (!ok) {
        printf("FAIL: PRAGREDUCE_GPU=%s: gpu %d error '%s', want %d '%s'\n", value, s.gpu, s.error, want,
               want_error ? want_error : "");
        failures++;
    }
}

/* PRAGREDUCE_GPUS=value through the settings parser: `want` (0: all) or an error. */
static void expect_gpus_setting(const char *value, int want, const char *want_error)
{
    setenv("PRAGREDUCE_GPUS", value, 1);
    const pragreduce::Settings s = pragreduce::parse_settings();
    unsetenv("PRAGREDUCE_GPUS");
    const bool ok = want_error ? strstr(s.error, want_error) != nullptr : !s.error[0] && s.gpus == want;
    if (!ok) {
        printf("FAIL: PRAGREDUCE_GPUS=%s: gpus %d error '%s', want %d '%s'\n", value, s.gpus, s.error, want,
               want_error ? want_error : "");
        failures++;
    }
}

/* A team of `wanted` (0: all) of `count` devices from `first`: `devices`
 * in order (size from the list's -1 end), or an error. */
static void expect_team(int count, int first, int wanted, const int *devices, const char *want_error)
{
    char error[160] = "";
    const pragreduce::Team t = pragreduce::make_team(count, first, wanted, error, sizeof error);
    int size = 0;
    while (devices[size] >= 0)
        size++;
    bool ok = want_error ? strstr(error, want_error) != nullptr : !error[0];
    ok = ok && t.size == size;
    for (int k = 0; ok && k < size; k++)
        ok = t.device[k] == devices[k];
    if (!ok) {
        printf("FAIL: team of %d from %d of %d devices: size %d error '%s'\n", wanted, first, count, t.size, error);
        failures++;
    }
}

int main()
{
    const char *none[] = {nullptr};
    const char *ompi3[] = {"OMPI_COMM_WORLD_LOCAL_RANK=3", nullptr};
    const char *ompi5[] = {"OMPI_COMM_WORLD_LOCAL_RANK=5", "SLURM_LOCALID=0", nullptr};
    const char *hydra[] = {"MPI_LOCALRANKID=2", nullptr};
    const char *mvapich[] = {"MV2_COMM_WORLD_LOCAL_RANK=1", nullptr};
    const char *slurm[] = {"SLURM_LOCALID=7", nullptr};
    const char *cray[] = {"PMI_LOCAL_RANK=6", nullptr};
    const char *pals[] = {"PALS_LOCAL_RANKID=9", nullptr};
    const char *flux[] = {"FLUX_TASK_LOCAL_ID=4", nullptr};
    const char *empty_first[] = {"OMPI_COMM_WORLD_LOCAL_RANK=", "SLURM_LOCALID=3", nullptr};
    const char *bad[] = {"OMPI_COMM_WORLD_LOCAL_RANK=two", nullptr};
    const char *negative[] = {"SLURM_LOCALID=-1", nullptr};

    expect(none, 4, -1, 0, nullptr);        /* no launcher: device 0, as without MPI */
    expect(ompi3, 4, -1, 3, nullptr);       /* a rank per GPU */
    expect(ompi3, 2, -1, 1, nullptr);       /* more ranks than GPUs: modulo */
    expect(ompi5, 4, -1, 1, nullptr);       /* Open MPI's variable comes first */
    expect(hydra, 4, -1, 2, nullptr);
    expect(mvapich, 1, -1, 0, nullptr);
    expect(slurm, 4, -1, 3, nullptr);
    expect(cray, 8, -1, 6, nullptr);
    expect(pals, 4, -1, 1, nullptr);
    expect(flux, 3, -1, 1, nullptr);
    expect(empty_first, 4, -1, 3, nullptr); /* empty: unset */
    expect(ompi3, 4, 0, 0, nullptr);        /* PRAGREDUCE_GPU overrides the rank */
    expect(none, 2, 1, 1, nullptr);
    expect(bad, 4, 2, 2, nullptr);          /* ... and a launcher value it makes irrelevant */
    expect(none, 2, 2, 0, "PRAGREDUCE_GPU=2: this machine has 2 CUDA devices (0 to 1)");
    expect(none, 1, 5, 0, "PRAGREDUCE_GPU=5: this machine has 1 CUDA device (0 to 0)");
    expect(bad, 4, -1, 0, "OMPI_COMM_WORLD_LOCAL_RANK=two: not a local rank; set PRAGREDUCE_GPU");
    expect(negative, 4, -1, 0, "SLURM_LOCALID=-1: not a local rank");

    expect_setting("", -1, nullptr); /* empty: unset */
    expect_setting("0", 0, nullptr);
    expect_setting("7", 7, nullptr);
    expect_setting("-1", 0, "PRAGREDUCE_GPU=-1: expected a device number");
    expect_setting("+1", 0, "PRAGREDUCE_GPU=+1: expected a device number");
    expect_setting("gpu1", 0, "PRAGREDUCE_GPU=gpu1: expected a device number");
    expect_setting("1 ", 0, "PRAGREDUCE_GPU=1 : expected a device number");
    expect_gpus_setting("", 1, nullptr); /* unset: one GPU */
    expect_gpus_setting("all", 0, nullptr);
    expect_gpus_setting("2", 2, nullptr);
    expect_gpus_setting("0", 0, "PRAGREDUCE_GPUS=0: expected all or an integer from 1 to 1048576");
    expect_gpus_setting("ALL", 0, "PRAGREDUCE_GPUS=ALL: expected all or an integer");
    expect_gpus_setting("2x", 0, "PRAGREDUCE_GPUS=2x: expected all or an integer");

    const int one[] = {0, -1}, two[] = {0, 1, -1}, four_from_2[] = {2, 3, 0, 1, -1}, all8_from_5[] = {5, 6, 7, 0, 1, 2, 3, 4, -1};
    expect_team(4, 0, 1, one, nullptr);
    expect_team(4, 0, 2, two, nullptr);
    expect_team(4, 2, 0, four_from_2, nullptr); /* all, from this process's own */
    expect_team(8, 5, 0, all8_from_5, nullptr);
    expect_team(1, 0, 0, one, nullptr);
    expect_team(2, 0, 3, two, "PRAGREDUCE_GPUS=3: this machine has 2 CUDA devices");
    expect_team(1, 0, 2, one, "PRAGREDUCE_GPUS=2: this machine has 1 CUDA device");
    const int sixteen[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, -1};
    expect_team(20, 0, 0, sixteen, nullptr); /* at most max_team */
    /* how many GPUs of the team a call uses: none split below the trip
     * count given, then as many as keep each part at half of it */
    const unsigned long long from = 1ULL << 22;
    struct { unsigned long long flat; unsigned gpus, want; } splits[] = {
        {from - 1, 4, 1}, {from, 4, 2}, {from, 1, 1}, {2 * from - 1, 4, 3}, {2 * from, 4, 4},
        {1ULL << 40, 4, 4}, {from, 2, 2}, {5, 16, 5}, {2, 16, 2}, {4, 3, 3},
    };
    for (auto &c : splits) {
        const unsigned got = pragreduce::team_gpus_for(c.flat, c.gpus, c.flat < 16 ? 2 : from);
        if (got != c.want) {
            printf("FAIL: %llu iterations on a team of %u: %u GPUs, want %u\n", c.flat, c.gpus, got, c.want);
            failures++;
        }
    }
    printf("device binding: %d failures\n", failures);
    return failures != 0;
}
