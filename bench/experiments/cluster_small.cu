// cluster_small.cu - experiment for small reductions (2^12 ... 2^20 floats):
// one thread-block cluster whose blocks combine through distributed shared
// memory (no global atomics, no second launch), against a single block and
// CUB, timed like make bench (busy kernel, events, median of 20 after 3).
//   nvcc -O3 -arch=sm_90 -std=c++17 cluster_small.cu -o cluster_small
#include <cooperative_groups.h>
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));  \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

__global__ void busy_wait(unsigned ns)
{
    const unsigned long long start = clock64();
    while (clock64() - start < (unsigned long long)ns * 2)
        ;
}

template <int BLOCK> __device__ float block_sum(float v)
{
    __shared__ float warp_vals[BLOCK / 32];
    for (int m = 16; m > 0; m >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, m);
    if ((threadIdx.x & 31) == 0)
        warp_vals[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < BLOCK / 32 ? warp_vals[threadIdx.x] : 0.f;
        for (int m = 16; m > 0; m >>= 1)
            v += __shfl_xor_sync(0xffffffffu, v, m);
    }
    return v;
}

// each block reads a contiguous tile-strided share: vec4 loads, U in flight
template <int BLOCK, int U>
__device__ float thread_sum(const float *a, unsigned n, unsigned block, unsigned nblocks)
{
    float s = 0.f;
    const unsigned tile = BLOCK * U * 4;
    const unsigned tiles = n / tile;
    for (unsigned t = block; t < tiles; t += nblocks) {
        float4 v[U];
#pragma unroll
        for (int u = 0; u < U; u++)
            v[u] = __ldg((const float4 *)(a + (size_t)t * tile + (size_t)u * BLOCK * 4) + threadIdx.x);
#pragma unroll
        for (int u = 0; u < U; u++)
            s += (v[u].x + v[u].y) + (v[u].z + v[u].w);
    }
    for (unsigned k = tiles * tile + block * BLOCK + threadIdx.x; k < n; k += nblocks * BLOCK)
        s += a[k];
    return s;
}

template <int BLOCK, int U> __global__ void __launch_bounds__(BLOCK) cluster_sum(const float *a, unsigned n, float *out)
{
    cg::cluster_group cluster = cg::this_cluster();
    __shared__ float partial;
    float s = block_sum<BLOCK>(thread_sum<BLOCK, U>(a, n, cluster.block_rank(), cluster.num_blocks()));
    if (threadIdx.x == 0)
        partial = s;
    cluster.sync();
    if (cluster.block_rank() == 0 && threadIdx.x < 32) {
        float v = 0.f;
        for (unsigned r = threadIdx.x; r < cluster.num_blocks(); r += 32)
            v += *cluster.map_shared_rank(&partial, r);
        for (int m = 16; m > 0; m >>= 1)
            v += __shfl_xor_sync(0xffffffffu, v, m);
        if (threadIdx.x == 0)
            *out = v;
    }
    cluster.sync(); // keep every block's shared memory alive until read
}

// one ordinary block does everything (no cluster, no combine)
template <int BLOCK, int U> __global__ void __launch_bounds__(BLOCK) one_block_sum(const float *a, unsigned n, float *out)
{
    float s = block_sum<BLOCK>(thread_sum<BLOCK, U>(a, n, 0, 1));
    if (threadIdx.x == 0)
        *out = s;
}

template <class F> float time_us(F launch)
{
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    std::vector<float> t;
    for (int r = -3; r < 20; r++) {
        busy_wait<<<1, 1>>>(50000);
        CHECK(cudaEventRecord(a));
        launch();
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        if (r >= 0)
            t.push_back(ms * 1000);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

template <int BLOCK, int U> float run_cluster(const float *d, unsigned n, float *out, int csize)
{
    auto k = cluster_sum<BLOCK, U>;
    CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(csize);
    cfg.blockDim = dim3(BLOCK);
    cudaLaunchAttribute attr;
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = csize;
    attr.val.clusterDim.y = 1;
    attr.val.clusterDim.z = 1;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    return time_us([&] { CHECK(cudaLaunchKernelEx(&cfg, k, d, n, out)); });
}

int main()
{
    const unsigned maxn = 1u << 20;
    std::vector<float> h(maxn);
    for (unsigned i = 0; i < maxn; i++)
        h[i] = (float)(i % 16);
    float *d, *out;
    CHECK(cudaMalloc(&d, maxn * 4));
    CHECK(cudaMalloc(&out, 4));
    CHECK(cudaMemcpy(d, h.data(), maxn * 4, cudaMemcpyHostToDevice));
    void *tmp = nullptr;
    size_t tmp_bytes = 0;
    CHECK(cub::DeviceReduce::Sum(tmp, tmp_bytes, d, out, (int)maxn));
    CHECK(cudaMalloc(&tmp, tmp_bytes));
    printf("%-28s", "n");
    for (unsigned n = 1u << 12; n <= maxn; n <<= 2)
        printf(" %8u", n);
    printf("\n");
    auto row = [&](const char *name, auto f) {
        printf("%-28s", name);
        for (unsigned n = 1u << 12; n <= maxn; n <<= 2) {
            float us = f(n);
            float got;
            CHECK(cudaMemcpy(&got, out, 4, cudaMemcpyDeviceToHost));
            double want = 0;
            for (unsigned i = 0; i < n; i++)
                want += h[i];
            printf(" %7.2f%s", us, got == (float)want ? " " : "!");
        }
        printf("\n");
    };
    row("cub", [&](unsigned n) {
        return time_us([&] { CHECK(cub::DeviceReduce::Sum(tmp, tmp_bytes, d, out, (int)n)); });
    });
    row("one block 1024, U=2", [&](unsigned n) { return time_us([&] { one_block_sum<1024, 2><<<1, 1024>>>(d, n, out); }); });
    row("one block 1024, U=4", [&](unsigned n) { return time_us([&] { one_block_sum<1024, 4><<<1, 1024>>>(d, n, out); }); });
    row("one block 1024, U=8", [&](unsigned n) { return time_us([&] { one_block_sum<1024, 8><<<1, 1024>>>(d, n, out); }); });
    row("one block 512, U=8", [&](unsigned n) { return time_us([&] { one_block_sum<512, 8><<<1, 512>>>(d, n, out); }); });
    for (int c : {1, 4, 16}) {
        char name[64];
        snprintf(name, sizeof name, "cluster %2d x 1024, U=2", c);
        row(name, [&](unsigned n) { return run_cluster<1024, 2>(d, n, out, c); });
        snprintf(name, sizeof name, "cluster %2d x 1024, U=4", c);
        row(name, [&](unsigned n) { return run_cluster<1024, 4>(d, n, out, c); });
        snprintf(name, sizeof name, "cluster %2d x 512, U=4", c);
        row(name, [&](unsigned n) { return run_cluster<512, 4>(d, n, out, c); });
    }
    return 0;
}
