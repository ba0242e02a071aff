/* pragreduce runtime, config: the headers the runtime needs, u64 and the
 * tuning macros. */
#ifndef PRAGREDUCE_RT_CONFIG_CUH
#define PRAGREDUCE_RT_CONFIG_CUH

#include <cuda_runtime.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <initializer_list>
#include <limits>
#include <mutex>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include <pthread.h> /* <thread> and <mutex> include it already */
#ifdef _OPENMP
#include <omp.h>
#elif defined(PRAGREDUCE_LIBRARY_BUILD)
/* The library is built once for programs with and without OpenMP: it asks
 * libgomp when the program links it (weak: null otherwise). */
extern "C" int omp_in_parallel(void) __attribute__((weak));
extern "C" int omp_get_max_threads(void) __attribute__((weak));
#endif

/* The runtime's names lie in an inline namespace of their own for the
 * fake device (-DPRAGREDUCE_FAKE_DEVICE, which changes what they do):
 * libpragreduce holds both builds, and a file links the one its macros
 * chose; files built both ways in one program do not share a definition. */
#ifdef PRAGREDUCE_FAKE_DEVICE
#define PRAGREDUCE_ABI_BEGIN inline namespace on_fake_device {
#else
#define PRAGREDUCE_ABI_BEGIN inline namespace on_gpu {
#endif
#define PRAGREDUCE_ABI_END }

/* no <unistd.h>, <sys/stat.h>, ...: they would declare names the program
 * may use for its own (system.cuh) */
#include "system.cuh"

/* Loads in flight per thread in a marked loop shared by a segment's
 * threads (segmented loops); -D at nvcc time for experiments. */
#ifndef PRAGREDUCE_SEG_UNROLL
#define PRAGREDUCE_SEG_UNROLL 8
#endif

/* The same with 16-byte loads (arrays read along the marked loop): vectors
 * in flight per thread; PRAGREDUCE_SEG_VECTOR=0 turns those loads off. */
#ifndef PRAGREDUCE_SEG_VUNROLL
#define PRAGREDUCE_SEG_VUNROLL 8
#endif
#ifndef PRAGREDUCE_SEG_VECTOR
#define PRAGREDUCE_SEG_VECTOR 1
#endif

/* The runtime's functions with no template parameter: inline in the
 * self-contained output (one copy per program through the linker), defined
 * once in libpragreduce (runtime/library.cu, PRAGREDUCE_FN empty) and only
 * declared by the installed header (runtime/header.sh) for files built
 * with --runtime=library. */
#ifndef PRAGREDUCE_FN
#define PRAGREDUCE_FN inline
#endif

/* OpenMP's answers: from the program's own OpenMP (the file is built with
 * -fopenmp), from libgomp when the library is linked into a program that
 * has it, else none. */
#if defined(_OPENMP)
#define PRAGREDUCE_OMP_IN_PARALLEL() (omp_in_parallel() != 0)
#define PRAGREDUCE_OMP_MAX_THREADS() omp_get_max_threads()
#elif defined(PRAGREDUCE_LIBRARY_BUILD)
#define PRAGREDUCE_OMP_IN_PARALLEL() (omp_in_parallel && omp_in_parallel() != 0)
#define PRAGREDUCE_OMP_MAX_THREADS() (omp_get_max_threads ? omp_get_max_threads() : 1)
#endif

namespace pragreduce {

typedef unsigned long long u64;

} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_CONFIG_CUH */
