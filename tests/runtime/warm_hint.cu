/* The warm-up's hint (runtime/pragreduce/warmup.cuh): when the warm-up
 * starts, what a run does to the hint file at exit, where the file lives,
 * and the whole round on this program itself (children run with a
 * temporary XDG_CACHE_HOME): a hint makes the next run skip the warm-up, a
 * loop that looks for the GPU removes it, a run that never does keeps it,
 * and a run that warmed up writes it only if it found a GPU.
 *   nvcc -O1 tests/runtime/warm_hint.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "../../runtime/pragreduce_rt.cuh"

using namespace pragreduce;

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL line %d: %s\n", __LINE__, #cond);                                         \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void plans()
{
    /* auto (unset, empty, "auto") in auto mode: the hints decide; none (a
     * first run): when a loop wants the GPU */
    CHECK(warm_start_plan(nullptr, nullptr, false) == WARM_LATER);
    CHECK(warm_start_plan(nullptr, nullptr, false, true) == WARM_START);
    CHECK(warm_start_plan("auto", nullptr, false, true) == WARM_START);
    CHECK(warm_start_plan(nullptr, nullptr, true, true) == WARM_SKIP_BY_HINT);
    CHECK(warm_start_plan("0", nullptr, false, true) == WARM_NONE);
    /* the lowest priority only for a context nobody asked for */
    CHECK(warm_start_speculative(warm_start_plan("1", nullptr, false), "1"));
    CHECK(!warm_start_speculative(warm_start_plan(nullptr, nullptr, false, true), nullptr));
    CHECK(!warm_start_speculative(warm_start_plan(nullptr, "gpu", false), nullptr));
    CHECK(!warm_start_speculative(warm_start_plan("later", nullptr, false), "later"));
    CHECK(warm_start_plan("later", nullptr, false, true) == WARM_LATER);
    CHECK(warm_start_plan(nullptr, nullptr, true) == WARM_SKIP_BY_HINT);
    CHECK(warm_start_plan("", "", true) == WARM_SKIP_BY_HINT);
    CHECK(warm_start_plan("auto", "auto", true) == WARM_SKIP_BY_HINT);
    CHECK(warm_start_plan("auto", "auto", false) == WARM_LATER);
    /* 1 always, 0 never, a bad value never (reported at the first loop) */
    CHECK(warm_start_plan("1", nullptr, true) == WARM_START);
    CHECK(warm_start_plan("0", nullptr, false) == WARM_NONE);
    CHECK(warm_start_plan("2", nullptr, false) == WARM_NONE);
    /* later: when a loop first wants the GPU (gpu mode: at once) */
    CHECK(warm_start_plan("later", nullptr, false) == WARM_LATER);
    CHECK(warm_start_plan("later", "auto", true) == WARM_LATER);
    CHECK(warm_start_plan("later", "gpu", false) == WARM_START);
    CHECK(warm_start_plan("later", "cpu", false) == WARM_NONE);
    /* gpu mode: every loop wants the context, whatever the hint */
    CHECK(warm_start_plan(nullptr, "gpu", true) == WARM_START);
    CHECK(warm_start_plan("0", "gpu", false) == WARM_NONE);
    /* cpu mode and bad modes: none */
    CHECK(warm_start_plan("1", "cpu", false) == WARM_NONE);
    CHECK(warm_start_plan(nullptr, "cpu", false) == WARM_NONE);
    CHECK(warm_start_plan(nullptr, "fast", false) == WARM_NONE);
}

/* RunFacts: skipped_by_hint, found_gpu, hinted_trip, seeks,
 * trial_gpu_calls, max_in_play, verdict */
