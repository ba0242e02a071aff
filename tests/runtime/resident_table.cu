/* The residency table of the runtime, on a machine without a GPU: device
 * memory is faked with host memory (the CUDA calls the table makes are
 * macros here), so every reuse, partial copy, invalidation, data region
 * and eviction can be checked against the bytes themselves.
 *   nvcc -O1 tests/runtime/resident_table.cu -o t && PRAGREDUCE_PROFILE=1 ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t fake_free_bytes = (size_t)1 << 30, fake_total = (size_t)4 << 30;
static int fake_allocs;

static cudaError_t fake_malloc(void **p, size_t n)
{
    if (n > fake_free_bytes)
        return cudaErrorMemoryAllocation;
    *p = malloc(n + sizeof(size_t));
    *(size_t *)*p = n;
    *p = (char *)*p + sizeof(size_t);
    fake_free_bytes -= n;
    fake_allocs++;
    return cudaSuccess;
}

static cudaError_t fake_free(void *p)
{
    if (p) {
        char *b = (char *)p - sizeof(size_t);
        fake_free_bytes += *(size_t *)b;
        fake_allocs--;
        free(b);
    }
    return cudaSuccess;
}

#define cudaMalloc(p, n) fake_malloc((void **)(p), (n))
#define cudaFree(p) fake_free(p)
#define cudaMemcpy(d, s, n, k) (memcpy((d), (s), (n)), cudaSuccess)
#define cudaMemGetInfo(f, t) (*(f) = fake_free_bytes, *(t) = fake_total, cudaSuccess)
#define cudaGetDeviceCount(c) (*(c) = 2, cudaSuccess)
#define cudaPointerGetAttributes(a, p) cudaErrorInvalidValue
/* two GPUs, for a team's copies (PRAGREDUCE_GPUS): each thread's current one */
static thread_local int fake_device_now = 0;
#define cudaGetDevice(d) (*(d) = fake_device_now, cudaSuccess)
#define cudaSetDevice(d) (fake_device_now = (d), cudaSuccess)
/* a copy between two GPUs of a team: counted, to check that it was one */
static int fake_peer_copies;
#define cudaMemcpyPeer(d, dd, s, sd, n) (fake_peer_copies++, memcpy((d), (s), (n)), cudaSuccess)

#include "../../runtime/pragreduce_rt.cuh"

static int failures;
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL line %d: %s\n", __LINE__, #cond);                                         \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static const char site[] = "table.c:1: reduce(+: s)";

static pragreduce::SiteProfile counts()
{
    pragreduce::SiteProfile r;
    pragreduce::profile_add(site, [&](pragreduce::SiteProfile &s) { r = s; });
    return r;
}

/* What a wrapper does for one array: a call, then its device copy. */
static const long *use(const long *host, long n)
{
    pragreduce::call_epoch()++;
    return (const long *)pragreduce::resident_in(host, (size_t)n * sizeof(long), site, nullptr);
}

static bool same(const long *dev, const long *host, long n) { return memcmp(dev, host, (size_t)n * sizeof(long)) == 0; }

/* What a wrapper does for an array its kernel writes: the kept copy, then
 * `value + i` written into each element by "the kernel". */
static void kernel_writes(long *host, long n, long value)
{
    pragreduce::call_epoch()++;
    long *o = (long *)pragreduce::resident_inout(host, (size_t)n * sizeof(long), site, nullptr);
    CHECK(o != nullptr);
    if (!o)
        return;
    for (long i = 0; i < n; i++)
        o[i] = value + i;
    pragreduce::resident_out(host, (size_t)n * sizeof(long), site);
}

/* Bytes a kernel wrote come back only where the host reads them, writes or
 * frees them, or when their copy goes. */
