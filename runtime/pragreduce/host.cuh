/* pragreduce runtime, host helpers: errors, PRAGREDUCE_* settings, the
 * device check. */
#ifndef PRAGREDUCE_RT_HOST_CUH
#define PRAGREDUCE_RT_HOST_CUH

#include "grid.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* ------------------------------------------------------------ host helpers */

/* The last loop whose kernel was left running when its call returned
 * (kernel_done): a fault it makes surfaces at a later CUDA call. */
PRAGREDUCE_FN std::atomic<const char *> &async_site()
{
    static std::atomic<const char *> site{nullptr};
    return site;
}

[[noreturn]] inline void fail(const char *site, const char *what, cudaError_t err)
{
    fprintf(stderr, "%s: %s: %s\n", site, what, cudaGetErrorString(err));
    const char *earlier = async_site().load();
    if (earlier && earlier != site)
        fprintf(stderr, "%s: (its kernel, still running when the call returned, may have caused it)\n",
                earlier);
    exit(1);
}

#define PRAGREDUCE_CHECK(site, what, call)                                                         \
    do {                                                                                           \
        pragreduce::bind_this_thread();                                                            \
        cudaError_t pragreduce_err_ = (call);                                                      \
        if (pragreduce_err_ != cudaSuccess)                                                        \
            pragreduce::fail(site, what, pragreduce_err_);                                         \
    } while (0)

/* PRAGREDUCE_DEVICE: cpu (run marked loops on the CPU), gpu (a missing GPU
 * is an error), auto or unset (the GPU when there is one). */
enum { MODE_AUTO, MODE_CPU, MODE_GPU };

/* PRAGREDUCE_WARMUP: never, always, unless the last run used no GPU, or
 * when a loop first wants the GPU. */
enum { WARMUP_OFF, WARMUP_ON, WARMUP_AUTO, WARMUP_LATER };

/* Every PRAGREDUCE_* variable the runtime reads, parsed once (a function-
 * local static: thread-safe) and range-checked; docs/environment.md lists
 * the bounds. A bad value is an error at its first use (the first marked
 * loop, or the first pinned allocation), never a silent wrap. */
struct Settings {
    int device = MODE_AUTO;
    int copy_threads = 0;       /* 0: one per online core, at most 8 */
    size_t copy_chunk_kb = 4096;
    size_t stage_min_kb = 4096;
    size_t device_mem_kb = 0;   /* 0: the GPU's free memory */
    int segment_group = 0;      /* 0: by the inner trip count */
    int cpu_threads = 0;        /* threads of a CPU path without OpenMP; 0: one per hardware thread */
    size_t pin_min_kb = 1024;
    bool resident = true, profile = false;
    int warmup = WARMUP_AUTO;   /* PRAGREDUCE_WARMUP: 0, 1 or auto (warmup.cuh) */
    int adapt = 1;              /* PRAGREDUCE_ADAPT: auto mode's trial (choice.cuh); 2: the CPU always wins (tests) */
    bool lazy_copy_back = true; /* written arrays stay on the GPU until the host reads them */
    int bench = 0;              /* PRAGREDUCE_BENCH: timed runs per launch */
    int gpu = -1;               /* PRAGREDUCE_GPU: the device to bind to; -1: by the local rank */
    int gpus = 1;               /* PRAGREDUCE_GPUS: GPUs a loop's iterations are split over; 0: all */
    long long gpus_from = 0;    /* PRAGREDUCE_GPUS_FROM: trip count from which a loop splits; 0: the cost model's */
    char error[160] = "";       /* the first bad value, reported by settings() */
};

/* `name`'s decimal value in [lo, hi] into *out, or `fallback` when unset
 * or empty; anything else notes an error naming the variable. */