static void changes()
{
    u64 b = 99;
    /* warmed up, no hint: written only when a GPU was there and no loop looked */
    CHECK(hint_change({false, true, 0, 0, 0, 0, VERDICT_NONE}, &b) == HINT_WRITE && b == 0);
    CHECK(hint_change({false, false, 0, 0, 0, 0, VERDICT_NONE}, &b) == HINT_KEEP);
    CHECK(hint_change({false, true, 0, 3, 0, 0, VERDICT_NONE}, &b) == HINT_KEEP);
    /* the GPU only for the trial, which kept the CPU: written with its bound */
    CHECK(hint_change({false, true, 0, 128, 128, 4096, VERDICT_CPU}, &b) == HINT_WRITE && b == 4096);
    /* ... but not when the trial kept the GPU, had no verdict, or a call
     * beyond the trial looked for the GPU */
    CHECK(hint_change({false, true, 0, 128, 128, 4096, VERDICT_GPU}, &b) == HINT_KEEP);
    CHECK(hint_change({false, true, 0, 20, 20, 4096, VERDICT_NONE}, &b) == HINT_KEEP);
    CHECK(hint_change({false, true, 0, 129, 128, 4096, VERDICT_CPU}, &b) == HINT_KEEP);
    /* skipped by the hint: kept while nothing looks for the GPU */
    CHECK(hint_change({true, false, 0, 0, 0, 0, VERDICT_NONE}, &b) == HINT_KEEP && b == 0);
    CHECK(hint_change({true, false, 4096, 0, 0, 4096, VERDICT_NONE}, &b) == HINT_KEEP && b == 4096);
    /* a loop looked for the GPU: removed */
    CHECK(hint_change({true, false, 0, 1, 0, 0, VERDICT_NONE}, &b) == HINT_REMOVE);
    CHECK(hint_change({true, false, 4096, 1, 0, 4096, VERDICT_NONE}, &b) == HINT_REMOVE);
    /* larger calls in play than the hint covered: a new trial that kept the
     * CPU widens it; one that kept the GPU removes it */
    CHECK(hint_change({true, false, 4096, 128, 128, 8192, VERDICT_CPU}, &b) == HINT_WRITE && b == 8192);
    CHECK(hint_change({true, false, 4096, 128, 128, 8192, VERDICT_GPU}, &b) == HINT_REMOVE);

    /* the GPU hint: written when a loop looked for the GPU and found it ... */
    CHECK(gpu_hint_change({false, true, 0, 3, 0, 0, VERDICT_NONE}, false) == HINT_WRITE);
    CHECK(gpu_hint_change({true, true, 4096, 1, 0, 4096, VERDICT_NONE}, false) == HINT_WRITE);
    CHECK(gpu_hint_change({false, true, 0, 128, 128, 4096, VERDICT_GPU}, false) == HINT_WRITE);
    CHECK(gpu_hint_change({false, true, 0, 3, 0, 0, VERDICT_NONE}, true) == HINT_KEEP);
    /* ... not without one, nor for a trial that kept the CPU, nor when no loop looked */
    CHECK(gpu_hint_change({false, false, 0, 3, 0, 0, VERDICT_NONE}, false) == HINT_KEEP);
    CHECK(gpu_hint_change({false, true, 0, 128, 128, 4096, VERDICT_CPU}, false) == HINT_KEEP);
    CHECK(gpu_hint_change({false, true, 0, 0, 0, 0, VERDICT_NONE}, false) == HINT_KEEP);
    /* removed when this run's loops did not use it */
    CHECK(gpu_hint_change({false, true, 0, 0, 0, 0, VERDICT_NONE}, true) == HINT_REMOVE);
    CHECK(gpu_hint_change({false, true, 0, 128, 128, 4096, VERDICT_CPU}, true) == HINT_REMOVE);
    char g[64];
    CHECK(gpu_hint_file("/c/pragreduce/cpu-only-00ff", g, sizeof g) && strcmp(g, "/c/pragreduce/gpu-used-00ff") == 0);
    CHECK(!gpu_hint_file("/c/pragreduce/other", g, sizeof g));
}

static void folders()
{
    char f[4096];
    setenv("HOME", "/home/someone", 1);
    setenv("XDG_CACHE_HOME", "/var/cache/me", 1);
    CHECK(hint_folder(f, sizeof f) && strcmp(f, "/var/cache/me/pragreduce") == 0);
    setenv("XDG_CACHE_HOME", "relative/cache", 1); /* not absolute: ignored, as the spec says */
    CHECK(hint_folder(f, sizeof f) && strcmp(f, "/home/someone/.cache/pragreduce") == 0);
    unsetenv("XDG_CACHE_HOME");
    CHECK(hint_folder(f, sizeof f) && strcmp(f, "/home/someone/.cache/pragreduce") == 0);
    unsetenv("HOME");
    CHECK(!hint_folder(f, sizeof f));
    char tiny[8];
    setenv("HOME", "/home/someone", 1);
    CHECK(!hint_folder(tiny, sizeof tiny));
}

/* Runs this program as a child in `mode` with XDG_CACHE_HOME=cache and
 * returns its first output line. */
