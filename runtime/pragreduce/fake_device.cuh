/* pragreduce runtime, -DPRAGREDUCE_FAKE_DEVICE: the "GPU" is host memory (CI
 * without a GPU). */
#ifndef PRAGREDUCE_RT_FAKE_DEVICE_CUH
#define PRAGREDUCE_RT_FAKE_DEVICE_CUH

#include "config.cuh"

/* ------------------------------------------------------------ fake device
 *
 * -DPRAGREDUCE_FAKE_DEVICE (given to nvcc) builds a program whose "GPU" is
 * host memory, so that CI machines without one check everything a GPU run
 * does on the host side: device memory comes from malloc (each new block
 * filled with 0xCD, so a loop that reads bytes nobody copied gets garbage),
 * copies are memcpy, and the residency table, data regions, chained calls,
 * invalidations and the copy-back of fused outputs run as on the GPU. In
 * place of each kernel launch the wrapper runs the marked loop as written
 * over the device copies (the pointers the kernel would get), so a stale
 * or missing copy gives a wrong answer. Run it with PRAGREDUCE_DEVICE=gpu
 * (every loop takes the GPU path). Not covered: the kernels themselves
 * (the normal build and the GPU bundle check them) and the chunked path
 * (a loop whose arrays do not fit runs as written on the host arrays). */
#ifdef PRAGREDUCE_FAKE_DEVICE
namespace pragreduce {
PRAGREDUCE_ABI_BEGIN
namespace fake {
constexpr size_t total_bytes = (size_t)16 << 30;
PRAGREDUCE_FN std::atomic<size_t> &used_bytes()
{
    static std::atomic<size_t> used{0};
    return used;
}
PRAGREDUCE_FN cudaError_t malloc_block(void **p, size_t n)
{
    if (n > total_bytes - used_bytes().load()) {
        *p = nullptr;
        return cudaErrorMemoryAllocation;
    }
    /* the size before the block, for free */
    char *b = (char *)::malloc(n + 16);
    if (!b)
        return cudaErrorMemoryAllocation;
    memcpy(b, &n, sizeof n);
    memset(b + 16, 0xCD, n);
    used_bytes() += n;
    *p = b + 16;
    return cudaSuccess;
}
PRAGREDUCE_FN cudaError_t free_block(void *p)
{
    if (p) {
        char *b = (char *)p - 16;
        size_t n;
        memcpy(&n, b, sizeof n);
        used_bytes() -= n;
        ::free(b);
    }
    return cudaSuccess;
}
/* The runtime's questions to the driver (device count, current device):
 * a run whose calls all stay on the CPU must ask none, since on a real
 * GPU the first one initializes CUDA (~0.2 s; tests/runtime/no_cuda_on_cpu.cu). */
PRAGREDUCE_FN std::atomic<unsigned> &queries()
{
    static std::atomic<unsigned> n{0};
    return n;
}
PRAGREDUCE_FN cudaError_t mem_info(size_t *free_b, size_t *total)
{
    *total = total_bytes;
    *free_b = total_bytes - used_bytes().load();
    return cudaSuccess;
}
} /* namespace fake */
PRAGREDUCE_ABI_END
} /* namespace pragreduce */
#define cudaMalloc(p, n) pragreduce::fake::malloc_block((void **)(p), (n))
#define cudaFree(p) pragreduce::fake::free_block((void *)(p))
#define cudaHostAlloc(p, n, f) (*(p) = ::malloc(n), *(p) ? cudaSuccess : cudaErrorMemoryAllocation)
#define cudaFreeHost(p) (::free(p), cudaSuccess)
#define cudaMemcpy(d, s, n, k) (memcpy((d), (s), (n)), cudaSuccess)
#define cudaMemcpyAsync(d, s, n, k, st) (memcpy((d), (s), (n)), cudaSuccess)
#define cudaMemGetInfo(f, t) pragreduce::fake::mem_info((f), (t))
#define cudaGetDeviceCount(c) (pragreduce::fake::queries()++, *(c) = 1, cudaSuccess)
#define cudaGetDevice(d) (pragreduce::fake::queries()++, *(d) = 0, cudaSuccess)
#define cudaSetDevice(d) cudaSuccess
#define cudaDeviceGetAttribute(v, a, d) (*(v) = 132, cudaSuccess)
#define cudaPointerGetAttributes(a, p) cudaErrorInvalidValue
#define cudaGetLastError() cudaSuccess
#define cudaDeviceSynchronize() cudaSuccess
#define cudaStreamCreateWithFlags(s, f) (*(s) = nullptr, cudaSuccess)
#define cudaStreamSynchronize(s) cudaSuccess
#define cudaEventCreate(e) (*(e) = nullptr, cudaSuccess)
#define cudaEventCreateWithFlags(e, f) (*(e) = nullptr, cudaSuccess)
#define cudaEventDestroy(e) cudaSuccess
#define cudaEventRecord(...) cudaSuccess
#define cudaEventSynchronize(e) cudaSuccess
#define cudaEventElapsedTime(ms, a, b) (*(ms) = 0.0f, cudaSuccess)
#define cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, ...) (*(n) = 2, cudaSuccess)
#endif

#endif /* PRAGREDUCE_RT_FAKE_DEVICE_CUH */