static void lazy_copy_back()
{
    static long z[64];
    long local[16] = {0};
    {
        pragreduce::region r;
        kernel_writes(z, 64, 100);
        CHECK(z[0] == 0 && z[63] == 0 && pragreduce::newer_count() == 1);
        /* a read of the last element: a copy of less than 64 KiB brings all
         * of it (a copy of 8 bytes costs what one of 64 KiB does) */
        u_int64_t before = counts().d2h_bytes;
        pragreduce::host_reads(&z[63], sizeof z[63]);
        CHECK(z[63] == 163 && z[0] == 100 && counts().d2h_bytes - before == sizeof z &&
              pragreduce::newer_count() == 0);
        /* a large array: a read at either end brings 64 KiB from that end, the
         * rest stays newer; one in the middle brings all of it (one range per
         * copy) */
        {
            const long big_n = 3 << 13, window = (1 << 16) / sizeof(long); /* 192 KiB, 8192 */
            static long big[3 << 13];
            kernel_writes(big, big_n, 100);
            before = counts().d2h_bytes;
            pragreduce::host_reads(&big[big_n - 1], sizeof big[0]);
            CHECK(big[big_n - 1] == 100 + big_n - 1 && big[big_n - window] == 100 + big_n - window &&
                  big[big_n - window - 1] == 0 && counts().d2h_bytes - before == window * sizeof(long));
            pragreduce::host_reads_elems(big, sizeof big[0], 0, 1);
            CHECK(big[0] == 100 && big[window - 1] == 100 + window - 1 && big[window] == 0 &&
                  counts().d2h_bytes - before == 2 * window * sizeof(long) && pragreduce::newer_count() == 1);
            pragreduce::host_reads(&big[big_n / 2], sizeof big[0]);
            CHECK(big[window] == 100 + window && pragreduce::newer_count() == 0 &&
                  counts().d2h_bytes - before == (size_t)big_n * sizeof(long));
        }
        /* a host loop's box: the elements 2 * i for i in [0, 4] (at the start:
         * 64 KiB of them, here all) */
        kernel_writes(z, 64, 200);
        pragreduce::host_reads_box(z, sizeof z[0], [&](long long i) -> long long { return 2 * i; }, 0, 4);
        CHECK(z[0] == 200 && z[8] == 208 && z[9] == 209 && pragreduce::newer_count() == 0);
        pragreduce::host_reads_all();
        /* a host write of one element: the newer bytes it overlaps come back
         * first, the element is copied again at the next loop */
        kernel_writes(z, 64, 300);
        pragreduce::host_wrote(&z[0], sizeof z[0]);
        CHECK(z[0] == 300);
        z[0] = -1;
        const long *d = use(z, 64);
        CHECK(d && d[0] == -1 && d[1] == 301 && z[1] != 301);
        pragreduce::host_reads_all();
        CHECK(z[1] == 301 && z[63] == 363 && pragreduce::newer_count() == 0);
        /* a write at each end (a halo exchange): those two elements come
         * back and go again, the newer bytes between stay on the GPU */
        kernel_writes(z, 64, 400);
        u_int64_t d2h = counts().d2h_bytes, h2d = counts().h2d_bytes;
        pragreduce::host_wrote(&z[0], sizeof z[0]);
        z[0] = -2;
        pragreduce::host_wrote(&z[63], sizeof z[63]);
        z[63] = -3;
        CHECK(z[1] == 301 && pragreduce::newer_count() == 1 && counts().d2h_bytes - d2h == 2 * sizeof(long));
        d = use(z, 64);
        CHECK(d[0] == -2 && d[63] == -3 && d[5] == 405 && counts().h2d_bytes - h2d == 2 * sizeof(long));
        pragreduce::host_reads_all();
        CHECK(z[1] == 401 && z[62] == 462 && z[63] == -3 && pragreduce::newer_count() == 0);
        /* more written pieces than a copy keeps apart: the two closest
         * join, and the newer bytes between them come back first */
        {
            static long w[1000];
            CHECK(use(w, 1000) != nullptr);
            kernel_writes(w + 20, 20, 1300);
            for (long i : {19, 41, 200, 202, 600})
                pragreduce::host_wrote(&w[i], sizeof w[i]), w[i] = -i;
            CHECK(pragreduce::newer_count() == 1 && w[25] == 0);
            for (long i : {1, 998})
                pragreduce::host_wrote(&w[i], sizeof w[i]), w[i] = -i;
            CHECK(pragreduce::newer_count() == 0 && w[25] == 1305);
            h2d = counts().h2d_bytes;
            const long *dw = use(w, 1000);
            CHECK(dw && same(dw, w, 1000) && counts().h2d_bytes - h2d < 300 * sizeof(long));
        }
        /* a wrapper's CPU path brings everything back and copies its own
         * loops' writes back at once */
        kernel_writes(z, 64, 500);
        {
            pragreduce::host_path cpu;
            CHECK(z[7] == 507 && pragreduce::newer_count() == 0);
            kernel_writes(z, 64, 600);
            CHECK(z[7] == 607 && pragreduce::newer_count() == 0);
        }
        /* this thread's stack: at once too (a block's array dies first) */
        kernel_writes(local, 16, 700);
        CHECK(local[15] == 715 && pragreduce::newer_count() == 0);
        /* a chained callee's writes stay with the caller; chain_next(true)
         * brings them back as it returns */
        {
            pragreduce::chain_next();
            pragreduce::region callee;
            kernel_writes(z, 64, 800);
        }
        CHECK(z[3] == 603 && pragreduce::newer_count() == 1);
        {
            pragreduce::chain_next(true);
            pragreduce::region callee;
            kernel_writes(z, 64, 900);
        }
        CHECK(z[3] == 903 && pragreduce::newer_count() == 0);
        /* an unchained callee (its caller may not be instrumented): back as
         * it returns, the caller's kept copies included */
        kernel_writes(z, 64, 1000);
        {
            pragreduce::region callee;
            CHECK(z[3] == 903);
        }
        CHECK(z[3] == 1003 && pragreduce::newer_count() == 0);
        /* a copy made by the refresh of another reads the host's current bytes */
        kernel_writes(z, 64, 1100);
        {
            pragreduce::region callee; /* not chained: makes its own copy */
            const long *e = use(z + 2, 8);
            CHECK(e && e[0] == 1102 && z[2] == 1102);
        }
        /* the region ends: the rest comes back */
        kernel_writes(z, 64, 1200);
        CHECK(z[9] == 1109);
    }
    CHECK(z[9] == 1209 && pragreduce::newer_count() == 0);
    /* a stencil's input with its halo after a loop wrote the array: the
     * kept copy grows on the device, its newer bytes stay there */
    {
        static long big[20000];
        for (long i = 0; i < 20000; i++)
            big[i] = -i;
        pragreduce::region r;
        kernel_writes(big + 1000, 16384, 5);
        u_int64_t before = counts().d2h_bytes, h2d = counts().h2d_bytes;
        const long *d = use(big + 998, 16388);
        CHECK(d && d[0] == -998 && d[2] == 5 && d[16385] == 16388 && d[16386] == -17384);
        CHECK(counts().d2h_bytes == before && counts().h2d_bytes - h2d == 4 * sizeof(long));
        CHECK(big[1000] == -1000 && pragreduce::newer_count() == 1 && r.entries.size() == 1);
        pragreduce::host_reads(big + 1000, sizeof(long));
        CHECK(big[1000] == 5 && big[17383] == -17383);
        pragreduce::host_reads_all();
        CHECK(big[17383] == 16388 && big[999] == -999);
    }
    CHECK(pragreduce::newer_count() == 0);
    /* a kernel that overwrites every element it covers: no copy to the GPU
     * first, for a new copy or over what the host wrote since */
    {
        pragreduce::region r;
        long *h = (long *)malloc(16 * sizeof(long));
        for (int i = 0; i < 16; i++)
            h[i] = -1;
        pragreduce::call_epoch()++;
        bool copied = true;
        long *o = (long *)pragreduce::resident_inout(h, 16 * sizeof(long), site, &copied, 16, true);
        CHECK(o != nullptr && !copied);
        for (int i = 0; o && i < 16; i++)
            o[i] = i;
        pragreduce::resident_out(h, 16 * sizeof(long), site);
        pragreduce::host_wrote(h + 3, sizeof(long));
        h[3] = 42;
        CHECK(h[2] == 2 && h[4] == 4); /* the kernel's values came back around it */
        pragreduce::call_epoch()++;
        o = (long *)pragreduce::resident_inout(h, 16 * sizeof(long), site, &copied, 16, true);
        CHECK(o != nullptr && !copied);
        for (int i = 0; o && i < 16; i++)
            o[i] = 100 + i;
        pragreduce::resident_out(h, 16 * sizeof(long), site);
        pragreduce::host_reads_all();
        CHECK(h[3] == 103 && h[4] == 104 && h[15] == 115 && pragreduce::newer_count() == 0);
        free(pragreduce::freeing(h));
    }
    /* realloc: a block's newer bytes come back before it goes (realloc copies them) */
    {
        pragreduce::region r;
        long *h = (long *)malloc(32 * sizeof(long));
        memset(h, 0, 32 * sizeof(long));
        kernel_writes(h, 32, 50);
        long *h2 = (long *)realloc(pragreduce::reallocating(h), 64 * sizeof(long));
        CHECK(h2 && h2[31] == 81 && pragreduce::newer_count() == 0);
        free(h2);
    }
    /* free: they go with the block, never copied back (CG's matrix: 1.1 GB
     * each run); a copy reaching past the block brings back only the rest */
    {
        pragreduce::region r;
        long *h = (long *)malloc(32 * sizeof(long));
        memset(h, 0, 32 * sizeof(long));
        kernel_writes(h, 32, 50);
        CHECK(pragreduce::newer_count() == 1);
        pragreduce::host_freed(h); /* what free(freeing(h)) does before free */
        CHECK(h[31] == 0 && h[0] == 0 && pragreduce::newer_count() == 0);
        free(h);
        long *big = (long *)malloc(64 * sizeof(long));
        memset(big, 0, 64 * sizeof(long));
        kernel_writes(big, 64, 50);
        pragreduce::Resident *e = pragreduce::region_stack().back()->entries.back();
        pragreduce::drop_newer(e, (uintptr_t)big, (uintptr_t)(big + 32)); /* the first half freed */
        pragreduce::host_reads_all();
        CHECK(big[0] == 0 && big[31] == 0 && big[32] == 82 && big[63] == 113 && pragreduce::newer_count() == 0);
        free(big);
    }
}

