// The CUB side of bench/run-sections.sh, timed as cub_bench.cu times (data
// on the device, events around one call, a busy kernel queued first,
// median of 20 after 3 warm-ups):
//   hist N BINS      cub::DeviceHistogram::HistogramEven, levels 0..BINS
//   colsum ROWS COLS cub::DeviceSegmentedReduce::Sum over the matrix stored
//                    column by column (COLS segments of ROWS)
// Prints: cub,OP,A,B,us,check   (check as section_bench prints it)
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
    return 1000.0 * t[t.size() / 2];
}

int main(int argc, char **argv)
{
    if (argc < 4)
        return 2;
    if (strcmp(argv[1], "hist") == 0) {
        long n = atol(argv[2]);
        int bins = atoi(argv[3]);
        std::vector<int> x((size_t)n);
        for (long i = 0; i < n; i++)
            x[i] = (int)(((unsigned long long)i * 2654435761ULL >> 7) % (unsigned)bins);
        int *dx;
        unsigned *dh;
        CHECK(cudaMalloc(&dx, n * sizeof(int)));
        CHECK(cudaMalloc(&dh, bins * sizeof(unsigned)));
        CHECK(cudaMemcpy(dx, x.data(), n * sizeof(int), cudaMemcpyHostToDevice));
        size_t tmp = 0;
        void *dtmp = nullptr;
        CHECK(cub::DeviceHistogram::HistogramEven(dtmp, tmp, dx, dh, bins + 1, 0, bins, (int)n));
        CHECK(cudaMalloc(&dtmp, tmp));
        double us = median_us([&] {
            CHECK(cub::DeviceHistogram::HistogramEven(dtmp, tmp, dx, dh, bins + 1, 0, bins, (int)n));
        });
        std::vector<unsigned> h(bins);
        CHECK(cudaMemcpy(h.data(), dh, bins * sizeof(unsigned), cudaMemcpyDeviceToHost));
        unsigned long long check = 0;
        for (int b = 0; b < bins; b++)
            check += (unsigned long long)h[b] * (unsigned)(b % 7 + 1);
        printf("cub,hist,%ld,%d,%.2f,%llu\n", n, bins, us, check);
    } else {
        long rows = atol(argv[2]);
        int cols = atoi(argv[3]);
        std::vector<float> At((size_t)(rows * cols));
        for (long i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++)
                At[(size_t)j * rows + i] = (float)((i * cols + j) % 5 == 0);
        std::vector<long> off(cols + 1);
        for (int j = 0; j <= cols; j++)
            off[j] = (long)j * rows;
        float *dA, *dy;
        long *doff;
        CHECK(cudaMalloc(&dA, At.size() * sizeof(float)));
        CHECK(cudaMalloc(&dy, cols * sizeof(float)));
        CHECK(cudaMalloc(&doff, off.size() * sizeof(long)));
        CHECK(cudaMemcpy(dA, At.data(), At.size() * sizeof(float), cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy(doff, off.data(), off.size() * sizeof(long), cudaMemcpyHostToDevice));
        size_t tmp = 0;
        void *dtmp = nullptr;
        CHECK(cub::DeviceSegmentedReduce::Sum(dtmp, tmp, dA, dy, cols, doff, doff + 1));
        CHECK(cudaMalloc(&dtmp, tmp));
        double us = median_us([&] { CHECK(cub::DeviceSegmentedReduce::Sum(dtmp, tmp, dA, dy, cols, doff, doff + 1)); });
        std::vector<float> y(cols);
        CHECK(cudaMemcpy(y.data(), dy, cols * sizeof(float), cudaMemcpyDeviceToHost));
        double check = 0;
        for (int j = 0; j < cols; j++)
            check += (double)y[j] * (j % 7 + 1);
        printf("cub,colsum,%ld,%d,%.2f,%.0f\n", rows, cols, us, check);
    }
    return 0;
}
