/* pragreduce runtime: the CUDA context made before main, and the hint that
 * skips it for programs whose last run used no GPU. */
#ifndef PRAGREDUCE_RT_WARMUP_CUH
#define PRAGREDUCE_RT_WARMUP_CUH

#include "host.cuh"

#ifdef __linux__
#endif

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* ------------------------------------------------------------ warm-up */

/* Creating the CUDA context takes a quarter of a second or more. A thread
 * started before main creates it while the program prepares its data, so
 * the first marked loop finds it ready (k-means, 2M points: 0.10 s against
 * 0.32 s without; H200 machine, bench/NOTES.md). Its price: the driver's
 * work in the kernel holds a core for tens of milliseconds at a time
 * whatever the thread's priority, an OpenMP team on every core waits for
 * the thread that shares it, and the run's end waits for the thread and
 * for the context's teardown, so a program whose loops all run on the CPU
 * path loses ~0.2-0.35 s (a 1000-element sum: 0.35 s against 0.004, H100).
 *
 * Hence the hints (PRAGREDUCE_WARMUP=auto, the default), files named after
 * the executable (device, inode, size, time) in $XDG_CACHE_HOME/pragreduce
 * or ~/.cache/pragreduce:
 *  - "gpu-used-": the last run's loops used the GPU. This run makes the
 *    context before main.
 *  - "cpu-only-": the last run in auto mode saw a GPU and its loops never
 *    looked for it, or looked only for auto mode's trial (choice.cuh) and
 *    the trial kept the CPU; with the largest call in play the trial
 *    timed. This run makes no context before main and sends calls in play
 *    up to that size to the CPU without a trial (the trial's GPU window
 *    would make the context: the same ~0.2 s).
 *  - neither (a first run): no context before main either.
 * Without a context made before main, the first loop that wants the GPU
 * starts the same thread (host.cuh's context_ready), and while it works
 * the calls that are cheap on the CPU run there, as the OpenMP build
 * would; longer ones wait for it. Each run leaves the hints its loops
 * call for. Only speed depends on them, never which results are right
 * (the CPU and GPU paths may add floating-point values in different
 * orders, as the trial's choice already may). 1: always warm up before
 * main; later: only when a loop wants the GPU; 0: never (the first loop
 * that wants it waits for the context). Not with PRAGREDUCE_DEVICE=cpu,
 * nor in files that fork (a context made before a fork is unusable in the
 * child): the transpiler then defines PRAGREDUCE_NO_WARMUP. Joined at
 * exit: a program that ends sooner waits for it. */

enum WarmStart { WARM_NONE, WARM_START, WARM_SKIP_BY_HINT, WARM_LATER };

/* What to do before main, from PRAGREDUCE_WARMUP and PRAGREDUCE_DEVICE (as
 * set, possibly NULL) and the hints found: the last run used no GPU
 * (`cpu_hint`), or used it (`gpu_hint`). Bad values mean no warm-up: the
 * first marked loop reports them. */
PRAGREDUCE_FN WarmStart warm_start_plan(const char *warmup, const char *device, bool cpu_hint, bool gpu_hint = false)
{
    const bool device_auto = !device || !*device || strcmp(device, "auto") == 0;
    if (!device_auto && strcmp(device, "gpu") != 0)
        return WARM_NONE;
    if (warmup && strcmp(warmup, "1") == 0)
        return WARM_START;
    if (warmup && strcmp(warmup, "later") == 0)
        return device_auto ? WARM_LATER : WARM_START;
    if (warmup && *warmup && strcmp(warmup, "auto") != 0)
        return WARM_NONE;
    /* PRAGREDUCE_DEVICE=gpu: every loop will want the context */
    if (!device_auto)
        return WARM_START;
    return cpu_hint ? WARM_SKIP_BY_HINT : gpu_hint ? WARM_START : WARM_LATER;
}

/* Whether a context started by `plan` is made before anything asks for it
 * (PRAGREDUCE_WARMUP=1): then its thread runs at the lowest priority. */
