/* pragreduce runtime, transfers: host arrays to the GPU and back through
 * pinned staging buffers, several threads. */
#ifndef PRAGREDUCE_RT_TRANSFERS_CUH
#define PRAGREDUCE_RT_TRANSFERS_CUH

#include "launch.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* ------------------------------------------------------------ transfers */

/* A plain cudaMemcpy from pageable memory runs at a fraction of the link's
 * speed (the driver stages it through one small pinned buffer, one chunk at
 * a time). Large copies go instead through pinned staging buffers that
 * several host threads fill in parallel, each thread's DMA of one chunk
 * overlapping its copy of the next (measured in bench/NOTES.md). Memory that
 * is already pinned is copied directly. */

/* Host threads that stage a copy: PRAGREDUCE_COPY_THREADS, else one per
 * online core, at most 8 (on the 16-core H100 host, 1 GiB went at 7, 15,
 * 31, 48, 48 and 44 GB/s with 1, 2, 4, 8, 12 and 16 threads: host memory
 * bandwidth, not cores, is the limit past 8). */
PRAGREDUCE_FN int copy_threads()
{
    static const int threads = [] {
        if (settings().copy_threads > 0)
            return settings().copy_threads; /* 1 to 64 */
        const long cores = (long)std::thread::hardware_concurrency(); /* online cores */
        return cores < 1 ? 1 : cores < 8 ? (int)cores : 8;
    }();
    return threads;
}

/* Bytes per staged chunk (PRAGREDUCE_COPY_CHUNK_KB, default 4 MiB: 2, 4, 8,
 * 16 and 32 MiB measured 37, 48, 42, 38 and 35 GB/s) and the
 * size below which a plain cudaMemcpy is used (PRAGREDUCE_STAGE_MIN_KB,
 * default 4 MiB: below it, starting threads costs more than it saves). */
PRAGREDUCE_FN size_t copy_chunk() { return settings().copy_chunk_kb * 1024; }
PRAGREDUCE_FN size_t stage_min() { return settings().stage_min_kb * 1024; }

/* A staging slot's pinned double buffer, portable (any GPU's copies use
 * it): one set for the program, whatever the GPUs. Pinning costs ~18 ms a
 * slot, and more with several contexts: each GPU of a team with its own
 * took two GPUs' first copies from 0.09 to 0.13-0.20 s (team_cg 8192^2,
 * bench/NOTES.md, session 38). */
struct StageBuffer {
    unsigned char *buf[2] = {nullptr, nullptr};
    size_t size = 0;
};

constexpr int max_stage_slots = 64; /* PRAGREDUCE_COPY_THREADS' most */

PRAGREDUCE_FN StageBuffer *stage_buffers()
{
    static StageBuffer all[max_stage_slots];
    return all;
}

/* A slot's stream and events on one GPU, and its buffers; kept for the
 * program's life, reused by every transfer. */
struct Stager {
    unsigned char *buf[2] = {nullptr, nullptr};
    cudaStream_t stream = nullptr;
    cudaEvent_t done[2] = {nullptr, nullptr};
    int device = -1;
};

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* The slots' stagers for `device` (each GPU of a team has its own
 * streams): a table made before main, never grown, since the first copy's
 * staging threads all ask for it at once (a vector grown on that first use
 * raced: heap corruption and "invalid device ordinal" on the H200). */
PRAGREDUCE_FN Stager *stagers(int device)
{
    static Stager all[max_devices][max_stage_slots];
    return all[device < 0 || device >= max_devices ? 0 : device];
}

#endif

/* The slots this thread's copies stage through: all copy_threads() of them
 * from 0, or its share while a team's copies run at once (team_copies). */
struct StageShare {
    int first = 0;
    int count = 0; /* 0: copy_threads() */
};

PRAGREDUCE_FN StageShare &stage_share()
{
    static thread_local StageShare share;
    return share;
}

/* Makes `slot`'s stager on `device` ready: its stream and events, the
 * slot's buffers (allocated or grown); an error if the host cannot pin
 * that much memory. */
