/*
 * timing.c - -ftime-report: the wall time of each stage of a run and the
 * peak memory, on standard error at the end (as gcc's -ftime-report), so
 * that a long run on a big file says where its time went.
 */
#include "pragreduce.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define MAX_STAGES 16

static bool enabled;
static const char *stage_names[MAX_STAGES];
static double stage_seconds[MAX_STAGES];
static int nstages, current = -1;
static double started, stage_started;
static int loops;

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
