/* The runtime's PRAGREDUCE_* variables: each value in range is taken, each
 * value out of range or malformed (negative, huge, wrapping to 0, not a
 * number) is an error naming the variable at the first marked loop, with
 * exit status 2. The program runs itself with each environment.
 *   nvcc -O1 tests/runtime/settings.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "under_test.cuh"

/* The child: what the first marked loop does first, from several threads at
 * once (parsed once, thread-safely), then the values taken. */
static int child()
{
    std::vector<std::thread> threads;
    for (int k = 0; k < 8; k++)
        threads.emplace_back([] { (void)pragreduce::use_gpu("t.c:1: reduce(+: s)", 1, ~0ULL); });
    for (auto &t : threads)
        t.join();
    const pragreduce::Settings &s = pragreduce::settings();
    printf("device %d threads %d chunk %zu stage %zu mem %zu group %d pin %zu resident %d warmup %d "
           "profile %d bench %d gpus_from %lld\n",
           s.device, pragreduce::copy_threads(), pragreduce::copy_chunk(), pragreduce::stage_min(),
           s.device_mem_kb, s.segment_group, s.pin_min_kb, s.resident, s.warmup, s.profile, s.bench, s.gpus_from);
    return 0;
}

static int failures;

/* Runs the child with `env` (NAME=VALUE ...); its output must contain `want`
 * and its exit status be `status`. */