PRAGREDUCE_FN cudaError_t stager_ready(Stager &s, int slot, size_t chunk, int device)
{
    cudaError_t err = cudaSuccess;
    if (s.device != device) {
        if (s.stream)
            return cudaErrorInvalidDevice; /* a stager serves one device */
        if ((err = cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking)) != cudaSuccess)
            return err;
        for (int b = 0; b < 2; b++)
            if ((err = cudaEventCreateWithFlags(&s.done[b], cudaEventDisableTiming)) != cudaSuccess)
                return err;
        s.device = device;
    }
    StageBuffer &sb = stage_buffers()[slot];
    if (sb.size < chunk) {
        for (int b = 0; b < 2; b++) {
            if (sb.buf[b])
                (void)cudaFreeHost(sb.buf[b]);
            sb.buf[b] = nullptr;
        }
        sb.size = 0;
        for (int b = 0; b < 2; b++)
            if ((err = cudaHostAlloc((void **)&sb.buf[b], chunk, cudaHostAllocPortable)) != cudaSuccess)
                return err;
        sb.size = chunk;
    }
    s.buf[0] = sb.buf[0];
    s.buf[1] = sb.buf[1];
    return cudaSuccess;
}

/* Pinned (page-locked or cudaHostAlloc'd) host memory: the DMA engine reads
 * it directly, at the link's full speed. */
PRAGREDUCE_FN bool host_is_pinned(const void *p)
{
    cudaPointerAttributes attr;
    bind_this_thread(); /* a first CUDA call on this thread would make a context on device 0 */
    if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
        (void)cudaGetLastError();
        return false;
    }
    return attr.type == cudaMemoryTypeHost;
}

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* Runs work(w) for w in [0, threads) on as many host threads (the caller
 * being thread 0), each bound to this process's device; returns the first
 * CUDA error any of them met. */
template <class F> inline cudaError_t on_threads(int threads, F work)
{
    bind_this_thread(); /* a thread that only reads back what a loop wrote may not be yet */
    int device = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err != cudaSuccess)
        return err;
    std::vector<cudaError_t> errs((size_t)threads, cudaSuccess);
    std::vector<std::thread> pool;
    pool.reserve((size_t)threads);
    for (int w = 1; w < threads; w++)
        pool.emplace_back([&, w]() {
            errs[(size_t)w] = cudaSetDevice(device);
            if (errs[(size_t)w] == cudaSuccess)
                errs[(size_t)w] = work(w, device);
        });
    errs[0] = work(0, device);
    for (std::thread &t : pool)
        t.join();
    for (cudaError_t e : errs)
        if (e != cudaSuccess)
            return e;
    return cudaSuccess;
}

#endif

#define PRAGREDUCE_TRY(call)                                                                       \
    do {                                                                                           \
        cudaError_t pragreduce_e_ = (call);                                                        \
        if (pragreduce_e_ != cudaSuccess)                                                          \
            return pragreduce_e_;                                                                  \
    } while (0)

/* Host threads to stage a copy of `bytes` (`chunks` chunks) through, or 0
 * for one plain cudaMemcpy: small copies, and pinned host memory. */
PRAGREDUCE_FN int staging_threads(size_t bytes, size_t chunks, const void *host)
{
    int threads = stage_share().count > 0 ? stage_share().count : copy_threads();
    if ((u64)threads > chunks)
        threads = (int)chunks;
    return bytes < stage_min() || threads < 2 || host_is_pinned(host) ? 0 : threads;
}

/* Whether the host page at `page` is mapped and readable: mincore fails
 * with ENOMEM where it is not mapped; a mapped page without read access (a
 * thread stack's guard page next to a block) makes process_vm_readv of our
 * own memory fail with EFAULT instead of a fault. */
PRAGREDUCE_FN bool page_mapped(uintptr_t page)
{
    unsigned char resident;
    if (sys::mincore((void *)page, 1, &resident) != 0 && errno == ENOMEM)
        return false;
    char byte;
    sys::io_vector local = {&byte, 1}, remote = {(void *)page, 1};
    const ssize_t got = sys::process_vm_readv(sys::getpid(), &local, 1, &remote, 1, 0);
    return got == 1 || (got < 0 && errno != EFAULT);
}

/* The bytes of [src, src + bytes) on mapped pages, as the unmapped pages
 * at either end are left out: a loop's subscripts at its first and last
 * iterations can reach outside an allocation where a guard keeps the loop
 * from reading (`i > 0 ? a[i - 1] : 0`, a stencil's edges), and no run of
 * the program reads an element on a page that is not mapped. */
PRAGREDUCE_FN void mapped_part(const void *src, size_t bytes, size_t *front, size_t *back)
{
    static const uintptr_t page = (uintptr_t)sys::getpagesize();
    const uintptr_t lo = (uintptr_t)src, hi = lo + bytes;
    uintptr_t first = lo & ~(page - 1), last = (hi - 1) & ~(page - 1);
    while (first <= last && !page_mapped(first))
        first += page;
    while (last > first && !page_mapped(last))
        last -= page;
    if (first > last) {
        *front = bytes;
        *back = 0;
        return;
    }
    *front = first > lo ? first - lo : 0;
    *back = last + page < hi ? hi - (last + page) : 0;
}