template <class T>
inline void setting_integer(Settings &s, const char *name, long long lo, long long hi, T *out)
{
    const char *e = getenv(name);
    if (!e || !*e)
        return;
    char *end = nullptr;
    errno = 0;
    const long long v = strtoll(e, &end, 10);
    /* digits only (strtoll would take "+4" and " 4" too), a '-' first */
    const bool digits = (e[0] >= '0' && e[0] <= '9') || (e[0] == '-' && e[1] >= '0' && e[1] <= '9');
    if (digits && errno == 0 && end != e && *end == '\0' && v >= lo && v <= hi) {
        *out = (T)v;
        return;
    }
    if (!s.error[0])
        snprintf(s.error, sizeof s.error, "%s=%s: expected an integer from %lld to %lld", name, e, lo, hi);
}

PRAGREDUCE_FN void setting_flag(Settings &s, const char *name, bool *out)
{
    int v = *out ? 1 : 0;
    setting_integer(s, name, 0, 1, &v);
    *out = v != 0;
}

PRAGREDUCE_FN Settings parse_settings()
{
    Settings s;
    const long long kb_max = 1LL << 40; /* a PiB: bytes still fit in 64 bits */
    const char *d = getenv("PRAGREDUCE_DEVICE");
    if (d && *d && strcmp(d, "auto") != 0) {
        if (strcmp(d, "cpu") == 0)
            s.device = MODE_CPU;
        else if (strcmp(d, "gpu") == 0)
            s.device = MODE_GPU;
        else
            snprintf(s.error, sizeof s.error, "PRAGREDUCE_DEVICE=%s: expected cpu, gpu or auto", d);
    }
    setting_integer(s, "PRAGREDUCE_COPY_THREADS", 1, 64, &s.copy_threads);
    setting_integer(s, "PRAGREDUCE_COPY_CHUNK_KB", 4, 262144, &s.copy_chunk_kb);
    setting_integer(s, "PRAGREDUCE_STAGE_MIN_KB", 0, kb_max, &s.stage_min_kb);
    setting_integer(s, "PRAGREDUCE_DEVICE_MEM_KB", 1, kb_max, &s.device_mem_kb);
    setting_integer(s, "PRAGREDUCE_PIN_MIN_KB", 0, kb_max, &s.pin_min_kb);
    setting_integer(s, "PRAGREDUCE_BENCH", 0, 1000000, &s.bench);
    setting_integer(s, "PRAGREDUCE_CPU_THREADS", 0, 64, &s.cpu_threads);
    setting_flag(s, "PRAGREDUCE_RESIDENT", &s.resident);
    setting_flag(s, "PRAGREDUCE_LAZY_COPY_BACK", &s.lazy_copy_back);
    const char *w = getenv("PRAGREDUCE_WARMUP");
    if (w && *w && strcmp(w, "auto") != 0) {
        if (strcmp(w, "0") == 0 || strcmp(w, "1") == 0)
            s.warmup = w[0] == '1' ? WARMUP_ON : WARMUP_OFF;
        else if (strcmp(w, "later") == 0)
            s.warmup = WARMUP_LATER;
        else if (!s.error[0])
            snprintf(s.error, sizeof s.error, "PRAGREDUCE_WARMUP=%s: expected 0, 1, auto or later", w);
    }
    setting_flag(s, "PRAGREDUCE_PROFILE", &s.profile);
    setting_integer(s, "PRAGREDUCE_ADAPT", 0, 2, &s.adapt);
    /* a device number: its range is the machine's, asked only to say it
     * (the program ends here: no CUDA call otherwise before a loop wants
     * the GPU); one past it is choose_device's error */
    const char *gv = getenv("PRAGREDUCE_GPU");
    if (gv && *gv && !s.error[0]) {
        Settings probe;
        setting_integer(probe, "PRAGREDUCE_GPU", 0, 1 << 20, &s.gpu);
        if (probe.error[0]) {
            int count = 0;
            if (cudaGetDeviceCount(&count) != cudaSuccess)
                count = 0;
            if (count > 0)
                snprintf(s.error, sizeof s.error,
                         "PRAGREDUCE_GPU=%s: expected a device number from 0 to %d (this machine has %d CUDA "
                         "device%s)",
                         gv, count - 1, count, count == 1 ? "" : "s");
            else
                snprintf(s.error, sizeof s.error,
                         "PRAGREDUCE_GPU=%s: expected a device number (0 for the first GPU; this machine has no "
                         "usable CUDA device)",
                         gv);
        }
    }
    const char *team = getenv("PRAGREDUCE_GPUS");
    if (team && strcmp(team, "all") == 0) {
        s.gpus = 0;
    } else if (team && *team) {
        Settings probe;
        setting_integer(probe, "PRAGREDUCE_GPUS", 1, 1 << 20, &s.gpus);
        if (probe.error[0] && !s.error[0])
            snprintf(s.error, sizeof s.error, "PRAGREDUCE_GPUS=%s: expected all or an integer from 1 to %d", team,
                     1 << 20);
    }
    setting_integer(s, "PRAGREDUCE_GPUS_FROM", 2, 1LL << 62, &s.gpus_from);
    const char *g = getenv("PRAGREDUCE_SEGMENT_GROUP");
    if (g && *g) {
        if (strcmp(g, "1") == 0 || strcmp(g, "32") == 0 || strcmp(g, "256") == 0)
            s.segment_group = atoi(g);
        else if (!s.error[0])
            snprintf(s.error, sizeof s.error, "PRAGREDUCE_SEGMENT_GROUP=%s: expected 1, 32 or 256", g);
    }
    return s;
}

