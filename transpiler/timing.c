/*
 * timing.c - -ftime-report: the wall time of each stage of a run and the
 * peak memory, on standard error at the end (as gcc's -ftime-report), so
 * that a long run on a big file says where its time went. And, with or
 * without the flag, a long run (more than PROGRESS_LOOPS marked loops, or
 * past PROGRESS_SECONDS) shows its progress on standard error when that
 * is a terminal: one line, rewritten in place, gone when the run ends.
 */
#include "pragreduce.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define MAX_STAGES 16

static bool enabled;
static const char *stage_names[MAX_STAGES];
static double stage_seconds[MAX_STAGES];
static int nstages, current = -1;
static double started, stage_started;
static int loops;

#define PROGRESS_LOOPS 200
#define PROGRESS_SECONDS 5.0
static double run_started = -1, progress_shown;
static bool progress_on_screen;
static int progress_terminal = -1; /* -1: not yet asked */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void timing_enable(void)
{
    enabled = true;
    started = stage_started = now();
}

void timing_progress(const char *what, int done, int total)
{
    double t = now();
    if (run_started < 0)
        run_started = t;
    if (total <= PROGRESS_LOOPS && t - run_started <= PROGRESS_SECONDS)
        return;
    if (progress_terminal < 0)
        progress_terminal = isatty(2) && !diag_is_quiet();
    /* (four times a second at most: a terminal is slow to write) */
    if (!progress_terminal || (t - progress_shown < 0.25 && done < total))
        return;
    progress_shown = t;
    fprintf(stderr, "\rpragreduce: %s: %d of %d marked loops, %.0f s\033[K", what, done, total,
            t - run_started);
    fflush(stderr);
    progress_on_screen = true;
}

void timing_progress_clear(void)
{
    if (!progress_on_screen)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    progress_on_screen = false;
}

/* The stage under way ends now. */
static void end_stage(void)
{
    double t = now();
    if (current >= 0)
        stage_seconds[current] += t - stage_started;
    stage_started = t;
    current = -1;
}

void timing_stage(const char *name)
{
    if (run_started < 0)
        run_started = now(); /* (the first stage: progress counts from here) */
    if (!enabled)
        return;
    end_stage();
    for (int i = 0; i < nstages; i++)
        if (!strcmp(stage_names[i], name))
            current = i;
    if (current < 0 && nstages < MAX_STAGES) {
        stage_names[nstages] = name;
        current = nstages++;
    }
}

void timing_loops(int n) { loops = n; }

void timing_report(void)
{
    timing_progress_clear();
    if (!enabled)
        return;
    end_stage();
    double total = now() - started;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(stderr, "pragreduce: time report (-ftime-report): %d marked loop%s\n", loops, loops == 1 ? "" : "s");
    for (int i = 0; i < nstages; i++)
        fprintf(stderr, "  %-40s %8.2f s %5.1f%%\n", stage_names[i], stage_seconds[i],
                total > 0 ? 100.0 * stage_seconds[i] / total : 0.0);
    fprintf(stderr, "  %-40s %8.2f s, peak memory %.0f MB\n", "total", total, (double)ru.ru_maxrss / 1024.0);
}