/* Set by the residency layer once a kept copy holds bytes the device wrote
 * and the host has not got: it brings them back before the host's bytes
 * are read (a copy to the GPU reads them too). */
PRAGREDUCE_FN void (*&host_read_hook())(const volatile void *, size_t)
{
    static void (*hook)(const volatile void *, size_t) = nullptr;
    return hook;
}

/* Large copies to the GPUs of a team (PRAGREDUCE_GPUS), gathered while a
 * split loop's parts get their copies and then made together, one host
 * thread (with its staging threads) per GPU: one after the other, two
 * GPUs' first copies took twice one GPU's (bench/NOTES.md, session 38). */
struct PendingCopy {
    void *dst;
    const void *src;
    size_t bytes;
    int device;
    const char *site;
};

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* This thread's gathered copies while a team_copies is alive, else null. */
struct PendingList {
    std::vector<PendingCopy> copies;
};

PRAGREDUCE_FN PendingList *&pending_copies()
{
    static thread_local PendingList *list = nullptr;
    return list;
}

#endif

PRAGREDUCE_FN void to_device_now(void *dst, const void *src, size_t bytes, const char *site);

/* `team_copies c; ...acquire each part's copies...; c.run();` (also at the
 * end of its scope). Between the two, only the runtime runs: the host's
 * bytes were made current when each copy was asked for (to_device), and
 * nothing reads a gathered copy's destination before run(). */
struct team_copies {
    struct PendingList *list; /* the runtime's (no <vector> in the library's header) */
    struct PendingList *outer;
    team_copies();
    ~team_copies();
    team_copies(const team_copies &) = delete;
    team_copies &operator=(const team_copies &) = delete;
    void run();
};

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
PRAGREDUCE_FN team_copies::team_copies() : list(new PendingList), outer(pending_copies())
{
    pending_copies() = list;
}

PRAGREDUCE_FN team_copies::~team_copies()
{
    run();
    delete list;
}

PRAGREDUCE_FN void team_copies::run()
{
    pending_copies() = outer;
    if (list->copies.empty())
        return;
    std::vector<int> devices;
    for (const PendingCopy &c : list->copies)
        if (std::find(devices.begin(), devices.end(), c.device) == devices.end())
            devices.push_back(c.device);
    /* the staging slots shared out: together as many threads (and
     * pinned buffers) as one GPU's copies use */
    const int per = copy_threads() / (int)devices.size() > 0 ? copy_threads() / (int)devices.size() : 1;
    auto copy_for = [this, per](int device, int k) {
        on_device on(device);
        const StageShare mine = stage_share();
        stage_share() = StageShare{k * per, per}; /* k * per + per <= copy_threads() <= 64 */
        for (const PendingCopy &c : list->copies)
            if (c.device == device)
                to_device_now(c.dst, c.src, c.bytes, c.site);
        stage_share() = mine;
    };
    std::vector<std::thread> pool;
    for (size_t k = 1; k < devices.size(); k++)
        pool.emplace_back(copy_for, devices[k], (int)k);
    copy_for(devices[0], 0);
    for (std::thread &t : pool)
        t.join();
    list->copies.clear();
}
#endif

/* Device to device across GPUs (a neighbour's part of a stencil's input
 * that another GPU of the team wrote), without the host: ordered after the
 * work already queued on both GPUs and before what follows (cudaMemcpyPeer). */
PRAGREDUCE_FN void peer_copy(void *dst, int dst_device, const void *src, int src_device, size_t bytes, const char *site)
{
    if (bytes == 0)
        return;
    profile_add(site, [&](SiteProfile &s) {
        s.peer_bytes += bytes;
        s.peer_copies++;
    });
    PRAGREDUCE_CHECK(site, "cudaMemcpyPeer", cudaMemcpyPeer(dst, dst_device, src, src_device, bytes));
}

/* Host to device, `bytes` from `src` to `dst`: the bytes on mapped pages
 * (mapped_part; the device copy of the others is left as it was). */
PRAGREDUCE_FN void to_device(void *dst, const void *src, size_t bytes, const char *site)
{
    if (bytes == 0)
        return;
    if (host_read_hook())
        host_read_hook()(src, bytes);
    size_t front, back;
    mapped_part(src, bytes, &front, &back);
    if (front + back >= bytes)
        return;
    if (front + back) {
        dst = (unsigned char *)dst + front;
        src = (const unsigned char *)src + front;
        bytes -= front + back;
    }
    profile_add(site, [&](SiteProfile &s) {
        s.h2d_bytes += bytes;
        s.h2d_copies++;
    });
    if (pending_copies() && bytes >= stage_min()) {
        pending_copies()->copies.push_back({dst, src, bytes, current_device(), site});
        return;
    }
    to_device_now(dst, src, bytes, site);
}