/* The PRAGREDUCE_ variables pragreduce reads: the runtime's settings and
 * the build tools' (pragreduce-cc's), which a shell may export for both. */
inline const char *const known_variables[] = {
    "PRAGREDUCE_ADAPT",          "PRAGREDUCE_BENCH",     "PRAGREDUCE_COPY_CHUNK_KB", "PRAGREDUCE_COPY_THREADS",
    "PRAGREDUCE_CPU_THREADS",    "PRAGREDUCE_DEVICE",    "PRAGREDUCE_DEVICE_MEM_KB", "PRAGREDUCE_GPU",
    "PRAGREDUCE_GPUS",           "PRAGREDUCE_GPUS_FROM", "PRAGREDUCE_LAZY_COPY_BACK", "PRAGREDUCE_PIN_MIN_KB",
    "PRAGREDUCE_PROFILE",        "PRAGREDUCE_RESIDENT",  "PRAGREDUCE_SEGMENT_GROUP", "PRAGREDUCE_STAGE_MIN_KB",
    "PRAGREDUCE_WARMUP",         "PRAGREDUCE_HOST_CC",   "PRAGREDUCE_ARCH",          "PRAGREDUCE_RUNTIME"};

/* Edits (insertions, deletions, substitutions) from a to b, up to 3. */
PRAGREDUCE_FN int edit_distance(const char *a, size_t na, const char *b)
{
    const size_t nb = strlen(b);
    if (na > nb + 3 || nb > na + 3 || nb >= 64)
        return 4;
    int row[64];
    for (size_t j = 0; j <= nb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= na; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= nb; j++) {
            const int up = row[j];
            const int best = std::min(std::min(row[j] + 1, row[j - 1] + 1), diag + (a[i - 1] != b[j - 1]));
            diag = up;
            row[j] = best;
        }
    }
    return row[nb];
}

/* A variable named PRAGREDUCE_... that is none of them: a warning (once),
 * with the setting it may be a misspelling of. */
PRAGREDUCE_FN void warn_unknown_variables()
{
    for (char **e = sys::environment; e && *e; e++) {
        if (strncmp(*e, "PRAGREDUCE_", 11) != 0)
            continue;
        const char *eq = strchr(*e, '=');
        const size_t n = eq ? (size_t)(eq - *e) : strlen(*e);
        const char *closest = nullptr;
        int best = 3;
        bool known = false;
        for (const char *k : known_variables) {
            if (strlen(k) == n && strncmp(k, *e, n) == 0)
                known = true;
            const int d = edit_distance(*e, n, k);
            if (d < best)
                best = d, closest = k;
        }
        if (known)
            continue;
        fprintf(stderr, "pragreduce: warning: %.*s is not a setting of pragreduce's; it is ignored%s%s%s\n",
                (int)n, *e, closest ? " (did you mean " : "", closest ? closest : "", closest ? "?)" : "");
    }
}