/* A team of two GPUs (PRAGREDUCE_GPUS): each keeps copies of its part; a
 * copy is found only on its own GPU; what one GPU wrote reaches a copy on
 * the other GPU by a peer copy, only the bytes that one reads, and stays
 * newer on the writer's GPU until the host reads it. */
static void two_devices()
{
    static long z[1000];
    for (long i = 0; i < 1000; i++)
        z[i] = -i;
    pragreduce::region r;
    const long *d0, *d1;
    {
        pragreduce::on_device on(0);
        d0 = use(z, 600);
        CHECK(d0 && same(d0, z, 600));
    }
    {
        pragreduce::on_device on(1);
        CHECK(pragreduce::current_device() == 1);
        const u_int64_t copies = counts().h2d_copies;
        const long *inner = use(z + 100, 100); /* inside GPU 0's copy: a copy of its own */
        CHECK(inner && inner != d0 + 100 && counts().h2d_copies == copies + 1);
        d1 = use(z + 400, 600);
        CHECK(d1 && same(d1, z + 400, 600));
    }
    CHECK(pragreduce::current_device() == 0);
    /* each GPU writes its part; the other's copies of those bytes go stale */
    {
        pragreduce::on_device on(0);
        kernel_writes(z, 500, 100);
    }
    {
        pragreduce::on_device on(1);
        kernel_writes(z + 500, 500, 1000);
    }
    CHECK(z[0] == 0 && z[999] == -999 && pragreduce::newer_count() == 2);
    /* GPU 1 reads its part with a halo of 100 elements GPU 0 wrote: only
     * those go from GPU 0 to GPU 1, GPU to GPU; the host has not got them */
    {
        pragreduce::on_device on(1);
        const u_int64_t d2h = counts().d2h_bytes, h2d = counts().h2d_bytes, peer = counts().peer_bytes;
        const int peers = fake_peer_copies;
        const long *halo = use(z + 400, 600);
        CHECK(halo == d1 && halo[0] == 500 && halo[99] == 599 && halo[100] == 1000 && halo[599] == 1499);
        CHECK(counts().d2h_bytes == d2h && counts().h2d_bytes == h2d);
        CHECK(counts().peer_bytes - peer == 100 * sizeof(long) && fake_peer_copies == peers + 1);
        CHECK(z[399] == -399 && z[400] == -400 && pragreduce::newer_count() == 2);
    }
    /* and GPU 0 its part with GPU 1's first 100 */
    {
        pragreduce::on_device on(0);
        const long *halo = use(z, 600);
        CHECK(halo == d0 && halo[499] == 599 && halo[500] == 1000 && halo[599] == 1099);
    }
    /* the host reads a halo element: it comes from the GPU that wrote it */
    pragreduce::host_reads(&z[450], sizeof z[450]);
    CHECK(z[450] == 550);
    /* a host write to GPU 0's part makes both GPUs' copies of it stale;
     * GPU 1 then gets it from the host, its own part unchanged */
    z[420] = 7;
    pragreduce::host_wrote(&z[420], sizeof z[420]);
    {
        pragreduce::on_device on(1);
        const int peers = fake_peer_copies;
        const long *halo = use(z + 400, 600);
        CHECK(halo == d1 && halo[20] == 7 && halo[0] == 500 && halo[99] == 599 && halo[100] == 1000);
        CHECK(fake_peer_copies == peers);
    }
    pragreduce::host_reads_all();
    CHECK(z[0] == 100 && z[420] == 7 && z[499] == 599 && z[500] == 1000 && z[999] == 1499 &&
          pragreduce::newer_count() == 0);
}

