// The floor under call_overhead.c's numbers: the same dot product and axpy
// written by hand in CUDA, arrays on the GPU, one kernel per call; the dot
// product's result copied back into pinned memory (the least a reduction's
// call must wait for); the axpy's call synchronized, or not ("async": the
// launch alone, as a loop with no result needs).
//   call_overhead_cuda [N] [CALLS]
#include <cstdio>
#include <cstdlib>
#include <chrono>

__global__ void dot_kernel(const double *x, long n, double *out)
{
    __shared__ double part[512];
    double s = 0;
    for (long i = threadIdx.x; i < n; i += blockDim.x)
        s += x[i] * x[i];
    part[threadIdx.x] = s;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k /= 2) {
        if (threadIdx.x < k)
            part[threadIdx.x] += part[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *out = part[0];
}

__global__ void axpy_kernel(double *y, const double *x, double a, long n)
{
    long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += a * x[i];
}

static double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4096;
    long calls = argc > 2 ? atol(argv[2]) : 20000;
    double *x, *y, *out, *host;
    cudaMalloc(&x, n * sizeof(double));
    cudaMalloc(&y, n * sizeof(double));
    cudaMalloc(&out, sizeof(double));
    cudaMallocHost(&host, sizeof(double));
    cudaMemset(x, 0, n * sizeof(double));
    cudaMemset(y, 0, n * sizeof(double));
    dot_kernel<<<1, 512>>>(x, n, out);
    cudaDeviceSynchronize();
    double s = 0, t0 = now_s();
    for (long c = 0; c < calls; c++) {
        dot_kernel<<<1, 512>>>(x, n, out);
        cudaMemcpyAsync(host, out, sizeof(double), cudaMemcpyDeviceToHost, 0);
        cudaStreamSynchronize(0);
        s += *host;
    }
    double t1 = now_s();
    const unsigned grid = (unsigned)((n + 255) / 256);
    for (long c = 0; c < calls; c++) {
        axpy_kernel<<<grid, 256>>>(y, x, 1.0, n);
        cudaStreamSynchronize(0);
    }
    double t2 = now_s();
    for (long c = 0; c < calls; c++)
        axpy_kernel<<<grid, 256>>>(y, x, 1.0, n);
    cudaStreamSynchronize(0);
    double t3 = now_s();
    printf("n %ld: cuda dot %.2f us per call, axpy %.2f synchronized, %.2f async (check %.0f)\n", n,
           (t1 - t0) * 1e6 / calls, (t2 - t1) * 1e6 / calls, (t3 - t2) * 1e6 / calls, s);
    return 0;
}
