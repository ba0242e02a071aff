/*
 * cost.c - the launch plan for a site.
 *
 * A pure function of the loop's facts. Two shapes, both measured on an
 * H100 (see bench/NOTES.md):
 *  - unit-stride loops (every array read as a[i], step 1): 16-byte vector
 *    loads, two per thread and array in flight, 512 threads, a persistent
 *    grid (one round of resident blocks); one block per tile was 13% slower
 *    at 2^28 (the last-block combine over 65536 partials);
 *  - everything else: scalar loads, 4 iterations in flight per thread, 256
 *    threads, a persistent grid of the blocks the GPU holds.
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

bool cost_vectorizable(const Site *site, int *vector)
{
    const LoopInfo *li = &site->info;
    *vector = 1;
    if (li->step_down || !li->step || strcmp(li->step, "1") != 0)
        return false;
    long long widest = 0;
    for (int i = 0; i < site->ncaptures; i++) {
        const Capture *c = &site->captures[i];
        if (c->kind != CAP_ARRAY || !c->vec_ok || c->section)
            continue;
        if (c->elem_size != 1 && c->elem_size != 2 && c->elem_size != 4 && c->elem_size != 8 &&
            c->elem_size != 16)
            continue;
        if (c->elem_size > widest)
            widest = c->elem_size;
    }
    if (widest == 0 || widest == 16)
        return false;
    *vector = (int)(16 / widest);
    return true;
}

static void apply_override(LaunchPlan *p, const char *spec)
{
    const char *s = spec;
    while (s && *s) {
        const char *eq = strchr(s, '=');
        if (!eq)
            break;
        int v = atoi(eq + 1);
        if (!strncmp(s, "block=", 6) && v >= 32 && v <= 1024 && v % 32 == 0)
            p->block = v;
        else if (!strncmp(s, "unroll=", 7) && v >= 1 && v <= 16)
            p->unroll = v;
        else if (!strncmp(s, "vector=", 7) && v >= 1 && v <= 16)
            p->vector = v;
        else if (!strncmp(s, "waves=", 6) && v >= 0)
            p->waves = v;
        s = strchr(s, ',');
        if (s)
            s++;
    }
    p->why = "set with --plan";
}

LaunchPlan cost_plan(const Site *site, const char *override)
{
    LaunchPlan p;
    int vector;
    if (cost_vectorizable(site, &vector))
        p = (LaunchPlan){.block = 512, .unroll = 2, .vector = vector, .waves = 1,
                         .why = "unit stride: 16-byte loads, persistent grid"};
    else
        p = (LaunchPlan){.block = 256, .unroll = 4, .vector = 1, .waves = 1,
                         .why = "scalar loads, 4 in flight, persistent grid"};
    if (override) {
        int v = p.vector;
        apply_override(&p, override);
        /* vector loads only where the loop allows them */
        if (p.vector > 1 && !cost_vectorizable(site, &v))
            p.vector = 1;
        else if (p.vector > v && v > 1)
            p.vector = v;
    }
    return p;
}