static void expect(const char *env, const char *want, int status)
{
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        printf("FAIL: cannot find this program\n");
        failures++;
        return;
    }
    self[len] = '\0';
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "env PRAGREDUCE_DEVICE=cpu %s '%s' child 2>&1; echo \"exit $?\"", env, self);
    FILE *p = popen(cmd, "r");
    char out[4096] = "";
    size_t got = fread(out, 1, sizeof out - 1, p);
    out[got] = '\0';
    pclose(p);
    char exit_line[32];
    snprintf(exit_line, sizeof exit_line, "exit %d\n", status);
    if (!strstr(out, want) || !strstr(out, exit_line)) {
        printf("FAIL %s: want '%s' and '%s', got:\n%s", env, want, exit_line, out);
        failures++;
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "child") == 0)
        return child();
    /* defaults, and values in range */
    expect("", "chunk 4194304 stage 4194304 mem 0 group 0 pin 1024 resident 1 warmup 2 profile 0 bench 0", 0);
    expect("PRAGREDUCE_COPY_THREADS=3 PRAGREDUCE_COPY_CHUNK_KB=64", "threads 3 chunk 65536", 0);
    expect("PRAGREDUCE_COPY_THREADS=64", "threads 64 ", 0);
    expect("PRAGREDUCE_STAGE_MIN_KB=0 PRAGREDUCE_DEVICE_MEM_KB=1536", "stage 0 mem 1536", 0);
    expect("PRAGREDUCE_SEGMENT_GROUP=32 PRAGREDUCE_PIN_MIN_KB=0", "group 32 pin 0", 0);
    expect("PRAGREDUCE_RESIDENT=0 PRAGREDUCE_WARMUP=0 PRAGREDUCE_BENCH=0", "resident 0 warmup 0", 0);
    expect("PRAGREDUCE_COPY_THREADS=", "chunk 4194304", 0); /* empty: unset */
    /* out of range or malformed: an error naming the variable, exit 2 */
    expect("PRAGREDUCE_COPY_THREADS=-3",
           "pragreduce: PRAGREDUCE_COPY_THREADS=-3: expected an integer from 1 to 64", 2);
    expect("PRAGREDUCE_COPY_THREADS=65", "PRAGREDUCE_COPY_THREADS=65: expected an integer from 1 to 64", 2);
    expect("PRAGREDUCE_COPY_THREADS=0", "PRAGREDUCE_COPY_THREADS=0: expected an integer from 1 to 64", 2);
    expect("PRAGREDUCE_COPY_THREADS=18446744073709551613",
           "PRAGREDUCE_COPY_THREADS=18446744073709551613: expected an integer from 1 to 64", 2);
    expect("PRAGREDUCE_COPY_THREADS=4x", "PRAGREDUCE_COPY_THREADS=4x: expected an integer", 2);
    expect("PRAGREDUCE_COPY_CHUNK_KB=18014398509481984",
           "PRAGREDUCE_COPY_CHUNK_KB=18014398509481984: expected an integer from 4 to 262144", 2);
    expect("PRAGREDUCE_COPY_CHUNK_KB=0", "PRAGREDUCE_COPY_CHUNK_KB=0: expected an integer from 4 to 262144", 2);
    expect("PRAGREDUCE_STAGE_MIN_KB=-1", "PRAGREDUCE_STAGE_MIN_KB=-1: expected an integer from 0 to", 2);
    expect("PRAGREDUCE_DEVICE_MEM_KB=0", "PRAGREDUCE_DEVICE_MEM_KB=0: expected an integer from 1 to", 2);
    expect("PRAGREDUCE_DEVICE_MEM_KB=99999999999999999999999",
           "PRAGREDUCE_DEVICE_MEM_KB=99999999999999999999999: expected an integer", 2);
    expect("PRAGREDUCE_PIN_MIN_KB=lots", "PRAGREDUCE_PIN_MIN_KB=lots: expected an integer", 2);
    expect("PRAGREDUCE_SEGMENT_GROUP=64", "PRAGREDUCE_SEGMENT_GROUP=64: expected 1, 32 or 256", 2);
    expect("PRAGREDUCE_RESIDENT=no", "PRAGREDUCE_RESIDENT=no: expected an integer from 0 to 1", 2);
    expect("PRAGREDUCE_WARMUP=2", "PRAGREDUCE_WARMUP=2: expected 0, 1, auto or later", 2);
    expect("PRAGREDUCE_WARMUP=yes", "PRAGREDUCE_WARMUP=yes: expected 0, 1, auto or later", 2);
    expect("PRAGREDUCE_WARMUP=1", "warmup 1", 0);
    expect("PRAGREDUCE_WARMUP=auto", "warmup 2", 0);
    expect("PRAGREDUCE_PROFILE=yes", "PRAGREDUCE_PROFILE=yes: expected an integer from 0 to 1", 2);
    expect("PRAGREDUCE_ADAPT=on", "PRAGREDUCE_ADAPT=on: expected an integer from 0 to 2", 2);
    expect("PRAGREDUCE_BENCH=-5", "PRAGREDUCE_BENCH=-5: expected an integer from 0 to 1000000", 2);
    expect("PRAGREDUCE_GPUS_FROM=65536", "gpus_from 65536", 0);
    expect("PRAGREDUCE_GPUS_FROM=", "gpus_from 0", 0);
    expect("PRAGREDUCE_GPUS_FROM=1", "PRAGREDUCE_GPUS_FROM=1: expected an integer from 2 to 4611686018427387904", 2);
    expect("PRAGREDUCE_GPUS_FROM=4M", "PRAGREDUCE_GPUS_FROM=4M: expected an integer", 2);
    expect("PRAGREDUCE_DEVICE=fast", "pragreduce: PRAGREDUCE_DEVICE=fast: expected cpu, gpu or auto", 2);
    /* digits only: a sign or a blank is no integer of these settings */
    expect("PRAGREDUCE_BENCH=+4", "PRAGREDUCE_BENCH=+4: expected an integer from 0 to 1000000", 2);
    expect("'PRAGREDUCE_COPY_THREADS= 4'", "PRAGREDUCE_COPY_THREADS= 4: expected an integer from 1 to 64", 2);
    /* a device number: the range is the machine's (one past it: choose_device) */
    {
        int count = 0;
        if (cudaGetDeviceCount(&count) != cudaSuccess)
            count = 0;
        char want[256];
        for (const char *v : {"-1", "+1", "abc"}) {
            if (count > 0)
                snprintf(want, sizeof want,
                         "pragreduce: PRAGREDUCE_GPU=%s: expected a device number from 0 to %d (this machine has %d "
                         "CUDA device%s)\n",
                         v, count - 1, count, count == 1 ? "" : "s");
            else
                snprintf(want, sizeof want,
                         "pragreduce: PRAGREDUCE_GPU=%s: expected a device number (0 for the first GPU; this "
                         "machine has no usable CUDA device)\n",
                         v);
            char env[64];
            snprintf(env, sizeof env, "PRAGREDUCE_GPU=%s", v);
            expect(env, want, 2);
        }
        expect("PRAGREDUCE_GPU=0", "profile 0", 0);
    }
    /* a misspelt variable: a warning with the setting it resembles, the run goes on */
    expect("PRAGREDUCE_PROFLE=1",
           "pragreduce: warning: PRAGREDUCE_PROFLE is not a setting of pragreduce's; it is ignored (did you mean "
           "PRAGREDUCE_PROFILE?)",
           0);
    expect("PRAGREDUCE_NOTHING_LIKE_IT=1",
           "pragreduce: warning: PRAGREDUCE_NOTHING_LIKE_IT is not a setting of pragreduce's; it is ignored\n", 0);
    expect("PRAGREDUCE_HOST_CC=gcc PRAGREDUCE_ARCH=sm_90", "profile 0", 0); /* the driver's: no warning */
    printf("settings: %d failures\n", failures);
    return failures != 0;
}