PRAGREDUCE_FN const Settings &settings()
{
    /* read on every call from every thread (CPU paths of small loops under
     * OpenMP): only loads here, no atomic write, which would bounce one cache
     * line between the threads (lavaMD's 21 million calls on 16 threads) */
    static const Settings s = [] {
        const Settings parsed = parse_settings();
        warn_unknown_variables();
        return parsed;
    }();
    static std::atomic<bool> reported{false};
    if (s.error[0]) {
        if (!reported.exchange(true)) { /* (rare): a bad setting ends the run */
            fprintf(stderr, "pragreduce: %s\n", s.error);
            exit(2);
        }
        /* another thread is ending the program: go no further */
        for (;;)
            std::this_thread::sleep_for(std::chrono::hours(1));
    }
    return s;
}

PRAGREDUCE_FN int device_mode() { return settings().device; }

/* ------------------------------------------------------------ device binding */

/* The variables MPI launchers set to a process's rank among the job's
 * processes on its node: Open MPI, MPICH's and Intel MPI's Hydra, MVAPICH2,
 * Slurm's srun, Cray PMI, HPE's PALS, Flux. Read before main (the warm-up
 * makes the CUDA context there), so MPI_Comm_split_type cannot be asked. */
inline const char *const local_rank_variables[] = {
    "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "MV2_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID",
    "PMI_LOCAL_RANK",             "PALS_LOCAL_RANKID", "FLUX_TASK_LOCAL_ID"};

struct DeviceChoice {
    int device = 0;
    char error[160] = ""; /* why no device can be chosen */
};

/* The device of `count` (> 0) this process uses: `requested`
 * (PRAGREDUCE_GPU, -1 when unset), else the first local rank variable
 * that is set, modulo `count` (ranks of a node spread over its GPUs), else
 * device 0. `lookup` is getenv, or a table in tests. */
PRAGREDUCE_FN DeviceChoice choose_device(int count, int requested, const char *(*lookup)(const char *))
{
    DeviceChoice c;
    if (requested >= 0) {
        if (requested < count)
            c.device = requested;
        else
            snprintf(c.error, sizeof c.error, "PRAGREDUCE_GPU=%d: this machine has %d CUDA device%s (0 to %d)",
                     requested, count, count == 1 ? "" : "s", count - 1);
        return c;
    }
    for (const char *name : local_rank_variables) {
        const char *v = lookup(name);
        if (!v || !*v)
            continue;
        char *end = nullptr;
        errno = 0;
        const long long rank = strtoll(v, &end, 10);
        if (errno != 0 || end == v || *end != '\0' || rank < 0)
            snprintf(c.error, sizeof c.error,
                     "%s=%s: not a local rank; set PRAGREDUCE_GPU to choose the device", name, v);
        else
            c.device = (int)(rank % count);
        return c;
    }
    return c;
}

PRAGREDUCE_FN const char *environment_value(const char *name) { return getenv(name); }

/* This process's device, chosen once; a bad choice ends the program (status
 * 2, as a bad setting does). */
PRAGREDUCE_FN int bound_device()
{
    static const DeviceChoice choice = [] {
        int count = 0;
        if (cudaGetDeviceCount(&count) != cudaSuccess || count <= 0)
            count = 1;
        return choose_device(count, settings().gpu, environment_value);
    }();
    if (choice.error[0]) {
        fprintf(stderr, "pragreduce: %s\n", choice.error);
        exit(2);
    }
    return choice.device;
}

/* The device bound_device will choose, for the warm-up before main; -1
 * when a bad value must wait for the first marked loop's message. */
PRAGREDUCE_FN int device_before_main(int count)
{
    const char *g = getenv("PRAGREDUCE_GPU");
    char *end = nullptr;
    const long requested = g && *g ? strtol(g, &end, 10) : -1;
    if (g && *g && (*end != '\0' || requested < 0 || requested >= count))
        return -1;
    const DeviceChoice c = choose_device(count, (int)requested, environment_value);
    return c.error[0] ? -1 : c.device;
}

