/* The first staged copy of a process starts its staging threads at once,
 * and each asks for its slot's stager: the stagers were a vector grown on
 * that first use, which the threads raced to grow (on the H200 heap
 * corruption, "corrupted double-linked list", and "staged copy to the
 * GPU: invalid device ordinal" from a stager read half-made; the
 * generator's tiny-budget runs, session 43). Each trial is a fresh process
 * (fork) whose first copy is staged through 64 threads, to the device and
 * back; every byte must arrive and the process must exit cleanly.
 *   nvcc -O1 -DPRAGREDUCE_FAKE_DEVICE -Xcompiler -fsanitize=thread -Xlinker -ltsan \
 *       tests/runtime/first_staged_copy.cu -o t && ./t */
#define PRAGREDUCE_FAKE_DEVICE 1
#include "under_test.cuh"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int trial()
{
    const size_t bytes = 64 * 4096 + 123; /* 65 chunks of 4 KiB: every thread one or more */
    std::vector<unsigned char> host(bytes), back(bytes, 0), dev(bytes, 0);
    for (size_t k = 0; k < bytes; k++)
        host[k] = (unsigned char)(k * 13 + 5);
    pragreduce::to_device(dev.data(), host.data(), bytes, "first_staged_copy.cu:1");
    pragreduce::to_host(back.data(), dev.data(), bytes, "first_staged_copy.cu:2");
    for (size_t k = 0; k < bytes; k++)
        if (back[k] != host[k])
            return 2;
    return 0;
}

int main()
{
    setenv("PRAGREDUCE_COPY_THREADS", "64", 1);
    setenv("PRAGREDUCE_COPY_CHUNK_KB", "4", 1);
    setenv("PRAGREDUCE_STAGE_MIN_KB", "0", 1);
    int failures = 0;
    const int trials = 20; /* under ThreadSanitizer (make runtime-test) one would do */
    for (int t = 0; t < trials; t++) {
        fflush(stdout);
        const pid_t pid = fork();
        if (pid < 0)
            return 1;
        if (pid == 0)
            _exit(trial());
        int status = 0;
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            if (failures++ < 3)
                printf("FAIL trial %d: %s %d\n", t, WIFSIGNALED(status) ? "signal" : "exit",
                       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        }
    }
    if (failures)
        printf("first_staged_copy: %d of %d trials failed\n", failures, trials);
    return failures != 0;
}