/* A split loop's large copies (PRAGREDUCE_GPUS): gathered while its parts
 * get their copies, made by run(), each on its own GPU; small ones at once. */
static void team_copies_gathered()
{
    const long n = (long)(10u << 20) / sizeof(long); /* 5 MiB a part: above PRAGREDUCE_STAGE_MIN_KB's 4 */
    long *big = (long *)malloc((size_t)n * sizeof(long));
    static long small[64];
    for (long i = 0; i < n; i++)
        big[i] = 3 * i;
    for (long i = 0; i < 64; i++)
        small[i] = i;
    pragreduce::region r;
    pragreduce::team_copies copies;
    const long *d0, *d1, *s1;
    {
        pragreduce::on_device on(0);
        d0 = use(big, n / 2);
    }
    {
        pragreduce::on_device on(1);
        d1 = use(big + n / 2, n - n / 2);
        s1 = use(small, 64);
    }
    CHECK(d0 && d1 && s1 && copies.list->copies.size() == 2 && same(s1, small, 64));
    CHECK(copies.list->copies.size() == 2 && copies.list->copies[0].device == 0 && copies.list->copies[1].device == 1);
    copies.run();
    CHECK(copies.list->copies.empty() && pragreduce::pending_copies() == nullptr);
    CHECK(same(d0, big, n / 2) && same(d1, big + n / 2, n - n / 2));
    /* nothing gathered after run(): copied at once */
    big[0] = 11;
    pragreduce::host_wrote(big, (size_t)n * sizeof(long));
    {
        pragreduce::on_device on(0);
        const long *again = use(big, n / 2);
        CHECK(again == d0 && again[0] == 11 && copies.list->copies.empty());
    }
    free(big);
}