/* The copy itself (to_device once the host's bytes are current). */
PRAGREDUCE_FN void to_device_now(void *dst, const void *src, size_t bytes, const char *site)
{
    const size_t chunk = copy_chunk();
    const size_t chunks = (bytes + chunk - 1) / chunk;
    const int threads = staging_threads(bytes, chunks, src);
    if (threads == 0) {
        PRAGREDUCE_CHECK(site, "cudaMemcpy", cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
        return;
    }
    /* the staging streams do not wait for the default stream's kernels */
    PRAGREDUCE_CHECK(site, "kernel", cudaStreamSynchronize(0));
    const int first_slot = stage_share().first; /* (thread-local: read here, not in the workers) */
    /* thread w copies chunks w, w + threads, ...: while the DMA of one chunk
     * runs from one half of its buffer, it fills the other half */
    const cudaError_t err = on_threads(threads, [&](int w, int device) -> cudaError_t {
        const int slot = first_slot + w;
        Stager &s = stagers(device)[slot];
        PRAGREDUCE_TRY(stager_ready(s, slot, chunk, device));
        size_t j = 0;
        for (size_t c = (size_t)w; c < chunks; c += (size_t)threads, j++) {
            const int b = (int)(j & 1);
            if (j >= 2)
                PRAGREDUCE_TRY(cudaEventSynchronize(s.done[b]));
            const size_t off = c * chunk, len = bytes - off < chunk ? bytes - off : chunk;
            memcpy(s.buf[b], (const unsigned char *)src + off, len);
            PRAGREDUCE_TRY(cudaMemcpyAsync((unsigned char *)dst + off, s.buf[b], len,
                                           cudaMemcpyHostToDevice, s.stream));
            PRAGREDUCE_TRY(cudaEventRecord(s.done[b], s.stream));
        }
        return cudaStreamSynchronize(s.stream);
    });
    if (err != cudaSuccess)
        fail(site, "staged copy to the GPU", err);
}

/* Device to host (the elements a loop wrote): each thread's DMA of its next
 * chunk overlaps its copy of the last one out of the pinned buffer. */
PRAGREDUCE_FN void to_host(void *dst, const void *src, size_t bytes, const char *site)
{
    if (bytes == 0)
        return;
    profile_add(site, [&](SiteProfile &s) {
        s.d2h_bytes += bytes;
        s.d2h_copies++;
    });
    const size_t chunk = copy_chunk();
    const size_t chunks = (bytes + chunk - 1) / chunk;
    const int threads = staging_threads(bytes, chunks, dst);
    if (threads == 0) {
        PRAGREDUCE_CHECK(site, "cudaMemcpy", cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
        return;
    }
    PRAGREDUCE_CHECK(site, "kernel", cudaStreamSynchronize(0)); /* (as in to_device) */
    const int first_slot = stage_share().first;
    const cudaError_t err = on_threads(threads, [&](int w, int device) -> cudaError_t {
        const int slot = first_slot + w;
        Stager &s = stagers(device)[slot];
        PRAGREDUCE_TRY(stager_ready(s, slot, chunk, device));
        size_t j = 0, prev_off = 0, prev_len = 0;
        for (size_t c = (size_t)w;; c += (size_t)threads, j++) {
            const int b = (int)(j & 1);
            const bool more = c < chunks;
            if (more) {
                const size_t off = c * chunk, len = bytes - off < chunk ? bytes - off : chunk;
                PRAGREDUCE_TRY(cudaMemcpyAsync(s.buf[b], (const unsigned char *)src + off, len,
                                               cudaMemcpyDeviceToHost, s.stream));
                PRAGREDUCE_TRY(cudaEventRecord(s.done[b], s.stream));
            }
            if (j > 0) { /* the previous chunk, while this one's DMA runs */
                PRAGREDUCE_TRY(cudaEventSynchronize(s.done[b ^ 1]));
                memcpy((unsigned char *)dst + prev_off, s.buf[b ^ 1], prev_len);
            }
            if (!more)
                break;
            prev_off = c * chunk;
            prev_len = bytes - prev_off < chunk ? bytes - prev_off : chunk;
        }
        return cudaSuccess;
    });
    if (err != cudaSuccess)
        fail(site, "staged copy from the GPU", err);
}

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_TRANSFERS_CUH */