static void run_child(const char *cache, const char *mode, const char *env, char *line, size_t size)
{
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = '\0';
    char cmd[9000];
    snprintf(cmd, sizeof cmd, "env -u PRAGREDUCE_WARMUP -u PRAGREDUCE_DEVICE XDG_CACHE_HOME='%s' %s '%s' %s",
             cache, env, self, mode);
    FILE *p = popen(cmd, "r");
    line[0] = '\0';
    if (!p || !fgets(line, (int)size, p))
        line[0] = '\0';
    if (p)
        pclose(p);
}

static int child(const char *mode)
{
    warm_up &w = warm_up_at_start;
    if (w.thread.joinable())
        w.thread.join();
    if (strcmp(mode, "seek") == 0)
        (void)gpu_present("t.c:1: reduce(+: s)");
    printf("skipped %d found %d bound %llu\n", (int)w.skipped_by_hint, (int)w.found_gpu.load(),
           (unsigned long long)hinted_cpu_trip());
    fflush(stdout);
    return 0;
}

static bool exists(const char *path) { return access(path, F_OK) == 0; }

static void round_trip()
{
    char cache[] = "/tmp/pragreduce-hint-XXXXXX";
    CHECK(mkdtemp(cache) != nullptr);
    char sub[4200];
    snprintf(sub, sizeof sub, "%s/nested", cache); /* made by the first write */
    setenv("XDG_CACHE_HOME", sub, 1);
    char hint[4300];
    CHECK(hint_file(hint, sizeof hint));
    char again[4300];
    CHECK(hint_file(again, sizeof again) && strcmp(hint, again) == 0);
    CHECK(strncmp(hint, sub, strlen(sub)) == 0 && strstr(hint, "/pragreduce/cpu-only-"));

    /* a run that warms up: the hint is written exactly when it found a GPU
     * (none in CI: nothing written) and no loop looked for it */
    char line[256];
    run_child(sub, "idle", "", line, sizeof line);
    int skipped = -1, found = -1;
    CHECK(sscanf(line, "skipped %d found %d", &skipped, &found) == 2);
    CHECK(skipped == 0);
    CHECK(exists(hint) == (found == 1));
    (void)unlink(hint);
    run_child(sub, "seek", "", line, sizeof line);
    CHECK(!exists(hint));

    /* the GPU hint: read (warmed up before main), and gone after a run
     * whose loops did not use the GPU */
    char gpu_hint[4400];
    CHECK(gpu_hint_file(hint, gpu_hint, sizeof gpu_hint));
    hint_write(gpu_hint, 0, true);
    CHECK(exists(gpu_hint));
    run_child(sub, "idle", "", line, sizeof line);
    CHECK(strncmp(line, "skipped 0", 9) == 0);
    CHECK(!exists(gpu_hint));
    (void)unlink(hint);

    /* the bound, read back */
    u64 bound = 1;
    CHECK(!hint_read(hint, &bound) && bound == 0);
    hint_write(hint, 12345);
    CHECK(hint_read(hint, &bound) && bound == 12345);
    run_child(sub, "bound", "", line, sizeof line);
    CHECK(strncmp(line, "skipped 1 found 0 bound 12345", 29) == 0);
    /* ADAPT=2 (tests): the trial runs in every run, hint or not */
    run_child(sub, "bound", "PRAGREDUCE_ADAPT=2", line, sizeof line);
    CHECK(strncmp(line, "skipped 0", 9) == 0 && strstr(line, "bound 0"));
    CHECK(hint_read(hint, &bound) && bound == 12345);

    /* with the hint: skipped; a run that never looks keeps it */
    hint_write(hint, 0);
    CHECK(hint_read(hint, &bound) && bound == 0);
    CHECK(exists(hint));
    struct stat st;
    CHECK(stat(sub, &st) == 0 && (st.st_mode & 0777) == 0700);
    FILE *f = fopen(hint, "r");
    char text[8192] = "";
    if (f) {
        size_t got = fread(text, 1, sizeof text - 1, f);
        text[got] = '\0';
        fclose(f);
    }
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = '\0';
    CHECK(strstr(text, self) != nullptr);
    run_child(sub, "idle", "", line, sizeof line);
    CHECK(strncmp(line, "skipped 1 found 0", 17) == 0);
    CHECK(exists(hint));
    /* 1 warms up whatever the hint, and leaves it alone */
    run_child(sub, "seek", "PRAGREDUCE_WARMUP=1", line, sizeof line);
    CHECK(strncmp(line, "skipped 0", 9) == 0);
    CHECK(exists(hint));
    /* cpu mode: no warm-up, the hint untouched */
    run_child(sub, "idle", "PRAGREDUCE_DEVICE=cpu", line, sizeof line);
    CHECK(strncmp(line, "skipped 0 found 0", 17) == 0);
    CHECK(exists(hint));
    /* a run that looks for the GPU removes it */
    run_child(sub, "seek", "", line, sizeof line);
    CHECK(strncmp(line, "skipped 1", 9) == 0);
    CHECK(!exists(hint));
    /* no temporary file left behind */
    char cmd[9000];
    snprintf(cmd, sizeof cmd, "ls '%s/pragreduce' | grep -c tmp", sub);
    FILE *p = popen(cmd, "r");
    char count[16] = "";
    if (p) {
        if (!fgets(count, sizeof count, p))
            count[0] = '\0';
        pclose(p);
    }
    CHECK(atoi(count) == 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache);
    CHECK(system(cmd) == 0);
}