/* A loop called once per row from a host loop: each call reads a small
 * section at an odd offset of an array kept whole (a[rp[i]]: its 16-byte
 * alignment differs, so it is a copy of its own) and a whole vector. The
 * small copies of earlier calls go when the table fills: the vector keeps
 * its one copy (a full table sent it through the scratch at every call,
 * 58 GB for 100,003 rows). */
static void per_row_sections()
{
    static long w[40000], v[4096];
    for (long i = 0; i < 40000; i++)
        w[i] = i;
    pragreduce::region r;
    CHECK(use(w, 40000) != nullptr);
    const u_int64_t before = counts().h2d_bytes;
    int lost = 0, wrong = 0;
    for (int k = 0; k < 12000; k++) {
        pragreduce::call_epoch()++;
        const long *a = (const long *)pragreduce::resident_in(w + 3 * k + 1, 3 * sizeof(long), site, nullptr, 16);
        const long *b = (const long *)pragreduce::resident_in(v, sizeof v, site, nullptr, 1);
        lost += !a || !b;
        wrong += a && (a[0] != 3 * k + 1 || a[2] != 3 * k + 3);
    }
    CHECK(lost == 0 && wrong == 0 && r.entries.size() < 4096);
    /* the vector once; a section (24 bytes) at each call whose start is not
     * 16-byte aligned in the whole copy (k even), the others are in it */
    CHECK(counts().h2d_bytes - before == sizeof v + 6000 * 3 * sizeof(long));
}