/* Each host thread has its own current device (0 until set): every thread
 * that calls CUDA for a marked loop sets this process's first. */
PRAGREDUCE_FN void bind_this_thread()
{
    static thread_local bool bound = false;
    if (bound)
        return;
    bound = true;
    (void)cudaSetDevice(bound_device());
}

/* ------------------------------------------------------------ several GPUs */

/* The device this thread's CUDA calls go to now; -1 without a GPU. */
PRAGREDUCE_FN int current_device()
{
    int d = 0;
    if (cudaGetDevice(&d) != cudaSuccess) {
        (void)cudaGetLastError();
        return -1;
    }
    return d;
}

/* A scope whose CUDA calls go to `device` (a kept copy's, a part's); the
 * thread's device is restored after. -1: stays where it is. */
struct on_device {
    int prev = -1;
    explicit on_device(int device)
    {
        if (device >= 0)
            bind_this_thread(); /* its first binding must not undo this one */
        const int now = device < 0 ? device : current_device();
        if (now >= 0 && now != device && cudaSetDevice(device) == cudaSuccess)
            prev = now;
    }
    ~on_device()
    {
        if (prev >= 0)
            (void)cudaSetDevice(prev);
    }
    on_device(const on_device &) = delete;
    on_device &operator=(const on_device &) = delete;
};

constexpr int max_team = 16;

/* The GPUs a process splits a loop's iterations over (PRAGREDUCE_GPUS, 1
 * unless set; "all": every visible one, at most max_team): its own device
 * (bound_device) first, then the next ones, modulo the count. Asking for
 * more than the machine has ends the program (status 2), as a bad
 * PRAGREDUCE_GPU does. */
struct Team {
    int size = 1;
    int device[max_team] = {0};
};

PRAGREDUCE_FN Team make_team(int count, int first, int wanted, char *error, size_t error_size)
{
    Team t;
    if (count < 1)
        count = 1;
    if (wanted == 0)
        wanted = count;
    if (wanted > count)
        snprintf(error, error_size, "PRAGREDUCE_GPUS=%d: this machine has %d CUDA device%s", wanted, count,
                 count == 1 ? "" : "s");
    t.size = wanted > count ? count : wanted;
    if (t.size > max_team)
        t.size = max_team;
    for (int k = 0; k < t.size; k++)
        t.device[k] = (first + k) % count;
    return t;
}

/* Each GPU of the team reads and writes the others' memory directly where
 * the machine allows (NVLink, a PCIe switch): a peer copy then takes 7 us
 * instead of 21 (bench/team_probe.cu on 2 x H200). ~3 ms, once. */
PRAGREDUCE_FN void enable_peer_access(const Team &t)
{
    for (int a = 0; a < t.size; a++)
        for (int b = 0; b < t.size; b++) {
            int can = 0;
            if (a == b || cudaDeviceCanAccessPeer(&can, t.device[a], t.device[b]) != cudaSuccess || !can)
                continue;
            on_device on(t.device[a]);
            (void)cudaDeviceEnablePeerAccess(t.device[b], 0);
        }
    (void)cudaGetLastError(); /* "already enabled", or not possible: copies still work */
}

PRAGREDUCE_FN const Team &team()
{
    static char error[160] = "";
    static const Team t = [] {
        if (settings().gpus == 1)
            return Team{1, {bound_device()}};
        int count = 0;
        if (cudaGetDeviceCount(&count) != cudaSuccess || count <= 0) {
            (void)cudaGetLastError();
            count = 1;
        }
        Team made = make_team(count, bound_device(), settings().gpus, error, sizeof error);
        enable_peer_access(made);
        return made;
    }();
    if (error[0]) {
        fprintf(stderr, "pragreduce: %s\n", error);
        exit(2);
    }
    return t;
}

/* How many times a marked loop or data region looked for the GPU (its size
 * or the mode called for it): the warm-up's hint (warmup.cuh) records runs
 * that never did, or only for auto mode's trial. */