/* The folder stays small: a write removes the hints not written for 30
 * days and the oldest beyond 64, and leaves other files alone. */
static void prune()
{
    char cache[] = "/tmp/pragreduce-prune-XXXXXX";
    CHECK(mkdtemp(cache) != nullptr);
    setenv("XDG_CACHE_HOME", cache, 1);
    char folder[4200];
    CHECK(hint_folder(folder, sizeof folder));
    CHECK(mkdir(folder, 0700) == 0);
    const time_t now = time(nullptr);
    char path[4400];
    for (int k = 0; k < 80; k++) { /* 80 builds, an hour apart */
        snprintf(path, sizeof path, "%s/%s-%016x", folder, k % 2 ? "cpu-only" : "gpu-used", k);
        FILE *f = fopen(path, "w");
        CHECK(f && fputs("x\n", f) >= 0 && fclose(f) == 0);
        const struct timeval t[2] = {{now - 3600L * (80 - k), 0}, {now - 3600L * (80 - k), 0}};
        CHECK(utimes(path, t) == 0);
    }
    snprintf(path, sizeof path, "%s/gpu-used-%016x", folder, 999); /* 40 days old */
    FILE *f = fopen(path, "w");
    CHECK(f && fclose(f) == 0);
    const struct timeval old[2] = {{now - 40L * 24 * 3600, 0}, {now - 40L * 24 * 3600, 0}};
    CHECK(utimes(path, old) == 0);
    snprintf(path, sizeof path, "%s/notes.txt", folder); /* not a hint: kept */
    f = fopen(path, "w");
    CHECK(f && fclose(f) == 0);
    CHECK(utimes(path, old) == 0);
    char hint[4300];
    CHECK(hint_file(hint, sizeof hint));
    hint_write(hint, 0);
    int hints = 0, others = 0;
    bool newest = false, oldest = false, stale = false;
    DIR *d = opendir(folder);
    CHECK(d != nullptr);
    while (const struct dirent *e = d ? readdir(d) : nullptr) {
        if (e->d_name[0] == '.')
            continue;
        if (strncmp(e->d_name, "cpu-only-", 9) == 0 || strncmp(e->d_name, "gpu-used-", 9) == 0)
            hints++;
        else
            others++;
        newest |= strcmp(e->d_name, "cpu-only-000000000000004f") == 0;
        oldest |= strcmp(e->d_name, "gpu-used-0000000000000000") == 0;
        stale |= strcmp(e->d_name, "gpu-used-00000000000003e7") == 0;
    }
    if (d)
        closedir(d);
    CHECK(hints == 64 && others == 1);
    CHECK(access(hint, F_OK) == 0 && newest && !oldest && !stale);
    char cmd[4400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache);
    CHECK(system(cmd) == 0);
    /* a missing home, or one nobody may write (/proc: root neither): the
     * write makes nothing and costs nothing else */
    for (const char *home : {"/nonexistent", "/proc"}) {
        unsetenv("XDG_CACHE_HOME");
        setenv("HOME", home, 1);
        CHECK(hint_file(hint, sizeof hint));
        hint_write(hint, 0);
        CHECK(access(hint, F_OK) != 0);
    }
    unsetenv("HOME");
    CHECK(!hint_file(hint, sizeof hint)); /* no home at all: no hint */
}

int main(int argc, char **argv)
{
    if (argc > 1)
        return child(argv[1]);
    plans();
    changes();
    folders();
    round_trip();
    prune();
    if (failures)
        return 1;
    printf("warm-up hint: plans, changes, folders, round trip, pruning: ok\n");
    return 0;
}
