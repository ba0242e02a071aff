/* team_probe.cu - what moving a stencil's halo between two GPUs of one
 * process costs: through the host (a device-to-host copy into pageable
 * memory, then host to device: how the runtime moved them until session
 * 38) against a peer copy, for 8 KiB to 8 MiB; and the round trip of
 * launching an empty kernel on every GPU and reading 32 bytes back from
 * each (a split reduction's fixed cost). bench/NOTES.md, session 38.
 *   nvcc -O2 -arch=sm_90 team_probe.cu -o team_probe && ./team_probe */
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                              \
    do {                                                                                      \
        cudaError_t e_ = (x);                                                                 \
        if (e_ != cudaSuccess) {                                                              \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)

static double now_us()
{
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

__global__ void empty_kernel(unsigned char *out) { if (threadIdx.x == 0 && out) out[blockIdx.x] = 1; }

int main()
{
    int count = 0;
    CHECK(cudaGetDeviceCount(&count));
    printf("devices %d\n", count);
    if (count < 2)
        return 0;
    int can01 = 0, can10 = 0;
    CHECK(cudaDeviceCanAccessPeer(&can01, 0, 1));
    CHECK(cudaDeviceCanAccessPeer(&can10, 1, 0));
    printf("peer access 0->1 %d, 1->0 %d\n", can01, can10);
    const size_t most = (size_t)8 << 20;
    char *d[2];
    for (int g = 0; g < 2; g++) {
        CHECK(cudaSetDevice(g));
        CHECK(cudaMalloc(&d[g], most));
        CHECK(cudaMemset(d[g], g, most));
    }
    std::vector<char> host(most);
    const int reps = 200;
    for (size_t bytes = 8192; bytes <= most; bytes *= 4) {
        /* through the host, as the runtime's flush then to_device */
        double t = now_us();
        for (int r = 0; r < reps; r++) {
            CHECK(cudaSetDevice(0));
            CHECK(cudaMemcpy(host.data(), d[0], bytes, cudaMemcpyDeviceToHost));
            CHECK(cudaSetDevice(1));
            CHECK(cudaMemcpy(d[1], host.data(), bytes, cudaMemcpyHostToDevice));
        }
        const double via_host = (now_us() - t) / reps;
        /* peer, without access enabled (the driver stages it) */
        CHECK(cudaSetDevice(1));
        CHECK(cudaDeviceSynchronize());
        t = now_us();
        for (int r = 0; r < reps; r++)
            CHECK(cudaMemcpyPeer(d[1], 1, d[0], 0, bytes));
        CHECK(cudaDeviceSynchronize());
        const double peer = (now_us() - t) / reps;
        printf("halo %8zu bytes: via host %8.1f us, peer %8.1f us\n", bytes, via_host, peer);
    }
    /* peer access enabled both ways */
    CHECK(cudaSetDevice(0));
    if (can01)
        CHECK(cudaDeviceEnablePeerAccess(1, 0));
    CHECK(cudaSetDevice(1));
    if (can10)
        CHECK(cudaDeviceEnablePeerAccess(0, 0));
    for (size_t bytes = 8192; bytes <= most; bytes *= 4) {
        CHECK(cudaDeviceSynchronize());
        double t = now_us();
        for (int r = 0; r < reps; r++)
            CHECK(cudaMemcpyPeer(d[1], 1, d[0], 0, bytes));
        CHECK(cudaDeviceSynchronize());
        const double peer = (now_us() - t) / reps;
        t = now_us();
        for (int r = 0; r < reps; r++) {
            CHECK(cudaMemcpyPeerAsync(d[1], 1, d[0], 0, bytes, 0));
            CHECK(cudaStreamSynchronize(0));
        }
        const double peer_sync = (now_us() - t) / reps;
        printf("halo %8zu bytes: peer, access enabled %8.1f us (each waited for %8.1f us)\n", bytes, peer, peer_sync);
    }
    /* a split reduction's fixed cost: launch on each GPU, read 32 bytes from each */
    unsigned char *res[2];
    for (int g = 0; g < 2; g++) {
        CHECK(cudaSetDevice(g));
        CHECK(cudaMalloc(&res[g], 4096));
    }
    for (int gpus = 1; gpus <= 2; gpus++) {
        unsigned char got[64];
        double t = now_us();
        for (int r = 0; r < 1000; r++) {
            for (int g = 0; g < gpus; g++) {
                CHECK(cudaSetDevice(g));
                empty_kernel<<<132, 512>>>(res[g]);
            }
            for (int g = 0; g < gpus; g++) {
                CHECK(cudaSetDevice(g));
                CHECK(cudaMemcpy(got + 32 * g, res[g], 32, cudaMemcpyDeviceToHost));
            }
        }
        printf("launch and read back on %d GPU(s): %.1f us a call\n", gpus, (now_us() - t) / 1000);
    }
    return 0;
}
