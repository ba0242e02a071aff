// host_naive.cu - what a user gets from copy-then-reduce: one cudaMemcpy of
// the whole pageable array, then CUB's DeviceReduce::Sum, timed with the
// wall clock like bench/host_bench.c (device buffers allocated outside the
// timed region, which favours this side).
//   ./host_naive [n] [reps] [pinned]
#include <cub/cub.cuh>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e_));                            \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1L << 28;
    int reps = argc > 2 ? atoi(argv[2]) : 7;
    bool pinned = argc > 3 && atoi(argv[3]);
    float *h = nullptr;
    if (pinned)
        CHECK(cudaMallocHost(&h, n * sizeof(float)));
    else
        h = (float *)malloc(n * sizeof(float));
    for (long i = 0; i < n; i++)
        h[i] = (float)((i * 7) % 16);
    float *d = nullptr, *out = nullptr;
    void *tmp = nullptr;
    size_t tmp_bytes = 0;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CHECK(cudaMalloc(&out, sizeof(float)));
    CHECK(cub::DeviceReduce::Sum(tmp, tmp_bytes, d, out, (int)n));
    CHECK(cudaMalloc(&tmp, tmp_bytes));
    std::vector<double> ms;
    float s = 0;
    for (int r = 0; r < reps; r++) {
        auto t0 = std::chrono::steady_clock::now();
        CHECK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
        CHECK(cub::DeviceReduce::Sum(tmp, tmp_bytes, d, out, (int)n));
        CHECK(cudaMemcpy(&s, out, sizeof s, cudaMemcpyDeviceToHost));
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    double first = ms[0];
    std::sort(ms.begin() + 1, ms.end());
    double median = reps > 1 ? ms[1 + (reps - 1) / 2] : first;
    double bytes = (double)n * sizeof(float);
    printf("host-e2e: impl=naive-%s elem=float n=%ld first_ms=%.2f median_ms=%.2f GBps=%.2f sum=%.0f\n",
           pinned ? "pinned" : "pageable", n, first, median, bytes / (median * 1e6), s);
    return 0;
}