PRAGREDUCE_FN bool warm_start_speculative(WarmStart plan, const char *warmup)
{
    return plan == WARM_START && warmup && strcmp(warmup, "1") == 0;
}

/* A call's part in auto mode's trial (choice.cuh's timed_on_cpu): none,
 * on the CPU by the trial or the hint, or in play before the verdict; or a
 * second look at a call whose size was weighed already (a parallel loop's
 * segments), which does not count as looking for the GPU again. */
enum { TIMED_NO, TIMED_CPU, TIMED_IN_PLAY, TIMED_SECOND_LOOK };
enum { VERDICT_NONE, VERDICT_CPU, VERDICT_GPU };

/* What this run tells the hint, filled by the layers above. */
struct HintNotes {
    std::atomic<u64> trial_gpu_calls{0}; /* GPU calls in play before the verdict */
    std::atomic<u64> max_in_play{0};     /* the largest call in play */
    std::atomic<int> verdict{VERDICT_NONE};
};

PRAGREDUCE_FN HintNotes &hint_notes()
{
    static HintNotes n;
    return n;
}

/* The facts at exit that decide the hint. A run that found a hint
 * skipped the warm-up (the hint is read only where it decides that). */
struct RunFacts {
    bool skipped_by_hint, found_gpu;
    u64 hinted_trip;     /* the hint's bound on calls in play (0: none) */
    u64 seeks;           /* looks for the GPU */
    u64 trial_gpu_calls; /* of them, the trial's */
    u64 max_in_play;
    int verdict;
};

enum HintChange { HINT_KEEP, HINT_WRITE, HINT_REMOVE };

/* The hint a run leaves: none when it used the GPU beyond the trial's
 * window, or the trial kept the GPU, or it found no GPU (HINT_REMOVE if it
 * had one); else one whose bound covers the calls in play it ran
 * (*bound), written when it changes. A run whose calls in play went
 * beyond the hint's bound and reached the GPU must have had the trial's
 * verdict for the CPU. */
PRAGREDUCE_FN HintChange hint_change(const RunFacts &f, u64 *bound)
{
    *bound = f.hinted_trip;
    bool wanted = f.found_gpu || f.skipped_by_hint;
    if (f.seeks > 0) {
        wanted = wanted && f.seeks == f.trial_gpu_calls && f.verdict == VERDICT_CPU;
        if (f.max_in_play > *bound)
            *bound = f.max_in_play;
    }
    if (!wanted)
        return f.skipped_by_hint ? HINT_REMOVE : HINT_KEEP;
    return f.skipped_by_hint && *bound == f.hinted_trip ? HINT_KEEP : HINT_WRITE;
}

/* The other hint, that the last run used the GPU (its next run warms up
 * before main): written when this run's loops looked for the GPU beyond a
 * trial that kept the CPU and found one (`had`: there was one already),
 * removed when they did not. */
PRAGREDUCE_FN HintChange gpu_hint_change(const RunFacts &f, bool had)
{
    const bool trial_only = f.seeks == f.trial_gpu_calls && f.verdict == VERDICT_CPU;
    const bool used = f.found_gpu && f.seeks > 0 && !trial_only;
    return used == had ? HINT_KEEP : used ? HINT_WRITE : HINT_REMOVE;
}

/* The hint's folder: $XDG_CACHE_HOME/pragreduce when that is an absolute
 * path, else $HOME/.cache/pragreduce; false without either. */
PRAGREDUCE_FN bool hint_folder(char *out, size_t size)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(out, size, "%s/pragreduce", xdg);
    else if (home && home[0] == '/')
        n = snprintf(out, size, "%s/.cache/pragreduce", home);
    else
        return false;
    return n > 0 && (size_t)n < size;
}

/* The hint file for the running executable: its folder, then a name from
 * the executable's device, inode, size and modification time (FNV-1a), so
 * a rebuilt program starts without one. */
