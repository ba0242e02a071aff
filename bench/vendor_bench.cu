// The vendor side of bench/run-segmented.sh: the segmented reductions of
// bench/segmented_bench.c done by NVIDIA's libraries, timed with the
// method of cub_bench.cu (data on the device, CUDA events around one call,
// a busy kernel queued first so host launch overhead is excluded, median
// of 20 runs after 3 warm-ups).
//
//   mv      y = A x, A row-major rows x cols: cuBLAS gemv. Row-major A is
//           column-major A^T (cols x rows, leading dimension cols), so
//           y = A x is gemv(CUBLAS_OP_T, m = cols, n = rows, A, lda = cols).
//   rowsum  out[r] = sum of row r: cub::DeviceSegmentedReduce::Sum with
//           offsets r * cols (begin = offsets, end = offsets + 1).
//
//   vendor_bench TYPE OP ROWSxCOLS...      (TYPE float, double or int; mv: float, double)
// Prints CSV rows: impl,type,op,rows,cols,us,check
// where check is sum over rows of y[r] * (r % 7 + 1), as segmented_bench prints.
#include <cub/cub.cuh>
#include <cublas_v2.h>

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
#define CHECK_BLAS(x)                                                                              \
    do {                                                                                           \
        cublasStatus_t s_ = (x);                                                                   \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                         \
            fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__, __LINE__, #x, (int)s_);     \
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

static cublasStatus_t gemv(cublasHandle_t h, int m, int n, const float *alpha, const float *A,
                           int lda, const float *x, const float *beta, float *y)
{
    return cublasSgemv(h, CUBLAS_OP_T, m, n, alpha, A, lda, x, 1, beta, y, 1);
}
static cublasStatus_t gemv(cublasHandle_t h, int m, int n, const double *alpha, const double *A,
                           int lda, const double *x, const double *beta, double *y)
{
    return cublasDgemv(h, CUBLAS_OP_T, m, n, alpha, A, lda, x, 1, beta, y, 1);
}
static cublasStatus_t gemv(cublasHandle_t, int, int, const int *, const int *, int, const int *,
                           const int *, int *)
{
    return CUBLAS_STATUS_NOT_SUPPORTED;
}

template <class T> static void run(const char *type, const char *op, long rows, long cols,
                                   cublasHandle_t blas)
{
    const size_t n = (size_t)rows * (size_t)cols;
    // the values of segmented_bench.c: entries -4..4, x 0..2
    std::vector<T> hA(n), hx(cols), hy(rows);
    for (size_t k = 0; k < n; k++)
        hA[k] = (T)(int)((k * 7) % 9) - (T)4;
    for (long j = 0; j < cols; j++)
        hx[j] = (T)(int)(j % 3);
    T *A, *x, *y;
    CHECK(cudaMalloc(&A, n * sizeof(T)));
    CHECK(cudaMalloc(&x, cols * sizeof(T)));
    CHECK(cudaMalloc(&y, rows * sizeof(T)));
    CHECK(cudaMemcpy(A, hA.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(x, hx.data(), cols * sizeof(T), cudaMemcpyHostToDevice));
    double us = -1;
    const char *impl = "";
    if (!strcmp(op, "mv")) {
        impl = "cublas";
        const T one = 1, zero = 0;
        CHECK_BLAS(gemv(blas, (int)cols, (int)rows, &one, A, (int)cols, x, &zero, y));
        us = median_us([&] { CHECK_BLAS(gemv(blas, (int)cols, (int)rows, &one, A, (int)cols, x, &zero, y)); });
    } else {
        impl = "cub";
        std::vector<long long> hoff(rows + 1);
        for (long r = 0; r <= rows; r++)
            hoff[r] = (long long)r * cols;
        long long *off;
        CHECK(cudaMalloc(&off, (rows + 1) * sizeof(long long)));
        CHECK(cudaMemcpy(off, hoff.data(), (rows + 1) * sizeof(long long), cudaMemcpyHostToDevice));
        void *tmp = nullptr;
        size_t bytes = 0;
        CHECK(cub::DeviceSegmentedReduce::Sum(tmp, bytes, A, y, (int)rows, off, off + 1));
        CHECK(cudaMalloc(&tmp, bytes ? bytes : 1));
        us = median_us([&] {
            size_t b = bytes;
            CHECK(cub::DeviceSegmentedReduce::Sum(tmp, b, A, y, (int)rows, off, off + 1));
        });
        CHECK(cudaFree(tmp));
        CHECK(cudaFree(off));
    }
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(hy.data(), y, rows * sizeof(T), cudaMemcpyDeviceToHost));
    double check = 0;
    for (long r = 0; r < rows; r++)
        check += (double)hy[r] * (double)(r % 7 + 1);
    printf("%s,%s,%s,%ld,%ld,%.2f,%.0f\n", impl, type, op, rows, cols, us, check);
    fflush(stdout);
    CHECK(cudaFree(A));
    CHECK(cudaFree(x));
    CHECK(cudaFree(y));
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s float|double|int mv|rowsum ROWSxCOLS...\n", argv[0]);
        return 2;
    }
    const char *type = argv[1], *op = argv[2];
    if (strcmp(op, "mv") && strcmp(op, "rowsum"))
        return 2;
    if (!strcmp(op, "mv") && !strcmp(type, "int")) {
        fprintf(stderr, "cuBLAS has no int gemv\n");
        return 2;
    }
    cublasHandle_t blas;
    CHECK_BLAS(cublasCreate(&blas));
    for (int k = 3; k < argc; k++) {
        long rows = 0, cols = 0;
        if (sscanf(argv[k], "%ldx%ld", &rows, &cols) != 2 || rows < 1 || cols < 1)
            return 2;
        if (!strcmp(type, "float")) run<float>(type, op, rows, cols, blas);
        else if (!strcmp(type, "double")) run<double>(type, op, rows, cols, blas);
        else run<int>(type, op, rows, cols, blas);
    }
    CHECK_BLAS(cublasDestroy(blas));
    return 0;
}