PRAGREDUCE_FN std::atomic<u64> &gpu_seeks()
{
    static std::atomic<u64> seeks{0};
    return seeks;
}

/* The CUDA context the warm-up (warmup.cuh) makes on its own thread:
 * none being made, being made, or made (or found no GPU). */
enum { CONTEXT_NONE, CONTEXT_WARMING, CONTEXT_MADE };
PRAGREDUCE_FN std::atomic<int> &context_state()
{
    static std::atomic<int> state{CONTEXT_NONE};
    return state;
}

/* How the warm-up starts when a loop first wants the GPU (set where it did
 * not start before main; null: the loop makes the context itself). */
PRAGREDUCE_FN std::atomic<void (*)()> &context_starter()
{
    static std::atomic<void (*)()> start{nullptr};
    return start;
}

/* Seconds since auto mode's first call that wanted the GPU (0 at it). */
PRAGREDUCE_FN double wanted_gpu_for()
{
    static std::atomic<long long> first_ns{0};
    const long long now = (long long)std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::steady_clock::now().time_since_epoch())
                              .count();
    long long first = 0;
    if (first_ns.compare_exchange_strong(first, now, std::memory_order_relaxed))
        return 0;
    return (double)(now - first) * 1e-9;
}

/* Auto mode, a call that wants the GPU, where no context was made before
 * main: false while there is none, and the call is `cheap` on the CPU: it
 * then runs there, as the program's OpenMP build would. The context is
 * asked for (on the warm-up's thread, host code going on meanwhile) once
 * such calls have gone on for 0.25 s, about what the context costs, or by
 * a call that is not cheap, which waits for it: a program whose GPU-worthy
 * calls end sooner never pays for a context it cannot earn back (~0.2 s
 * to make, ~0.1 s to take down: a 30 M float sum took 0.53 s with it, 0.12
 * s for the OpenMP build; k-means on 494020 points 0.65 s after 0.1 s of
 * such calls, 0.23 s for the OpenMP build), and
 * all-pairs forces on 32768 particles do not take 4.9 s on the CPU path
 * against 0.43 s waiting. The other modes wait, and so does
 * PRAGREDUCE_ADAPT=0, where the choice depends on sizes alone (a float
 * sum's bits the same every run). */
PRAGREDUCE_FN bool context_ready(bool cheap)
{
    if (device_mode() != MODE_AUTO || !settings().adapt)
        return true;
    int state = context_state().load(std::memory_order_acquire);
    if (state == CONTEXT_NONE) {
        void (*start)() = context_starter().load(std::memory_order_acquire);
        if (!start)
            return true;
        if (cheap && wanted_gpu_for() < 0.25)
            return false;
        start();
        state = context_state().load(std::memory_order_acquire);
    }
    return state != CONTEXT_WARMING || !cheap;
}

/* Whether this run found that it has no usable GPU (no device, or the
 * CUDA runtime failed), here or on the warm-up's thread: the profile then
 * says so of the calls that ran on the CPU meanwhile. */
PRAGREDUCE_FN std::atomic<bool> &no_gpu_seen()
{
    static std::atomic<bool> seen{false};
    return seen;
}

PRAGREDUCE_FN bool gpu_present(const char *site, bool count_seek = true)
{
    static int available = -1;
    if (count_seek)
        gpu_seeks().fetch_add(1, std::memory_order_relaxed);
    if (available < 0) {
        int count = 0;
        cudaError_t err = cudaGetDeviceCount(&count);
        available = err == cudaSuccess && count > 0;
        if (!available) {
            no_gpu_seen().store(true, std::memory_order_relaxed);
            (void)cudaGetLastError();
            if (device_mode() == MODE_GPU) {
                fprintf(stderr, "%s: PRAGREDUCE_DEVICE=gpu but no CUDA device can be used: %s\n",
                        site, err == cudaSuccess ? "no device found" : cudaGetErrorString(err));
                exit(1);
            }
        }
    }
    if (available)
        bind_this_thread();
    return available != 0;
}

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_HOST_CUH */
