/* team_contexts.cu - how long making the CUDA contexts of every GPU takes,
 * one after the other or from one thread each, and enabling peer access
 * between them afterwards (the warm-up's work for PRAGREDUCE_GPUS=all).
 * bench/NOTES.md, session 38.
 *   nvcc -O2 team_contexts.cu -o team_contexts && ./team_contexts serial|parallel */
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char **argv)
{
    const bool parallel = argc > 1 && strcmp(argv[1], "parallel") == 0;
    const double t0 = now_ms();
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1)
        return 1;
    const double t1 = now_ms();
    if (parallel) {
        std::vector<std::thread> pool;
        for (int g = 0; g < count; g++)
            pool.emplace_back([g] {
                cudaSetDevice(g);
                cudaFree(0);
            });
        for (auto &t : pool)
            t.join();
    } else {
        for (int g = 0; g < count; g++) {
            cudaSetDevice(g);
            cudaFree(0);
        }
    }
    const double t2 = now_ms();
    for (int g = 0; g < count; g++) {
        cudaSetDevice(g);
        for (int h = 0; h < count; h++) {
            int can = 0;
            if (h != g && cudaDeviceCanAccessPeer(&can, g, h) == cudaSuccess && can)
                cudaDeviceEnablePeerAccess(h, 0);
        }
    }
    const double t3 = now_ms();
    printf("%s: %d devices, count %.1f ms, contexts %.1f ms, peer access %.1f ms\n", parallel ? "parallel" : "serial",
           count, t1 - t0, t2 - t1, t3 - t2);
    return 0;
}
