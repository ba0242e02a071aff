/* pragreduce runtime: the CUDA context made before main, and the hint that
 * skips it for programs whose last run used no GPU. */
#ifndef PRAGREDUCE_RT_WARMUP_CUH
#define PRAGREDUCE_RT_WARMUP_CUH

#include "host.cuh"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace pragreduce {

/* ------------------------------------------------------------ warm-up */

/* Creating the CUDA context takes a quarter of a second or more. A thread
 * started before main creates it while the program prepares its data, so
 * the first marked loop finds it ready (k-means, 2M points: 0.10 s against
 * 0.32 s without; H200 machine, bench/NOTES.md). Its price: the driver's
 * work in the kernel holds a core for tens of milliseconds at a time
 * whatever the thread's priority, and an OpenMP team on every core waits
 * for the thread that shares it, so a program whose loops all run on the
 * CPU path loses ~0.15-0.25 s once (LU at n = 1024: 0.2 s against 0.045).
 *
 * Hence the hint (PRAGREDUCE_WARMUP=auto, the default): a run in auto mode
 * that saw a GPU and whose loops never looked for it leaves an empty-ish
 * file named after the executable (device, inode, size, time) in
 * $XDG_CACHE_HOME/pragreduce or ~/.cache/pragreduce; the next run finds it
 * and makes no context before main (a loop that wants the GPU then makes
 * it, and the run removes the file). Only speed depends on it, never a
 * result. 1: always warm up; 0: never. Not with PRAGREDUCE_DEVICE=cpu, nor
 * in files that fork (a context made before a fork is unusable in the
 * child): the transpiler then defines PRAGREDUCE_NO_WARMUP. Joined at
 * exit: a program that ends sooner waits for it. */

enum WarmStart { WARM_NONE, WARM_START, WARM_SKIP_BY_HINT };

/* What to do before main, from PRAGREDUCE_WARMUP and PRAGREDUCE_DEVICE (as
 * set, possibly NULL) and whether the hint file exists. Bad values mean
 * no warm-up: the first marked loop reports them. */
inline WarmStart warm_start_plan(const char *warmup, const char *device, bool hint_exists)
{
    const bool device_auto = !device || !*device || strcmp(device, "auto") == 0;
    if (!device_auto && strcmp(device, "gpu") != 0)
        return WARM_NONE;
    if (warmup && strcmp(warmup, "1") == 0)
        return WARM_START;
    if (warmup && *warmup && strcmp(warmup, "auto") != 0)
        return WARM_NONE;
    /* PRAGREDUCE_DEVICE=gpu: every loop will want the context */
    return device_auto && hint_exists ? WARM_SKIP_BY_HINT : WARM_START;
}

enum HintChange { HINT_KEEP, HINT_WRITE, HINT_REMOVE };

/* At exit, for a run that consulted the hint: write it when the warm-up
 * found a GPU that no loop looked for; remove it when a loop looked for
 * the GPU after the hint skipped the warm-up. */
inline HintChange hint_change(bool skipped_by_hint, bool found_gpu, bool gpu_was_sought)
{
    if (skipped_by_hint)
        return gpu_was_sought ? HINT_REMOVE : HINT_KEEP;
    return found_gpu && !gpu_was_sought ? HINT_WRITE : HINT_KEEP;
}

/* The hint's folder: $XDG_CACHE_HOME/pragreduce when that is an absolute
 * path, else $HOME/.cache/pragreduce; false without either. */
