/*
 * cost.c - the launch plan for a site.
 *
 * A pure function of the loop's facts. For now: 256 threads, 4 iterations
 * in flight per thread (the unrolled full tiles), and a grid of as many
 * resident blocks as the device holds, capped by the work.
 */
#include "pragreduce.h"

LaunchPlan cost_plan(const Site *site)
{
    (void)site;
    return (LaunchPlan){.block = 256, .unroll = 4, .waves = 1,
                        .why = "memory-bound default: 256 threads, 4 loads in flight"};
}