PRAGREDUCE_FN bool hint_file(char *out, size_t size)
{
#ifdef __linux__
    sys::statx_buf st;
    if (sys::statx(sys::at_fdcwd, "/proc/self/exe", 0, sys::statx_basic_stats, &st) != 0)
        return false;
    const u64 fields[] = {(u64)st.dev_major << 32 | st.dev_minor, (u64)st.ino, (u64)st.size,
                          (u64)st.mtime.sec, (u64)st.mtime.nsec};
    u64 h = 14695981039346656037ULL;
    for (u64 f : fields)
        for (int b = 0; b < 8; b++) {
            h ^= (f >> (8 * b)) & 0xff;
            h *= 1099511628211ULL;
        }
    char folder[4096];
    if (!hint_folder(folder, sizeof folder))
        return false;
    const int n = snprintf(out, size, "%s/cpu-only-%016llx", folder, h);
    return n > 0 && (size_t)n < size;
#else
    (void)out;
    (void)size;
    return false;
#endif
}

/* The GPU hint's file, beside the CPU one: "gpu-used-" for "cpu-only-". */
PRAGREDUCE_FN bool gpu_hint_file(const char *cpu_hint, char *out, size_t size)
{
    const char *name = strstr(cpu_hint, "/cpu-only-");
    const int n = name ? snprintf(out, size, "%.*s/gpu-used-%s", (int)(name - cpu_hint), cpu_hint,
                                  name + strlen("/cpu-only-"))
                       : -1;
    return n > 0 && (size_t)n < size;
}

/* Keeps the hint folder small and its files few: each build of a program
 * has a name of its own, so the hints of rebuilt or deleted executables
 * are never read again. At each write (`now`: the written file's time),
 * the hint files not written for 30 days go (a crashed write's .tmp
 * included), then the oldest beyond the newest 64. */