int main()
{
    setenv("PRAGREDUCE_PROFILE", "1", 1);
    setenv("PRAGREDUCE_COPY_THREADS", "1", 1); /* every copy one (fake) cudaMemcpy */
    static long x[4096], y[64];
    for (long i = 0; i < 4096; i++)
        x[i] = i;
    {
        pragreduce::region r;
        const long *d = use(x, 4096);
        CHECK(d && same(d, x, 4096));
        CHECK(counts().h2d_copies == 1);
        CHECK(use(x, 4096) == d && counts().h2d_copies == 1 && counts().avoided_copies == 1);
        /* a sub-range at a 16-byte offset is the same copy */
        CHECK(use(x + 2, 100) == d + 2 && counts().h2d_copies == 1);
        /* one element written: only it copied again */
        pragreduce::host_wrote(&x[10], sizeof x[10]);
        x[10] = -1;
        u_int64_t before = counts().h2d_bytes;
        CHECK(use(x, 4096) == d && same(d, x, 4096));
        CHECK(counts().h2d_bytes - before == sizeof(long));
        /* a box of a host loop: elements 100..200 */
        pragreduce::host_wrote_box(x, sizeof x[0], [&](long long i) -> long long { return 2 * i; }, 50, 100);
        for (long i = 100; i <= 200; i++)
            x[i] = 7;
        before = counts().h2d_bytes;
        CHECK(use(x, 4096) == d && same(d, x, 4096));
        CHECK(counts().h2d_bytes - before == 101 * sizeof(long));
        /* unknown writes: everything again */
        pragreduce::host_wrote_all();
        x[4000] = 3;
        CHECK(use(x, 4096) == d && same(d, x, 4096));
        /* a request for bytes the dirty part only half covers: only those
         * copied, the rest stays dirty */
        pragreduce::host_wrote(x + 1000, 2000 * sizeof(long));
        for (long i = 1000; i < 3000; i++)
            x[i] = 1;
        before = counts().h2d_bytes;
        CHECK(same(use(x + 2000, 1000), x + 2000, 1000));
        CHECK(counts().h2d_bytes - before == 1000 * sizeof(long));
        CHECK(same(use(x + 2000, 100), x + 2000, 100));
        CHECK(counts().h2d_bytes - before == 1000 * sizeof(long));
        CHECK(same(use(x, 4096), x, 4096));
        CHECK(counts().h2d_bytes - before == 2000 * sizeof(long));
        /* a middle part: the rest still refreshed later */
        pragreduce::host_wrote(x, 4096 * sizeof(long));
        for (long i = 0; i < 4096; i++)
            x[i] = i % 5;
        CHECK(same(use(x + 1000, 10), x + 1000, 10));
        CHECK(same(use(x, 4096), x, 4096));
        /* a nested region (a called function): it does not reuse the
         * caller's copies, but its writes make them stale */
        {
            pragreduce::region inner;
            const long *e = use(x, 4096);
            CHECK(e && e != d && same(e, x, 4096));
            pragreduce::host_wrote(&x[5], sizeof(long));
            x[5] = 55;
        }
        CHECK(same(use(x, 4096), x, 4096));
        /* a fused output: the kernel writes the kept copy, the host gets it */
        pragreduce::call_epoch()++;
        long *o = (long *)pragreduce::resident_inout(y, sizeof y, site, nullptr);
        CHECK(o != nullptr);
        for (int i = 0; i < 64; i++)
            o[i] = 100 + i;
        pragreduce::resident_out(y, sizeof y, site);
        /* ... when it reads them: the written bytes stay on the device */
        CHECK(y[63] == 0 && pragreduce::newer_count() == 1);
        CHECK(same(use(y, 64), o, 64)); /* a later loop reads the kernel's values */
        pragreduce::host_reads(y, sizeof y);
        CHECK(y[63] == 163 && pragreduce::newer_count() == 0 && same(use(y, 64), y, 64));
        /* free: the copies go */
        long *h = (long *)malloc(1000 * sizeof(long));
        for (int i = 0; i < 1000; i++)
            h[i] = i;
        CHECK(same(use(h, 1000), h, 1000));
        int allocs = fake_allocs;
        free(pragreduce::freeing(h));
        CHECK(fake_allocs == allocs - 1 || pragreduce::device_pool().bytes > 0);
    }
    CHECK(pragreduce::region_stack().empty());
    lazy_copy_back();
    per_row_sections();
    two_devices();
    CHECK(pragreduce::region_stack().empty());
    team_copies_gathered();
    CHECK(pragreduce::region_stack().empty());
    /* a data region: survives unknown writes, seen from called functions,
     * refreshed by update */
    {
        pragreduce::region r;
        pragreduce::data_region dr("table.c:9: data in(x[0:4096])");
        dr.in(x, sizeof x);
        {
            pragreduce::region callee;
            u_int64_t before = counts().h2d_copies;
            pragreduce::host_wrote_all();
            const long *e = use(x, 4096);
            CHECK(e && same(e, x, 4096) && counts().h2d_copies == before);
        }
        pragreduce::host_wrote(&x[7], sizeof(long));
        x[7] = 77;
        pragreduce::update_in(&x[7], sizeof(long), "table.c:12: update in(x[7:1])");
        u_int64_t before = counts().h2d_copies;
        CHECK(same(use(x, 4096), x, 4096) && counts().h2d_copies == before);
    }
    /* a data region of three arrays: when it ends, every one of them stops
     * being held, so unknown host writes after it make each copy stale */
    {
        static long p[256], q[256], w[256];
        for (int i = 0; i < 256; i++)
            p[i] = i, q[i] = 2 * i, w[i] = 3 * i;
        pragreduce::region r;
        {
            pragreduce::data_region dr("table.c:20: data in(p[0:256], q[0:256], w[0:256])");
            dr.in(p, sizeof p);
            dr.in(q, sizeof q);
            dr.in(w, sizeof w);
            CHECK(r.entries.size() == 3);
        }
        for (pragreduce::Resident *e : r.entries)
            CHECK(e->sticky == 0);
        pragreduce::host_wrote_all();
        for (int i = 0; i < 256; i++)
            p[i] = -i, q[i] = -2 * i, w[i] = -3 * i;
        CHECK(same(use(p, 256), p, 256));
        CHECK(same(use(q, 256), q, 256));
        CHECK(same(use(w, 256), w, 256));
        /* two regions holding one array: each lets go of its own hold */
        {
            pragreduce::data_region outer("table.c:30: data in(p[0:256])");
            outer.in(p, sizeof p);
            {
                pragreduce::data_region inner("table.c:31: data in(p[0:256], q[0:256])");
                inner.in(p, sizeof p);
                inner.in(q, sizeof q);
            }
            for (pragreduce::Resident *e : r.entries)
                CHECK(e->sticky == (e->lo == (uintptr_t)p ? 1 : 0));
        }
        for (pragreduce::Resident *e : r.entries)
            CHECK(e->sticky == 0);
    }
    /* no room: copies the call is not using give way, oldest first */
    {
        pragreduce::region r;
        const long m = 262144; /* 2 MiB */
        long *a = (long *)calloc(m, sizeof(long)), *b = (long *)calloc(m, sizeof(long)),
             *c = (long *)calloc(m, sizeof(long));
        for (long i = 0; i < m; i++)
            c[i] = i;
        pragreduce::pool_release();
        fake_total = (size_t)64 << 20; /* a margin of 2 MiB */
        CHECK(use(a, m) && use(b, m));
        fake_free_bytes = (size_t)1 << 20;
        const long *e = use(c, m);
        CHECK(e && same(e, c, m));
        CHECK(r.entries.size() == 1);
        /* nothing to give way: the caller copies as before */
        fake_free_bytes = 0;
        pragreduce::call_epoch()++;
        CHECK(pragreduce::resident_in(a, (size_t)m * sizeof(long), site, nullptr) == nullptr);
        fake_free_bytes = (size_t)1 << 30;
        fake_total = (size_t)4 << 30;
        free(a);
        free(b);
        free(c);
    }
    /* chained calls: the callee reuses the caller's copies and leaves its
     * own to the caller; a stack array's copy goes with the call */
    {
        static long g[512];
        long local[64];
        for (int i = 0; i < 512; i++)
            g[i] = i;
        for (int i = 0; i < 64; i++)
            local[i] = i;
        pragreduce::region caller;
        u_int64_t before = counts().h2d_copies;
        for (int call = 0; call < 3; call++) {
            pragreduce::chain_next();
            pragreduce::region callee;
            CHECK(callee.chained);
            CHECK(same(use(g, 512), g, 512));
            CHECK(same(use(local, 64), local, 64));
        }
        CHECK(counts().h2d_copies - before == 1 + 3); /* g once, the stack array each call */
        CHECK(caller.entries.size() == 1);
        /* a write between calls is seen by the next one */
        pragreduce::host_wrote(&g[3], sizeof(long));
        g[3] = -3;
        {
            pragreduce::chain_next();
            pragreduce::region callee;
            CHECK(same(use(g, 512), g, 512));
        }
        /* without chain_next: a root region, nothing of the caller's */
        {
            pragreduce::region root;
            CHECK(!root.chained);
            before = counts().h2d_copies;
            CHECK(same(use(g, 512), g, 512) && counts().h2d_copies == before + 1);
        }
    }
    /* PRAGREDUCE_RESIDENT=0 and no region: nothing kept */
    CHECK(use(x, 10) == nullptr);
    printf("resident_table: %s, %d failures\n", failures ? "FAIL" : "ok", failures);
    return failures != 0;
}
