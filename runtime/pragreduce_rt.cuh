/*
 * pragreduce runtime: the CUDA code that generated files rely on.
 * pragreduce copies this header, with the layers it includes, verbatim to
 * the top of each output file (runtime/embed.sh), so the output builds
 * with plain `nvcc out.cu` and no include path.
 *
 * Layers in runtime/pragreduce/, each a header that includes the one below
 * it (as in CUB), so a test or a tool can take a layer and what it rests on:
 *   config        the headers the runtime needs, u64, tuning macros; with
 *                 system.cuh, the POSIX calls under names of its own
 *   fake_device   -DPRAGREDUCE_FAKE_DEVICE: the device is host memory and
 *                 each launch runs the loop as written over the device
 *                 copies, so CI without a GPU sees stale copies
 *   operators     op_add ... op_lor: combine(a, b) and identity
 *   warp          32 lanes; every lane ends with the warp's result
 *   block         BLOCK threads (the result in thread 0), or groups of G
 *   grid          last-block detection, so the per-block partials are
 *                 combined by the grid's last block in the same launch
 *   host          errors, PRAGREDUCE_* settings, the device check
 *   warmup        the CUDA context made before main, unless the last run
 *                 of the program used no GPU (a hint file)
 *   profile       PRAGREDUCE_PROFILE's table
 *   launch        the CPU/GPU choice, grid sizing, scratch memory, trip counts
 *   transfers     host arrays to the GPU at the link's speed: pageable data
 *                 through pinned staging buffers filled by several host
 *                 threads, each chunk's DMA overlapped with the next copies
 *   chunks        loops whose arrays exceed the GPU's memory; pinned
 *                 allocation for --pin-host
 *   residency     device copies kept between loops (region, data_region)
 *   choice        auto mode's CPU/GPU choice per call: the cost model's
 *                 thresholds, OpenMP threads, where the arrays are
 *   section       array sections reduce(op: h[lo:len]): per-block copies and
 *                 integer atomics, per-thread copies for floating point
 *   table         tables of pointers (float **rows with in(rows[..][..])):
 *                 the rows' data and a device table of their addresses
 *   mpi           comm(C): a loop's reduction completed over MPI ranks (only
 *                 with PRAGREDUCE_MPI, which files with the clause define)
 * Floating-point results may differ from the sequential loop in the last
 * bits (another summation order); they are the same on every run on the same
 * GPU and configuration, since no floating-point atomics are used (integer atomics are exact in
 * any order).
 */
#ifndef PRAGREDUCE_RT_CUH
#define PRAGREDUCE_RT_CUH

/* the top layer; each includes the one below */
#include "pragreduce/table.cuh"
#include "pragreduce/mpi.cuh"

/* C spellings that C++ lacks. */
#ifndef restrict
#define restrict __restrict__
#endif
#ifndef _Bool
#define _Bool bool
#endif
#define _Static_assert static_assert
#define _Alignof alignof
#define _Alignas alignas
#define _Thread_local thread_local

#endif /* PRAGREDUCE_RT_CUH */