const int hint_files_kept = 64;
PRAGREDUCE_FN void hint_prune(const char *folder, long long now)
{
#ifdef __linux__
    sys::dir_stream *d = sys::opendir(folder);
    if (!d)
        return;
    struct kept_file {
        long long time;
        char name[32];
    } kept[hint_files_kept + 1];
    int n = 0;
    const size_t hint_name = strlen("cpu-only-") + 16;
    char path[4400];
    while (const sys::dir_entry *e = sys::readdir(d)) {
        if (strncmp(e->name, "cpu-only-", 9) != 0 && strncmp(e->name, "gpu-used-", 9) != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", folder, e->name);
        sys::statx_buf st;
        if (sys::statx(sys::at_fdcwd, path, 0, sys::statx_basic_stats, &st) != 0)
            continue;
        if (now - st.mtime.sec > 30LL * 24 * 3600) {
            (void)sys::unlink(path);
            continue;
        }
        if (strlen(e->name) != hint_name) /* another run's write under way */
            continue;
        /* newest first; the one pushed past the end goes */
        int at = n;
        while (at > 0 && kept[at - 1].time < st.mtime.sec)
            at--;
        for (int k = n; k > at; k--)
            kept[k] = kept[k - 1];
        kept[at].time = st.mtime.sec;
        memcpy(kept[at].name, e->name, hint_name + 1); /* 25 bytes and its end */
        if (n < hint_files_kept) {
            n++;
        } else {
            snprintf(path, sizeof path, "%s/%s", folder, kept[hint_files_kept].name);
            (void)sys::unlink(path);
        }
    }
    sys::closedir(d);
#else
    (void)folder;
    (void)now;
#endif
}

/* Writes the hint (the executable's path inside, for a person who looks):
 * the folders made as needed (mode 0700), the file through a rename so a
 * reader never sees half of it. Failures are silent: it is only a hint. */
PRAGREDUCE_FN void hint_write(const char *file, u64 bound, bool gpu_used = false)
{
#ifdef __linux__
    char folder[4096];
    if (!hint_folder(folder, sizeof folder))
        return;
    char *parent = strrchr(folder, '/');
    *parent = '\0';
    (void)sys::mkdir(folder, 0700); /* ~/.cache */
    *parent = '/';
    (void)sys::mkdir(folder, 0700);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", file, (long)sys::getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    char exe[4096];
    const ssize_t len = sys::readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = '\0';
    if (gpu_used)
        fprintf(f, "pragreduce: the last run of %s used the GPU: its next run makes the CUDA context "
                   "before main (PRAGREDUCE_WARMUP)\n",
                exe);
    else
        fprintf(f, "pragreduce: the last run of %s used no GPU: its next run makes no CUDA context before "
                   "main (PRAGREDUCE_WARMUP)\n",
                exe);
    if (bound)
        fprintf(f, "cpu-in-play-up-to %llu\n", (unsigned long long)bound);
    if (fclose(f) != 0 || rename(tmp, file) != 0) {
        (void)sys::unlink(tmp);
        return;
    }
    sys::statx_buf st;
    if (sys::statx(sys::at_fdcwd, file, 0, sys::statx_basic_stats, &st) == 0)
        hint_prune(folder, st.mtime.sec);
#else
    (void)file;
    (void)bound;
    (void)gpu_used;
#endif
}

/* Reads the hint: false without one; *bound from its second line (0
 * without). */
PRAGREDUCE_FN bool hint_read(const char *file, u64 *bound)
{
    *bound = 0;
    FILE *f = fopen(file, "r");
    if (!f)
        return false;
    char line[4400];
    if (fgets(line, sizeof line, f) && fgets(line, sizeof line, f)) {
        unsigned long long b = 0;
        if (sscanf(line, "cpu-in-play-up-to %llu", &b) == 1)
            *bound = b;
    }
    fclose(f);
    return true;
}

#ifdef PRAGREDUCE_LIBRARY_BUILD
/* Defined (weak) by the program's files that fork (PRAGREDUCE_NO_WARMUP):
 * the library, built once, then makes no context before main either. */
extern "C" const int pragreduce_no_warmup __attribute__((weak));
#endif

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
struct warm_up {
    std::thread thread;
    bool uses_hint = false; /* auto: the hint is consulted and kept up to date */
    bool skipped_by_hint = false;
    u64 hinted_trip = 0;
    std::atomic<bool> found_gpu{false};
    char hint[4300] = "";
    char gpu_hint[4400] = ""; /* its file ("" without the hints) */
    bool gpu_hinted = false;  /* found: the last run used the GPU */
    bool speculative = false; /* PRAGREDUCE_WARMUP=1: made before anything asks for it */

    warm_up()
    {
#ifdef PRAGREDUCE_LIBRARY_BUILD
        if (&pragreduce_no_warmup)
            return;
#endif
        /* before main: a bad value is reported at the first marked loop */
        const char *w = getenv("PRAGREDUCE_WARMUP");
        const char *d = getenv("PRAGREDUCE_DEVICE");
        const char *adapt = getenv("PRAGREDUCE_ADAPT");
        const bool auto_warmup = !w || !*w || strcmp(w, "auto") == 0;
        const bool auto_device = !d || !*d || strcmp(d, "auto") == 0;
        /* PRAGREDUCE_ADAPT=2 (tests) makes the trial's verdict; the tests
         * need it made in every run */
        const bool test_trial = adapt && strcmp(adapt, "2") == 0;
#ifndef PRAGREDUCE_FAKE_DEVICE /* no context to spare: the hint stays out of the tests' homes */
        uses_hint = auto_warmup && auto_device && !test_trial && hint_file(hint, sizeof hint);
#else
        (void)auto_warmup;
        (void)auto_device;
        (void)test_trial;
#endif
        const bool hint_found = uses_hint && hint_read(hint, &hinted_trip);
        if (uses_hint && !gpu_hint_file(hint, gpu_hint, sizeof gpu_hint))
            gpu_hint[0] = '\0';
        if (FILE *g = gpu_hint[0] ? fopen(gpu_hint, "r") : nullptr) {
            gpu_hinted = true;
            fclose(g);
        }
        const WarmStart plan = warm_start_plan(w, d, hint_found, gpu_hinted);
        skipped_by_hint = plan == WARM_SKIP_BY_HINT;
        speculative = warm_start_speculative(plan, w);
#ifdef PRAGREDUCE_FAKE_DEVICE
        /* the fake device's "context" is there at once: tests take the
         * same path in every run, whatever the clock */
        if (plan != WARM_NONE)
            start();
        return;
#endif
        if (plan == WARM_START) {
            start();
        } else if (plan == WARM_SKIP_BY_HINT || plan == WARM_LATER) {
            /* on its thread when a loop first wants the GPU (host.cuh's
             * context_ready): calls run on the CPU path meanwhile */
            instance() = this;
            context_starter().store([] { instance()->start(); }, std::memory_order_release);
        }
    }
    /* Until this thread's contexts are made (atexit); not in a child the
     * program forked meanwhile (it has no such thread), and at most 60 s. */
    static pid_t &warming_pid()
    {
        static pid_t pid = 0;
        return pid;
    }
    static void wait_for_contexts()
    {
        for (int ms = 0; ms < 60000 && sys::getpid() == warming_pid() &&
                         context_state().load(std::memory_order_acquire) == CONTEXT_WARMING;
             ms++)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    static warm_up *&instance()
    {
        static warm_up *w = nullptr;
        return w;
    }
    /* The context on this object's thread, once (the first caller starts it). */
    void start()
    {
        int none = CONTEXT_NONE;
        if (!context_state().compare_exchange_strong(none, CONTEXT_WARMING, std::memory_order_acq_rel))
            return;
#ifdef PRAGREDUCE_FAKE_DEVICE
        /* made at once: a test takes the same path in every run */
        found_gpu.store(true);
        context_state().store(CONTEXT_MADE, std::memory_order_release);
        return;
#endif
        thread = std::thread([this] {
#ifdef __linux__
            /* the lowest priority only for a context nobody asked for yet
             * (PRAGREDUCE_WARMUP=1): one that a loop wants, or that the last
             * run used, is awaited by calls running on the CPU meanwhile, and
             * at nice 19 an OpenMP team on every core starved it (LU at
             * n = 4096: 1,727 of 4,096 pivot steps on the CPU before it came) */
            if (speculative && sys::sys_gettid >= 0)
                (void)sys::setpriority(sys::prio_process, (unsigned)sys::syscall(sys::sys_gettid), 19);
#endif
            int count = 0;
            if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0) {
                /* a program that ends while this thread still makes
                 * contexts (a team's four take ~0.5 s) waits for it: the
                 * runtime's teardown at exit, registered by the call just
                 * made, faulted in cuDevicePrimaryCtxRetain under it (14
                 * of 60 runs at n = 0 on 4 GPUs, session 38). Registered
                 * now, the wait runs before that teardown. */
                warming_pid() = sys::getpid();
                (void)atexit(wait_for_contexts);
                found_gpu.store(true);
                /* the context of the device the marked loops will use */
                const int device = device_before_main(count);
                if (device >= 0 && cudaSetDevice(device) == cudaSuccess)
                    (void)cudaFree(0);
                /* and the other GPUs of its team (PRAGREDUCE_GPUS; a bad
                 * value waits for the first marked loop's message) */
                const char *g = getenv("PRAGREDUCE_GPUS");
                char *end = nullptr;
                long team = g && strcmp(g, "all") == 0 ? count : g && *g ? strtol(g, &end, 10) : 1;
                if (end && *end)
                    team = 1;
                for (long k = 1; device >= 0 && k < team && k < count && k < max_team; k++)
                    if (cudaSetDevice((int)((device + k) % count)) == cudaSuccess)
                        (void)cudaFree(0);
            } else {
                no_gpu_seen().store(true, std::memory_order_relaxed);
            }
            (void)cudaGetLastError(); /* this thread's error state only */
            context_state().store(CONTEXT_MADE, std::memory_order_release);
        });
    }
    /* what this run did, for the hints */
    RunFacts run_facts() const
    {
        const HintNotes &n = hint_notes();
        return {skipped_by_hint,
                found_gpu.load(),
                hinted_trip,
                gpu_seeks().load(),
                n.trial_gpu_calls.load(),
                n.max_in_play.load(),
                n.verdict.load()};
    }
    /* what the end of this run does to the hint, and its bound */
    HintChange change(u64 *bound) const
    {
        *bound = 0;
        return uses_hint ? hint_change(run_facts(), bound) : HINT_KEEP;
    }
    /* and to the GPU hint */
    HintChange gpu_change() const
    {
        return uses_hint && gpu_hint[0] ? gpu_hint_change(run_facts(), gpu_hinted) : HINT_KEEP;
    }
    ~warm_up()
    {
        if (thread.joinable())
            thread.join();
        u64 bound;
        const HintChange c = change(&bound);
        if (c == HINT_WRITE)
            hint_write(hint, bound);
        else if (c == HINT_REMOVE)
            (void)sys::unlink(hint);
        const HintChange g = gpu_change();
        if (g == HINT_WRITE)
            hint_write(gpu_hint, 0, true);
        else if (g == HINT_REMOVE)
            (void)sys::unlink(gpu_hint);
    }
};

#endif

#if defined(PRAGREDUCE_RUNTIME_HEADER) && defined(PRAGREDUCE_NO_WARMUP)
/* the installed header: the library's warm-up (there) stands down */
extern "C" __attribute__((weak)) const int pragreduce_no_warmup = 1;
#elif !defined(PRAGREDUCE_NO_WARMUP) && !defined(PRAGREDUCE_RUNTIME_HEADER)
/* inline: one for the program, however many of its files were transpiled
 * (with the installed header, the library's) */
inline warm_up warm_up_at_start;
#endif

/* Calls in play up to this many iterations go to the CPU without a trial:
 * the last run's trial kept the CPU for them (0: none). */
PRAGREDUCE_FN u64 hinted_cpu_trip()
{
#ifdef PRAGREDUCE_NO_WARMUP
    return 0;
#else
    return warm_up_at_start.hinted_trip;
#endif
}

/* For PRAGREDUCE_PROFILE: what the warm-up did and will do to the hints. */
PRAGREDUCE_FN const char *warm_up_report()
{
    static char line[9216]; /* the hint paths in full (no -Wformat-truncation) */
    line[0] = '\0';
#ifndef PRAGREDUCE_NO_WARMUP
    const warm_up &w = warm_up_at_start;
    if (!w.uses_hint)
        return line;
    u64 bound; /* above 0: the trial kept the CPU for calls up to it */
    const HintChange c = w.change(&bound);
    const HintChange g = w.gpu_change();
    const bool gpu_next = g == HINT_WRITE || (w.gpu_hinted && g == HINT_KEEP);
    const char *before = w.gpu_hinted        ? "before main, the last run used the GPU"
                         : w.skipped_by_hint ? "not before main, the last run used no GPU"
                                             : "not before main, no hint";
    const char *next = gpu_next ? "the next run makes the CUDA context before main"
                                : "the next run makes no CUDA context before main";
    const char *why = g == HINT_WRITE || gpu_next ? "a loop used the GPU"
                      : bound                     ? "the GPU ran only auto mode's trial, which kept the CPU"
                                                  : "no loop used the GPU";
    /* the hint file named only where one is written or kept */
    const bool cpu_file = c == HINT_WRITE || (w.skipped_by_hint && c == HINT_KEEP);
    if (!gpu_next && !cpu_file && no_gpu_seen().load(std::memory_order_relaxed))
        snprintf(line, sizeof line, "warm-up: %s; no usable GPU: no hint is written%s", before,
                 c == HINT_REMOVE ? " (the last run's is removed)" : "");
    else if (!gpu_next && !cpu_file)
        snprintf(line, sizeof line, "warm-up: %s; %s: no hint is written%s (PRAGREDUCE_WARMUP=1 always warms up)",
                 before, why, c == HINT_REMOVE ? ", the last run's is removed" : "");
    else
        snprintf(line, sizeof line, "warm-up: %s; %s: %s (%s; PRAGREDUCE_WARMUP=1 always warms up)", before, why,
                 next, gpu_next ? w.gpu_hint : w.hint);
    if (w.skipped_by_hint && w.hinted_trip)
        snprintf(line + strlen(line), sizeof line - strlen(line),
                 "; calls in play up to %llu iterations ran on the CPU without a trial",
                 (unsigned long long)w.hinted_trip);
#endif
    return line;
}

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_WARMUP_CUH */
