// The reference side of `make bench`: NVIDIA CUB's DeviceReduce on the same
// loops as reduce_bench.c, timed with the same method (data on the device,
// CUDA events around one call, a busy kernel queued first so host launch
// overhead is excluded, median of 20 runs after 3 warm-ups).
// Prints CSV rows: impl,type,op,n,us
#include <cub/cub.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <cuda/std/functional>

#include <algorithm>
#include <cstring>
#include <functional>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));    \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

__global__ void busy_wait(unsigned ns)
{
    const unsigned long long start = clock64();
    while (clock64() - start < (unsigned long long)ns * 2)
        ;
}

template <class F> static double median_us(F call)
{
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    std::vector<float> t;
    for (int r = -3; r < 20; r++) {
        busy_wait<<<1, 1>>>(50000);
        CHECK(cudaEventRecord(a));
        call();
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        if (r >= 0)
            t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return 1000.0 * t[t.size() / 2];
}

template <class T> struct Dot {
    const T *a, *b;
    __device__ T operator()(long long i) const { return a[i] * b[i]; }
};
template <class T> struct Square {
    __device__ double operator()(T x) const { return (double)x * x; }
};
template <class T> struct SquareT {
    __device__ T operator()(T x) const { return x * x; }
};
template <class T> struct Above2 {
    __device__ long operator()(T x) const { return x > (T)2 ? 1 : 0; }
};
template <class T> struct Strided {
    const T *a;
    __device__ T operator()(long long i) const { return a[2 * i]; }
};
struct Identity {
    template <class T> __device__ T operator()(T x) const { return x; }
};

template <class T> static void run(const char *type, long n)
{
    std::vector<T> h(2 * n + 1), hb(n + 1);
    for (long i = 0; i < 2 * n + 1; i++)
        h[i] = (T)((i * 7) % 13) - (T)6;
    for (long i = 0; i < n + 1; i++)
        hb[i] = (T)((i * 5) % 11) - (T)5;
    T *a, *b, *out;
    double *outd;
    long *outl;
    CHECK(cudaMalloc(&a, sizeof(T) * h.size()));
    CHECK(cudaMalloc(&b, sizeof(T) * hb.size()));
    CHECK(cudaMalloc(&out, 2 * sizeof(T)));
    CHECK(cudaMalloc(&outd, sizeof(double)));
    CHECK(cudaMalloc(&outl, sizeof(long)));
    CHECK(cudaMemcpy(a, h.data(), sizeof(T) * h.size(), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), sizeof(T) * hb.size(), cudaMemcpyHostToDevice));
    void *tmp = nullptr;
    size_t tmp_bytes = 0, need = 0;
    auto ensure = [&](size_t bytes) {
        if (bytes > tmp_bytes) {
            if (tmp)
                CHECK(cudaFree(tmp));
            CHECK(cudaMalloc(&tmp, bytes));
            tmp_bytes = bytes;
        }
    };
    thrust::counting_iterator<long long> idx(0);
    auto sum = [&] { need = tmp_bytes; CHECK(cub::DeviceReduce::Sum(tmp, need, a, out, n)); };
    auto mn = [&] { need = tmp_bytes; CHECK(cub::DeviceReduce::Min(tmp, need, a, out, n)); };
    auto mx = [&] { need = tmp_bytes; CHECK(cub::DeviceReduce::Max(tmp, need, a, out, n)); };
    auto dot = [&] {
        need = tmp_bytes;
        CHECK(cub::DeviceReduce::TransformReduce(tmp, need, idx, out, n, cuda::std::plus<T>{},
                                                 Dot<T>{a, b}, (T)0));
    };
    auto l2 = [&] {
        need = tmp_bytes;
        CHECK(cub::DeviceReduce::TransformReduce(tmp, need, a, outd, n, cuda::std::plus<double>{},
                                                 Square<T>{}, 0.0));
    };
    auto count = [&] {
        need = tmp_bytes;
        CHECK(cub::DeviceReduce::TransformReduce(tmp, need, a, outl, n, cuda::std::plus<long>{},
                                                 Above2<T>{}, 0L));
    };
    auto sumsq = [&] {
        need = tmp_bytes;
        CHECK(cub::DeviceReduce::Sum(tmp, need, a, out, n));
        need = tmp_bytes;
        CHECK(cub::DeviceReduce::TransformReduce(tmp, need, a, out + 1, n, cuda::std::plus<T>{},
                                                 SquareT<T>{}, (T)0));
    };
    auto strided = [&] {
        need = tmp_bytes;
        CHECK(cub::DeviceReduce::TransformReduce(tmp, need, idx, out, n, cuda::std::plus<T>{},
                                                 Strided<T>{a}, (T)0));
    };
    // temp storage for every call, sized before timing
    size_t q = 0;
    void *null = nullptr;
    CHECK(cub::DeviceReduce::Sum(null, q, a, out, n)); ensure(q);
    CHECK(cub::DeviceReduce::Min(null, q, a, out, n)); ensure(q);
    CHECK(cub::DeviceReduce::TransformReduce(null, q, idx, out, n, cuda::std::plus<T>{}, Dot<T>{a, b}, (T)0)); ensure(q);
    CHECK(cub::DeviceReduce::TransformReduce(null, q, a, outd, n, cuda::std::plus<double>{}, Square<T>{}, 0.0)); ensure(q);
    CHECK(cub::DeviceReduce::TransformReduce(null, q, a, outl, n, cuda::std::plus<long>{}, Above2<T>{}, 0L)); ensure(q);
    CHECK(cub::DeviceReduce::TransformReduce(null, q, idx, out, n, cuda::std::plus<T>{}, Strided<T>{a}, (T)0)); ensure(q);
    struct { const char *name; std::function<void()> f; } ops[] = {
        {"sum", sum}, {"min", mn}, {"max", mx}, {"dot", dot}, {"l2", l2},
        {"count", count}, {"sumsq", sumsq}, {"strided", strided}, {"rows2d", sum}, {"rows2dc", sum},
    };
    for (auto &op : ops) {
        if (n < 1024 && (!strcmp(op.name, "rows2d") || !strcmp(op.name, "rows2dc")))
            continue;
        printf("cub,%s,%s,%ld,%.2f\n", type, op.name, n, median_us(op.f));
    }
    fflush(stdout);
    cudaFree(a); cudaFree(b); cudaFree(out); cudaFree(outd); cudaFree(outl); cudaFree(tmp);
}

int main(int argc, char **argv)
{
    const char *type = argc > 1 ? argv[1] : "float";
    for (int k = 2; k < argc; k++) {
        long n = atol(argv[k]);
        if (!strcmp(type, "float")) run<float>(type, n);
        else if (!strcmp(type, "double")) run<double>(type, n);
        else run<int>(type, n);
    }
    return 0;
}
