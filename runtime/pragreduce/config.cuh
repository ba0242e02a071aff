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

#include <atomic>
#include <initializer_list>
#include <limits>
#include <type_traits>
/* The library's header (embed.sh --header) declares what uses these and
 * leaves them out: they are most of a small file's compile time. */
#ifndef PRAGREDUCE_RUNTIME_HEADER
#include <algorithm>
#include <chrono>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>
#endif

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

/* A growing array of trivially copyable T, the few operations of
 * std::vector that the types in the library's header use (a region's
 * copies, a data region's spans): <vector> is no part of that header. Out
 * of memory ends the program, as std::vector's would. */
template <class T> struct small_list {
    static_assert(std::is_trivially_copyable<T>::value, "small_list holds plain values");
    T *items = nullptr;
    size_t count = 0, room = 0;
    small_list() = default;
    small_list(const small_list &) = delete;
    small_list &operator=(const small_list &) = delete;
    ~small_list() { ::free(items); }
    bool empty() const { return count == 0; }
    size_t size() const { return count; }
    T *begin() { return items; }
    T *end() { return items + count; }
    const T *begin() const { return items; }
    const T *end() const { return items + count; }
    T &operator[](size_t i) { return items[i]; }
    T &back() { return items[count - 1]; }
    void clear() { count = 0; }
    void push_back(const T &v)
    {
        if (count == room) {
            const size_t more = room ? 2 * room : 8;
            T *grown = (T *)::realloc((void *)items, more * sizeof(T));
            if (!grown) {
                fprintf(stderr, "pragreduce: out of host memory\n");
                abort();
            }
            items = grown;
            room = more;
        }
        items[count++] = v;
    }
    void erase(T *at)
    {
        memmove((void *)at, (void *)(at + 1), (size_t)(end() - at - 1) * sizeof(T));
        count--;
    }
};

} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_CONFIG_CUH */