inline bool hint_folder(char *out, size_t size)
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
inline bool hint_file(char *out, size_t size)
{
#ifdef __linux__
    struct stat st;
    if (stat("/proc/self/exe", &st) != 0)
        return false;
    const u64 fields[] = {(u64)st.st_dev, (u64)st.st_ino, (u64)st.st_size, (u64)st.st_mtim.tv_sec,
                          (u64)st.st_mtim.tv_nsec};
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

/* Writes the hint (the executable's path inside, for a person who looks):
 * the folders made as needed (mode 0700), the file through a rename so a
 * reader never sees half of it. Failures are silent: it is only a hint. */
inline void hint_write(const char *file)
{
#ifdef __linux__
    char folder[4096];
    if (!hint_folder(folder, sizeof folder))
        return;
    char *parent = strrchr(folder, '/');
    *parent = '\0';
    (void)mkdir(folder, 0700); /* ~/.cache */
    *parent = '/';
    (void)mkdir(folder, 0700);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", file, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    char exe[4096];
    const ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = '\0';
    fprintf(f, "pragreduce: the last run of %s used no GPU: its next run makes no CUDA context before "
               "main (PRAGREDUCE_WARMUP)\n",
            exe);
    if (fclose(f) != 0 || rename(tmp, file) != 0)
        (void)unlink(tmp);
#else
    (void)file;
#endif
}

struct warm_up {
    std::thread thread;
    bool uses_hint = false;       /* auto: the hint is consulted and kept up to date */
    bool skipped_by_hint = false;
    std::atomic<bool> found_gpu{false};
    char hint[4300] = "";

    warm_up()
    {
        /* before main: a bad value is reported at the first marked loop */
        const char *w = getenv("PRAGREDUCE_WARMUP");
        const char *d = getenv("PRAGREDUCE_DEVICE");
        const bool auto_warmup = !w || !*w || strcmp(w, "auto") == 0;
        const bool auto_device = !d || !*d || strcmp(d, "auto") == 0;
#ifndef PRAGREDUCE_FAKE_DEVICE /* no context to spare: the hint stays out of the tests' homes */
        uses_hint = auto_warmup && auto_device && hint_file(hint, sizeof hint);
#else
        (void)auto_warmup;
        (void)auto_device;
#endif
        const WarmStart plan = warm_start_plan(w, d, uses_hint && access(hint, F_OK) == 0);
        skipped_by_hint = plan == WARM_SKIP_BY_HINT;
        if (plan != WARM_START)
            return;
        thread = std::thread([this] {
#ifdef __linux__
            /* the lowest priority: what the driver does in user space
             * should not take a core from the program's own threads */
            (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19);
#endif
            int count = 0;
            if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0) {
                found_gpu.store(true);
                (void)cudaFree(0);
            }
            (void)cudaGetLastError(); /* this thread's error state only */
        });
    }
    /* what the end of this run does to the hint */
    HintChange change() const
    {
        return uses_hint ? hint_change(skipped_by_hint, found_gpu.load(), gpu_sought().load())
                         : HINT_KEEP;
    }
    ~warm_up()
    {
        if (thread.joinable())
            thread.join();
        const HintChange c = change();
        if (c == HINT_WRITE)
            hint_write(hint);
        else if (c == HINT_REMOVE)
            (void)unlink(hint);
    }
};

#ifndef PRAGREDUCE_NO_WARMUP
/* inline: one for the program, however many of its files were transpiled */
inline warm_up warm_up_at_start;
#endif

/* For PRAGREDUCE_PROFILE: what the warm-up did and will do to the hint. */
inline const char *warm_up_report()
{
#ifdef PRAGREDUCE_NO_WARMUP
    return "";
#else
    const warm_up &w = warm_up_at_start;
    if (w.skipped_by_hint)
        return w.change() == HINT_REMOVE
                   ? "warm-up: skipped (the last run used no GPU) but a loop looked for the GPU: the "
                     "next run warms up"
                   : "warm-up: skipped, the last run used no GPU (PRAGREDUCE_WARMUP=1 always warms up)";
    if (w.change() == HINT_WRITE)
        return "warm-up: no loop looked for the GPU: the next run makes no CUDA context before main "
               "(PRAGREDUCE_WARMUP=1 always does)";
    return "";
#endif
}

} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_WARMUP_CUH */
