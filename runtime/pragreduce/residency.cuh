/* pragreduce runtime, residency: device copies kept between loops,
 * invalidated by host writes, brought back where the host reads what a
 * kernel wrote; data regions. */
#ifndef PRAGREDUCE_RT_RESIDENCY_CUH
#define PRAGREDUCE_RT_RESIDENCY_CUH

#include "chunks.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* ------------------------------------------------------------ residency */

/* Device copies of host arrays kept between marked loops, so that a loop
 * over arrays the host has not written since the last one copies nothing.
 *
 * Each function with marked loops (and each caller of one in the file)
 * declares a `region` at the start of its body; it pushes itself on this
 * thread's region stack and frees the copies it owns when the call returns
 * (or, when the call was chained, leaves them to the caller's region). The wrappers ask resident_in() for each
 * array's device copy: a copy that covers the bytes is reused (only what
 * the host wrote since is copied again), else one is made and recorded in
 * the innermost region. The transpiler puts host_wrote() (a byte range)
 * or host_wrote_all() (unknown writes) before every host statement of such
 * a function that may write memory, and free(freeing(p)) for free and
 * realloc; they mark the overlapping copies stale (or drop them), in every
 * region of the thread. A stale copy is refreshed, within the bytes a loop
 * asks for, when a loop next reads them.
 * What a kernel writes into a kept copy stays there (the copy's `newer`
 * bytes) until the host needs it: the transpiler puts host_reads() (a byte
 * range, a loop's box of subscripts) or host_reads_all() (unknown reads:
 * calls of functions it cannot see) before each host statement that may
 * read memory, and a write first brings back what it overlaps. A copy
 * that is released (its region ends without a caller's region to keep it,
 * make_room, free) or refreshed from the host brings its newer bytes back
 * first; a wrapper's CPU path (host_path) brings everything back and copies
 * what its own marked loops write back at once, as do copies of this
 * thread's stack (a block's array dies before its region ends).
 * PRAGREDUCE_LAZY_COPY_BACK=0 copies every kernel's writes back at once.
 * A `data_region` (#pragma reduce data) makes its copies sticky: they
 * survive host_wrote_all(), are visible from the functions it calls, and
 * update_in() refreshes them. PRAGREDUCE_RESIDENT=0 keeps nothing.
 * Built with -DPRAGREDUCE_FAKE_DEVICE (section "fake device" at the top),
 * all of this runs on a machine without a GPU, against host memory that
 * stands for the device's: a copy that should have been refreshed gives a
 * wrong answer there (make e2e-fake). */

/* Disjoint byte ranges [lo, hi) of one copy, in address order, at most
 * CAP of them: one more joins the two closest (the bytes between count as
 * written too: a larger copy, never a stale byte). One range would not do:
 * a halo exchange writes both ends of an array, and their hull is all of it. */
struct span_set {
    static constexpr int CAP = 4;
    uintptr_t lo[CAP + 1], hi[CAP + 1];
    int n = 0;

    bool empty() const { return n == 0; }
    void clear() { n = 0; }
    bool meets(uintptr_t l, uintptr_t h) const
    {
        for (int k = 0; k < n; k++)
            if (l < hi[k] && lo[k] < h)
                return true;
        return false;
    }
    /* Bytes [l, h) too: ranges that meet or touch it become one. */
    void add(uintptr_t l, uintptr_t h)
    {
        if (l >= h)
            return;
        int m = 0;
        uintptr_t nl[CAP + 1], nh[CAP + 1];
        bool placed = false;
        for (int k = 0; k < n; k++) {
            if (hi[k] < l) {
                nl[m] = lo[k], nh[m++] = hi[k];
            } else if (h < lo[k]) {
                if (!placed)
                    nl[m] = l, nh[m++] = h, placed = true;
                nl[m] = lo[k], nh[m++] = hi[k];
            } else {
                l = lo[k] < l ? lo[k] : l;
                h = hi[k] > h ? hi[k] : h;
            }
        }
        if (!placed)
            nl[m] = l, nh[m++] = h;
        if (m > CAP)
            join_closest(nl, nh, &m);
        for (int k = 0; k < m; k++)
            lo[k] = nl[k], hi[k] = nh[k];
        n = m;
    }
    /* Bytes [l, h) no longer: a range it splits, when the set is full,
     * stays whole. */
    void remove(uintptr_t l, uintptr_t h)
    {
        if (l >= h)
            return;
        int m = 0;
        uintptr_t nl[CAP + 1], nh[CAP + 1];
        for (int k = 0; k < n; k++) {
            if (hi[k] <= l || h <= lo[k]) {
                nl[m] = lo[k], nh[m++] = hi[k];
            } else if (lo[k] < l && h < hi[k]) {
                if (n - 1 + 2 > CAP) {
                    nl[m] = lo[k], nh[m++] = hi[k];
                } else {
                    nl[m] = lo[k], nh[m++] = l;
                    nl[m] = h, nh[m++] = hi[k];
                }
            } else if (lo[k] < l) {
                nl[m] = lo[k], nh[m++] = l;
            } else if (h < hi[k]) {
                nl[m] = h, nh[m++] = hi[k];
            }
        }
        for (int k = 0; k < m; k++)
            lo[k] = nl[k], hi[k] = nh[k];
        n = m;
    }

  private:
    static void join_closest(uintptr_t *l, uintptr_t *h, int *m)
    {
        int best = 0;
        for (int k = 1; k + 1 < *m; k++)
            if (l[k + 1] - h[k] < l[best + 1] - h[best])
                best = k;
        h[best] = h[best + 1];
        for (int k = best + 1; k + 1 < *m; k++)
            l[k] = l[k + 1], h[k] = h[k + 1];
        (*m)--;
    }
};

struct Resident {
    uintptr_t lo, hi;        /* host bytes [lo, hi) */
    char *dev;               /* their device copy */
    span_set dirty;          /* bytes the host wrote since */
    int sticky;              /* data regions holding it */
    u64 used;                /* call_epoch() of its last use */
    u64 version = next_version(); /* changes whenever its bytes are copied in or out */
    /* bytes a kernel wrote that the host has not got (none when newer_lo >=
     * newer_hi); never overlapping `dirty`, and no other copy
     * holds newer bytes of the same host bytes */
    uintptr_t newer_lo = 0, newer_hi = 0;
    const char *writer = nullptr; /* the last loop that wrote them, for the profile */
    int device = current_device(); /* the GPU holding the copy (a team's: PRAGREDUCE_GPUS) */

    /* Versions are never reused, so (entry, version) names one state of the
     * bytes even after an entry is freed and another made at its address. */
    static u64 next_version()
    {
        static std::atomic<u64> counter{1};
        return counter++;
    }
};

PRAGREDUCE_FN bool resident_enabled()
{
    return settings().resident;
}

#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* Bytes of a device block handed out by pool_get/cudaMalloc, for pool_put. */
PRAGREDUCE_FN std::unordered_map<char *, size_t> &device_block_sizes()
{
    static std::unordered_map<char *, size_t> *sizes = new std::unordered_map<char *, size_t>;
    return *sizes;
}

#endif

/* A block from device_alloc back to the pool (or to the driver: `to_pool`
 * false when room is needed now, or a block the pool did not hand out). */
PRAGREDUCE_FN void device_free(char *dev, bool to_pool = true)
{
    auto &sizes = device_block_sizes();
    auto it = sizes.find(dev);
    if (it != sizes.end() && to_pool)
        pool_put(dev, it->second);
    else if (dev)
        (void)cudaFree(dev);
    if (it != sizes.end())
        sizes.erase(it);
}

struct region;

/* This thread's residency state, in one thread-local object so that the
 * entry and exit of a function with marked loops find it once and cost a
 * few instructions (bench/wrapper_overhead.c). */
struct ThreadState {
    region *top = nullptr;     /* the innermost region (region_top) */
    region *pending = nullptr; /* chain_next()'s region for the call about to start */
    bool sync_pending = false; /* chain_next(true) */
    int newer = 0;             /* copies holding newer bytes (newer_count) */
    int eager = 0;             /* eager_depth */
};

PRAGREDUCE_FN ThreadState &thread_state()
{
    static thread_local ThreadState state;
    return state;
}

/* Copies of this thread's regions holding newer bytes: host statements
 * check it first, so reads cost a load while nothing waits on the GPU. */
PRAGREDUCE_FN int &newer_count() { return thread_state().newer; }

/* Above 0 inside a wrapper's CPU path or a loop that must see its outputs on
 * the host at once: kernels' writes are copied back as they finish. */
PRAGREDUCE_FN int &eager_depth() { return thread_state().eager; }

/* Newer bytes of `e` within [lo, hi) back to the host: only those when
 * they start or end its newer range (which shrinks), else all of it (one
 * range per copy). A host read (`widen`) at either end brings at least
 * 64 KiB: set-up reads walk an array an element a call (a CSR matrix's row
 * bounds, a million calls), and a copy of 64 KiB costs what one of 8 bytes
 * does. */
PRAGREDUCE_FN void flush_newer(Resident *e, uintptr_t lo, uintptr_t hi, bool widen = false)
{
    if (e->newer_lo >= e->newer_hi)
        return;
    uintptr_t l = lo > e->newer_lo ? lo : e->newer_lo;
    uintptr_t h = hi < e->newer_hi ? hi : e->newer_hi;
    if (l >= h)
        return;
    const uintptr_t window = (uintptr_t)1 << 16;
    if (widen && h - l < window) {
        if (l == e->newer_lo && h < e->newer_hi)
            h = e->newer_hi - l > window ? l + window : e->newer_hi;
        else if (h == e->newer_hi && l > e->newer_lo)
            l = h - e->newer_lo > window ? h - window : e->newer_lo;
    }
    gpu_hold hold;
    on_device on(e->device);
    const char *site = e->writer ? e->writer : "pragreduce";
    if (l == e->newer_lo && h < e->newer_hi) {
        to_host((void *)l, e->dev + (l - e->lo), h - l, site);
        e->newer_lo = h;
    } else if (h == e->newer_hi && l > e->newer_lo) {
        to_host((void *)l, e->dev + (l - e->lo), h - l, site);
        e->newer_hi = l;
    } else {
        to_host((void *)e->newer_lo, e->dev + (e->newer_lo - e->lo), e->newer_hi - e->newer_lo, site);
        e->newer_lo = e->newer_hi = 0;
        newer_count()--;
    }
}

PRAGREDUCE_FN void flush_all_newer(Resident *e) { flush_newer(e, e->lo, e->hi); }

PRAGREDUCE_FN void host_reads_all();
PRAGREDUCE_FN void mark_dirty(Resident *e, uintptr_t lo, uintptr_t hi);

/* This thread's regions, a list from the innermost through region::below
 * (in thread_state, so that entering and leaving a function with marked
 * loops costs a few instructions). */
PRAGREDUCE_FN region *&region_top() { return thread_state().top; }

/* The list as a range, innermost first: for (region *r : region_stack()). */
struct region_list {
    region *top;
    struct iterator {
        region *r;
        region *operator*() const { return r; }
        inline iterator &operator++();
        bool operator!=(const iterator &o) const { return r != o.r; }
    };
    iterator begin() const { return {top}; }
    iterator end() const { return {nullptr}; }
    bool empty() const { return top == nullptr; }
    region *back() const { return top; } /* the innermost */
};

PRAGREDUCE_FN region_list region_stack() { return {region_top()}; }

/* The region a call about to start is chained to (set by chain_next()
 * just before the call, taken by the callee's region). */
PRAGREDUCE_FN region *&chain_pending() { return thread_state().pending; }

/* `(pragreduce::chain_next(), f)(args)`: f's region is chained to the
 * caller's: it reuses the caller's copies, and its own outlive the call in
 * the caller's region. The transpiler chains direct calls from functions
 * with regions whose statement writes nothing invalidated before it (a
 * copy made by the callee is then never older than a host write it does
 * not know about). */
PRAGREDUCE_FN bool &chain_sync_pending() { return thread_state().sync_pending; }

/* `reads_after`: the caller's statement may read memory after the call,
 * where no host_reads() of its own can go: what kernels wrote comes back
 * when f returns (its copies still stay with the caller). */
PRAGREDUCE_FN void chain_next(bool reads_after = false)
{
    chain_pending() = region_stack().empty() ? nullptr : region_stack().back();
    chain_sync_pending() = reads_after;
}

/* This thread's stack: copies of what lies there die with their call. */
PRAGREDUCE_FN bool on_thread_stack(uintptr_t lo, uintptr_t hi)
{
    static thread_local uintptr_t stack_lo = 0, stack_hi = 0;
    if (stack_hi == 0) {
        pthread_attr_t attr;
        void *addr = nullptr;
        size_t size = 0;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
                stack_lo = (uintptr_t)addr;
                stack_hi = stack_lo + size;
            }
            pthread_attr_destroy(&attr);
        }
        if (stack_hi == 0)
            stack_hi = UINTPTR_MAX; /* unknown: everything counts as the stack */
    }
    return lo < stack_hi && stack_lo < hi;
}

struct region {
    small_list<Resident *> entries;
    bool enabled;
    bool chained; /* to the region below it on the stack */
    bool sync_on_exit; /* bring back what kernels wrote as the call returns */
    region *below; /* the caller's region (or an outer one), nullptr at the bottom */
    ThreadState *owner; /* the thread whose stack it is on (team_borrow) */

    explicit region(bool on = true) : enabled(on), below(region_top()), owner(&thread_state())
    {
        /* a function the transpiler did not instrument reads the host's bytes */
        if (!on)
            host_reads_all();
        region *&pending = chain_pending();
        chained = pending != nullptr && pending == below && below->enabled;
        sync_on_exit = chained && chain_sync_pending();
        pending = nullptr;
        chain_sync_pending() = false;
        region_top() = this;
    }
    region(const region &) = delete;
    region &operator=(const region &) = delete;
    ~region()
    {
        /* a call that kept nothing, with nothing waiting on the GPU (a small
         * loop called from a host loop, on the CPU): a few stores */
        if (entries.empty() && enabled && newer_count() == 0) {
            chain_pending() = nullptr;
            region_top() = below;
            return;
        }
        leave();
    }
    __attribute__((noinline)) void leave()
    {
        region *parent = chained && region_top() == this ? below : nullptr;
        chain_pending() = nullptr;
        if (!entries.empty()) {
            gpu_hold hold;
            for (Resident *e : entries) {
                /* copies of heap and global memory stay with the caller */
                if (parent && !on_thread_stack(e->lo, e->hi) && parent->entries.size() < 4096) {
                    e->sticky = 0;
                    parent->entries.push_back(e);
                } else {
                    release(e);
                }
            }
            entries.clear();
        }
        /* the innermost one; when a longjmp skipped the destructors of
         * regions above it, those are gone with their frames too */
        region_top() = below;
        /* a caller that is not chained may not be instrumented (another
         * file's function, or one reading after the call in its statement):
         * what kernels wrote into copies that outlive this call (a data
         * region's) comes back as it returns */
        if (sync_on_exit || !parent)
            host_reads_all();
        /* a region the transpiler disabled covers writes it could not
         * invalidate: the callers' copies are stale */
        if (!enabled)
            for (region *r : region_stack())
                for (Resident *e : r->entries)
                    mark_dirty(e, e->lo, e->hi);
    }
    /* The copy's memory back to the pool, or to the driver (`to_pool` false:
     * room is needed now). */
    static void release(Resident *e, bool to_pool = true)
    {
        flush_all_newer(e);
        on_device on(e->device);
        device_free(e->dev, to_pool);
        delete e;
    }
};

/* What a file-scope name stands for in a function the transpiler gave no
 * region (emit_team.c's calls name the function's region). */
struct no_region {
};

/* A marked loop under `omp for` (emit_team.c): the one thread of the team
 * in `omp single` runs its wrapper on the region stack of the thread that
 * entered the parallel region, which holds the function's region and its
 * kept copies (a thread of the team has an empty stack of its own). The
 * team waits at the barriers before and after `single`, so no other
 * thread uses that state meanwhile; what the wrapper changed in it goes
 * back to its owner at the end. */
struct team_borrow {
    ThreadState *owner;
    ThreadState mine;
    explicit team_borrow(region &r) : owner(r.owner == &thread_state() ? nullptr : r.owner)
    {
        if (owner) {
            mine = thread_state();
            thread_state() = *owner;
        }
    }
    explicit team_borrow(no_region &) : owner(nullptr) {}
    team_borrow(const team_borrow &) = delete;
    team_borrow &operator=(const team_borrow &) = delete;
    ~team_borrow()
    {
        if (owner) {
            *owner = thread_state();
            thread_state() = mine;
        }
    }
};

/* The host writes (or wrote elsewhere) bytes [lo, hi) of `e`: they are
 * copied again before a loop reads them. Its newer bytes there come back
 * first (a write may change part of an element, or a statement read it
 * before writing), all of them when the dirty set would reach them. */
PRAGREDUCE_FN void mark_dirty(Resident *e, uintptr_t lo, uintptr_t hi)
{
    if (lo < e->lo)
        lo = e->lo;
    if (hi > e->hi)
        hi = e->hi;
    if (lo >= hi)
        return;
    if (e->newer_lo < e->newer_hi)
        flush_newer(e, lo, hi);
    e->dirty.add(lo, hi);
    if (e->newer_lo < e->newer_hi && e->dirty.meets(e->newer_lo, e->newer_hi))
        flush_all_newer(e); /* the set joined ranges across them */
}

inline region_list::iterator &region_list::iterator::operator++()
{
    r = r->below;
    return *this;
}

PRAGREDUCE_FN bool any_resident()
{
    for (region *r : region_stack())
        if (!r->entries.empty())
            return true;
    return false;
}

/* The host wrote bytes [p, p + bytes): copies of them are stale. */
PRAGREDUCE_FN void host_wrote(const volatile void *p, size_t bytes)
{
    if (fake_device && fake_launch_running())
        return; /* a write to the device copies */
    if (bytes == 0 || !any_resident())
        return;
    const uintptr_t lo = (uintptr_t)p, hi = lo + bytes < lo ? UINTPTR_MAX : lo + bytes;
    for (region *r : region_stack())
        for (Resident *e : r->entries)
            if (lo < e->hi && e->lo < hi)
                mark_dirty(e, lo, hi);
}

/* Bytes [*l, *h) of elements first..last (inclusive, either order) of the
 * array at `base`, clamped to the address space. */
PRAGREDUCE_FN void elems_bytes(const volatile void *base, size_t elem, long long first, long long last, uintptr_t *l,
                               uintptr_t *h)
{
    if (first > last) {
        const long long t = first;
        first = last;
        last = t;
    }
    const __int128 lo = (__int128)(uintptr_t)base + (__int128)first * (__int128)elem;
    const __int128 hi = (__int128)(uintptr_t)base + ((__int128)last + 1) * (__int128)elem;
    const __int128 top = (__int128)UINTPTR_MAX;
    *l = lo < 0 ? 0 : lo > top ? UINTPTR_MAX : (uintptr_t)lo;
    *h = hi < 0 ? 0 : hi > top ? UINTPTR_MAX : (uintptr_t)hi;
}

/* Elements first..last (inclusive, either order) of the array at `base`. */
PRAGREDUCE_FN void host_wrote_elems(const volatile void *base, size_t elem, long long first, long long last)
{
    if (!any_resident())
        return;
    uintptr_t l, h;
    elems_bytes(base, elem, first, last, &l, &h);
    if (h > l)
        host_wrote((const volatile void *)l, (size_t)(h - l));
}

/* The least and greatest subscript a host loop nest reaches, sub(i, ...)
 * affine in each loop variable: at the corners of the variables' ranges,
 * given as (first, bound) pairs. */
template <class F> inline void box_extent(F sub, long long *lo, long long *hi, long long a0, long long b0)
{
    const long long x = sub(a0), y = sub(b0);
    *lo = x < y ? x : y;
    *hi = x < y ? y : x;
}

template <class F>
inline void box_extent(F sub, long long *lo, long long *hi, long long a0, long long b0, long long a1, long long b1)
{
    *lo = *hi = sub(a0, a1);
    for (int k = 0; k < 4; k++) {
        const long long x = sub(k & 1 ? b0 : a0, k & 2 ? b1 : a1);
        *lo = x < *lo ? x : *lo;
        *hi = x > *hi ? x : *hi;
    }
}

template <class F>
inline void box_extent(F sub, long long *lo, long long *hi, long long a0, long long b0, long long a1, long long b1,
                       long long a2, long long b2)
{
    *lo = *hi = sub(a0, a1, a2);
    for (int k = 0; k < 8; k++) {
        const long long x = sub(k & 1 ? b0 : a0, k & 2 ? b1 : a1, k & 4 ? b2 : a2);
        *lo = x < *lo ? x : *lo;
        *hi = x > *hi ? x : *hi;
    }
}

/* A host loop nest writes base[sub(i, ...)]: the elements between the
 * subscript's extremes (box_extent). */
template <class F, class... Bounds>
inline void host_wrote_box(const volatile void *base, size_t elem, F sub, Bounds... bounds)
{
    if (!any_resident())
        return;
    long long lo, hi;
    box_extent(sub, &lo, &hi, (long long)bounds...);
    host_wrote_elems(base, elem, lo, hi);
}

/* Writes the transpiler cannot bound: every copy is stale, except those a
 * data region holds (the user vouches for them), unless `even_sticky`. */
PRAGREDUCE_FN void host_wrote_all(bool even_sticky = false)
{
    if (fake_device && fake_launch_running())
        return; /* a write to the device copies */
    for (region *r : region_stack())
        for (Resident *e : r->entries)
            if (even_sticky || e->sticky == 0)
                mark_dirty(e, e->lo, e->hi);
}

/* The newer bytes of `e` within [lo, hi) die there (the host frees that
 * block): no copy back of them. Those outside still come back. */
PRAGREDUCE_FN void drop_newer(Resident *e, uintptr_t lo, uintptr_t hi)
{
    if (e->newer_lo >= e->newer_hi)
        return;
    if (lo <= e->newer_lo && e->newer_hi <= hi) {
        e->newer_lo = e->newer_hi = 0;
        newer_count()--;
    } else if (lo <= e->newer_lo && e->newer_lo < hi) {
        e->newer_lo = hi;
    } else if (lo < e->newer_hi && e->newer_hi <= hi) {
        e->newer_hi = lo;
    }
}

/* Before free(p) or realloc(p, n): the block's copies are dropped (a later
 * allocation may reuse its addresses, and calloc writes it unseen); their
 * newer bytes in the block come back only with keep_contents (realloc). */
PRAGREDUCE_FN void host_freed(const void *p, bool keep_contents = false)
{
    if (!p || !any_resident())
        return;
    size_t bytes = pinned_size((void *)p);
    if (bytes == 0)
        bytes = sys::malloc_usable_size((void *)p);
    const uintptr_t lo = (uintptr_t)p, hi = lo + (bytes ? bytes : 1);
    gpu_hold hold;
    for (region *r : region_stack())
        for (size_t i = 0; i < r->entries.size();) {
            Resident *e = r->entries[i];
            if (lo < e->hi && e->lo < hi) {
                if (!keep_contents)
                    drop_newer(e, lo, hi);
                region::release(e);
                r->entries.erase(r->entries.begin() + (std::ptrdiff_t)i);
            } else {
                i++;
            }
        }
}

/* free(freeing(p)): the copies of the block are dropped just before it
 * goes, what kernels wrote there with them (nothing can read it after). */
template <class T> inline T *freeing(T *p)
{
    host_freed((const void *)p);
    return p;
}

/* realloc(reallocating(p), n): the same, but what kernels wrote in the
 * block comes back first: realloc copies the block's bytes. */
template <class T> inline T *reallocating(T *p)
{
    host_freed((const void *)p, true);
    return p;
}

__attribute__((noinline)) inline void host_reads_newer(const volatile void *p, size_t bytes)
{
    const uintptr_t lo = (uintptr_t)p, hi = lo + bytes < lo ? UINTPTR_MAX : lo + bytes;
    gpu_hold hold;
    for (region *r : region_stack())
        for (Resident *e : r->entries)
            if (e->newer_lo < e->newer_hi && lo < e->newer_hi && e->newer_lo < hi)
                flush_newer(e, lo, hi, true);
}

/* The host is about to read bytes [p, p + bytes): what kernels wrote there
 * and kept on the GPU comes back first. The test inline, the work not (as
 * host_reads_all): a launch's set-up reads its row bounds before each call
 * of a small loop (CG's row sums, millions of calls). */
PRAGREDUCE_FN void host_reads(const volatile void *p, size_t bytes)
{
    if (newer_count() != 0 && bytes != 0)
        host_reads_newer(p, bytes);
}

PRAGREDUCE_FN void host_reads_elems(const volatile void *base, size_t elem, long long first, long long last)
{
    if (newer_count() == 0)
        return;
    uintptr_t l, h;
    elems_bytes(base, elem, first, last, &l, &h);
    if (h > l)
        host_reads((const volatile void *)l, (size_t)(h - l));
}

/* A host loop nest reads base[sub(i, ...)] (as host_wrote_box). */
template <class F, class... Bounds>
inline void host_reads_box(const volatile void *base, size_t elem, F sub, Bounds... bounds)
{
    if (newer_count() == 0)
        return;
    long long lo, hi;
    box_extent(sub, &lo, &hi, (long long)bounds...);
    host_reads_elems(base, elem, lo, hi);
}

__attribute__((noinline)) inline void host_reads_all_newer()
{
    gpu_hold hold;
    for (region *r : region_stack())
        for (Resident *e : r->entries)
            flush_all_newer(e);
}

/* Reads the transpiler cannot bound (a call of a function it cannot see,
 * through a pointer, a string printed): everything comes back. The test
 * inline, the work not: a call in a small loop's in-place path, even one
 * that returns at once, cost the caller's loop its registers. */
PRAGREDUCE_FN void host_reads_all()
{
    if (newer_count() != 0)
        host_reads_all_newer();
}

/* A wrapper's CPU path: the loop as written reads and writes the host's
 * arrays, and its marked loops' writes come back as they finish (the host
 * code around them is not instrumented). */
struct host_path {
    host_path()
    {
        host_reads_all();
        eager_depth()++;
    }
    ~host_path() { eager_depth()--; }
    host_path(const host_path &) = delete;
    host_path &operator=(const host_path &) = delete;
};

/* A wrapper that may restore its outputs on the host and run again there
 * (a zero or NaN min/max, a subscript outside a section): its kernel's
 * writes come back at once. */
struct eager_copy_back {
    eager_copy_back() { eager_depth()++; }
    ~eager_copy_back() { eager_depth()--; }
    eager_copy_back(const eager_copy_back &) = delete;
    eager_copy_back &operator=(const eager_copy_back &) = delete;
};

/* Frees copies not used by the call under way (and not held by a data
 * region), oldest first, until `bytes` more fit; false when they do not. */
PRAGREDUCE_FN bool make_room(size_t bytes)
{
    pool_release();
    for (;;) {
        size_t free_b = 0, total = 0;
        if (cudaMemGetInfo(&free_b, &total) != cudaSuccess) {
            (void)cudaGetLastError();
            return false;
        }
        const size_t margin = total / 32 > ((size_t)256 << 20) ? (size_t)256 << 20 : total / 32;
        if (free_b > bytes + margin)
            return true;
        region *owner = nullptr;
        size_t at = 0;
        Resident *oldest = nullptr;
        for (region *r : region_stack())
            for (size_t i = 0; i < r->entries.size(); i++) {
                Resident *e = r->entries[i];
                if (e->sticky || e->used == call_epoch() || e->device != current_device())
                    continue;
                if (!oldest || e->used < oldest->used) {
                    oldest = e;
                    owner = r;
                    at = i;
                }
            }
        if (!oldest)
            return false;
        region::release(oldest, false);
        owner->entries.erase(owner->entries.begin() + (std::ptrdiff_t)at);
    }
}

PRAGREDUCE_FN char *device_alloc(size_t bytes)
{
    size_t got = bytes;
    char *dev = pool_get(bytes, &got);
    if (!dev && cudaMalloc((void **)&dev, bytes) != cudaSuccess) {
        (void)cudaGetLastError();
        dev = nullptr;
        if (make_room(bytes) && cudaMalloc((void **)&dev, bytes) != cudaSuccess) {
            (void)cudaGetLastError();
            dev = nullptr;
        }
    }
    if (dev)
        device_block_sizes()[dev] = got;
    return dev;
}

/* The copy covering [lo, hi): in the innermost region and those it is
 * chained to, or a data region's in any region of the stack; its copy of
 * `lo` aligned to `align` bytes (16: the kernel loads the array in 16-byte
 * vectors from its first element, as from the scratch; 1: a kernel that
 * checks or needs no alignment, such as a parallel loop's stores, so a
 * stencil's output from its second element reuses the copy of the whole). */
PRAGREDUCE_FN Resident *resident_find(uintptr_t lo, uintptr_t hi, size_t align = 16)
{
    /* a copy on another GPU of a team is not this one's; asked only when a
     * copy covers the range: a program whose calls all stayed on the CPU
     * must not start CUDA here (cudaGetDevice would: ~0.2 s) */
    int device = -2;
    bool reach = true; /* the regions the innermost one is chained to */
    for (region *r : region_stack()) {
        for (Resident *e : r->entries) {
            /* the kernels' vector loads need the first element 16-byte aligned, as in the scratch */
            if (!(e->lo <= lo && hi <= e->hi && (reach || e->sticky) && (lo - e->lo) % align == 0))
                continue;
            if (device == -2)
                device = current_device();
            if (e->device == device)
                return e;
        }
        reach = reach && r->chained;
    }
    return nullptr;
}

/* Under a forced device budget (PRAGREDUCE_DEVICE_MEM_KB, which tests use
 * to exercise chunking) only what fits it is kept. */
PRAGREDUCE_FN bool resident_fits(size_t bytes)
{
    const size_t forced = settings().device_mem_kb * 1024;
    return forced == 0 || bytes <= forced / 2;
}

/* Whether wrappers may keep copies: a GPU call inside a region. */
PRAGREDUCE_FN bool resident_on()
{
    return resident_enabled() && !region_stack().empty() && region_stack().back()->enabled;
}

/* A new copy of [lo, hi) in `dev` that contains a kept copy (a stencil's
 * input read with its halo, `in[p - w]`, after a loop wrote the array
 * itself): the kept copy's bytes move on the device, its newer bytes
 * included, and only the rest comes from the host; the kept copy goes.
 * nullptr (nothing done) when no unused copy lies inside. */
PRAGREDUCE_FN Resident *grow_from_inner(uintptr_t lo, uintptr_t hi, char *dev, const char *site)
{
    region *owner = nullptr;
    Resident *inner = nullptr;
    size_t at = 0;
    const int dev_id = current_device(); /* copies on this GPU only */
    for (region *r : region_stack()) {
        for (size_t i = 0; i < r->entries.size(); i++) {
            Resident *o = r->entries[i];
            if (lo <= o->lo && o->hi <= hi && !o->sticky && o->used != call_epoch() && o->device == dev_id &&
                (!inner || o->hi - o->lo > inner->hi - inner->lo)) {
                inner = o;
                owner = r;
                at = i;
            }
        }
        if (!r->chained)
            break; /* the regions this call reaches */
    }
    if (!inner || inner->hi - inner->lo < ((size_t)1 << 16))
        return nullptr;
    /* the parts around it from the host, the rest on the device */
    to_device(dev, (const void *)lo, inner->lo - lo, site);
    to_device(dev + (inner->hi - lo), (const void *)inner->hi, hi - inner->hi, site);
    PRAGREDUCE_CHECK(site, "cudaMemcpy", cudaMemcpy(dev + (inner->lo - lo), inner->dev, inner->hi - inner->lo,
                                                   cudaMemcpyDeviceToDevice));
    Resident *e = new Resident{lo, hi, dev, span_set{}, 0, call_epoch()};
    /* what the host wrote since the inner copy was current: from the host */
    for (int k = 0; k < inner->dirty.n; k++)
        to_device(dev + (inner->dirty.lo[k] - lo), (const void *)inner->dirty.lo[k],
                  inner->dirty.hi[k] - inner->dirty.lo[k], site);
    e->newer_lo = inner->newer_lo;
    e->newer_hi = inner->newer_hi;
    e->writer = inner->writer;
    inner->newer_lo = inner->newer_hi = 0; /* now the new copy's (newer_count unchanged) */
    owner->entries.erase(owner->entries.begin() + (std::ptrdiff_t)at);
    region::release(inner);
    region_stack().back()->entries.push_back(e);
    return e;
}

/* Bytes [l, h) of e's copy (on the current GPU) from where they are
 * current: a copy on another GPU of a team holding them newer (the
 * neighbouring part of a stencil's input, written there by the last loop)
 * gives them directly (peer_copy; through the host they cost a copy back
 * and a copy in: 45 us against 7 for a 128 KiB row, bench/NOTES.md), the
 * host the rest. That copy keeps them as its newer bytes, so the host
 * still gets them from it when it reads them. */
PRAGREDUCE_FN void refresh_span(Resident *e, uintptr_t l, uintptr_t h, const char *site)
{
    if (l >= h)
        return;
    if (newer_count() > 0)
        for (region *r : region_stack())
            for (Resident *o : r->entries) {
                if (o == e || o->device == e->device || o->newer_lo >= o->newer_hi)
                    continue;
                const uintptr_t a = l > o->newer_lo ? l : o->newer_lo, b = h < o->newer_hi ? h : o->newer_hi;
                if (a >= b)
                    continue;
                peer_copy(e->dev + (a - e->lo), e->device, o->dev + (a - o->lo), o->device, b - a, site);
                refresh_span(e, l, a, site);
                refresh_span(e, b, h, site);
                return;
            }
    to_device(e->dev + (l - e->lo), (const void *)l, h - l, site);
}

/* A region full of small copies no call is using: a loop called once per
 * row from a host loop makes one for each row's section (a[rp[i]] cannot
 * reuse the whole array's copy when its 16-byte alignment differs), and a
 * full table sent every later call's arrays through the scratch (a whole
 * in() vector copied per row). They go (their newer bytes home first):
 * first those inside another copy on their GPU, then, if the table is
 * still full, every small one. */
PRAGREDUCE_FN bool covered_by_another(const region *r, const Resident *o)
{
    for (const Resident *e : r->entries)
        if (e != o && e->device == o->device && e->lo <= o->lo && o->hi <= e->hi)
            return true;
    return false;
}

PRAGREDUCE_FN void prune_small_copies(region *r)
{
    for (int pass = 0; pass < 2 && r->entries.size() >= 4096; pass++)
        for (size_t i = 0; i < r->entries.size();) {
            Resident *o = r->entries[i];
            if (!o->sticky && o->used != call_epoch() && o->hi - o->lo < ((uintptr_t)1 << 16) &&
                (pass == 1 || covered_by_another(r, o))) {
                region::release(o);
                r->entries.erase(r->entries.begin() + (std::ptrdiff_t)i);
            } else {
                i++;
            }
        }
}

/* The device copy of host bytes [host, host + bytes): current, reused when
 * one is kept and the host has not written it since (then only what it
 * wrote is copied again), else copied and kept for the region. nullptr when
 * residency is off or there is no room: the caller copies as before.
 * *copied (when not null) tells whether anything was copied. */
PRAGREDUCE_FN Resident *resident_acquire(const void *host, size_t bytes, const char *site, bool *copied, size_t align = 16,
                                         bool overwritten = false)
{
    if (copied)
        *copied = false;
    if (!resident_on() || bytes == 0 || !resident_fits(bytes))
        return nullptr;
    const uintptr_t lo = (uintptr_t)host, hi = lo + bytes;
    Resident *e = resident_find(lo, hi, align);
    if (e) {
        e->used = call_epoch();
        /* what the host wrote since, within the bytes asked for (the rest of
         * the copy may cover memory freed since: never read it) */
        if (overwritten && e->dirty.meets(lo, hi)) {
            e->dirty.remove(lo, hi); /* the kernel writes all of them */
        } else if (e->dirty.meets(lo, hi)) {
            for (int k = 0; k < e->dirty.n; k++) {
                const uintptr_t l = e->dirty.lo[k] > lo ? e->dirty.lo[k] : lo;
                const uintptr_t h = e->dirty.hi[k] < hi ? e->dirty.hi[k] : hi;
                refresh_span(e, l, h, site);
            }
            e->version = Resident::next_version();
            e->dirty.remove(lo, hi);
            if (copied)
                *copied = true;
        } else {
            profile_add(site, [&](SiteProfile &s) {
                s.avoided_copies++;
                s.avoided_bytes += bytes;
            });
        }
        return e;
    }
    region *top = region_stack().back();
    if (top->entries.size() >= 4096)
        prune_small_copies(top);
    if (top->entries.size() >= 4096)
        return nullptr; /* scanning more would cost more than it saves */
    char *dev = device_alloc(bytes);
    if (!dev)
        return nullptr;
    Resident *grown = overwritten ? nullptr : grow_from_inner(lo, hi, dev, site);
    if (copied)
        *copied = !overwritten;
    if (grown)
        return grown;
    if (!overwritten)
        to_device(dev, host, bytes, site);
    else
        profile_add(site, [&](SiteProfile &s) {
            s.avoided_copies++;
            s.avoided_bytes += bytes;
        });
    /* copies inside the new one on this GPU are redundant: dropped unless in use */
    const int e_device = current_device();
    for (size_t i = 0; i < top->entries.size();) {
        Resident *o = top->entries[i];
        if (lo <= o->lo && o->hi <= hi && !o->sticky && o->used != call_epoch() && o->device == e_device) {
            region::release(o);
            top->entries.erase(top->entries.begin() + (std::ptrdiff_t)i);
        } else {
            i++;
        }
    }
    e = new Resident{lo, hi, dev, span_set{}, 0, call_epoch()};
    top->entries.push_back(e);
    return e;
}

/* How a wrapper uses the table (emit.c's wrappers; any other emitter the
 * same way), under gpu_lock() once use_gpu() said yes:
 *   bool keep = resident_on() && resident_fits(bytes of all its arrays);
 *   for each array it reads, while keep:
 *       const void *d = resident_in(host + first, count * sizeof(T), site, nullptr);
 *       keep = d != nullptr;          (the kernel reads d, indexed from `first`)
 *   for each array the kernel writes: resident_inout(...) instead;
 *   when !keep: copy every array into its scratch as before (kept copies
 *   that are not complete are simply not used);
 *   after the kernel, for each written array:
 *       keep ? resident_out(host + first, bytes, site)
 *            : (to_host(host + first, scratch copy, bytes, site), host_wrote(host + first, bytes));
 *   and a CPU fallback that writes arrays calls host_wrote_all(true). */
PRAGREDUCE_FN const void *resident_in(const void *host, size_t bytes, const char *site, bool *copied, size_t align = 16)
{
    Resident *e = resident_acquire(host, bytes, site, copied, align);
    return e ? (const void *)(e->dev + ((uintptr_t)host - e->lo)) : nullptr;
}

/* An array the kernel writes (a fused output): the same, the kernel then
 * writes into the kept copy; resident_out() brings the bytes back. */
PRAGREDUCE_FN void *resident_inout(void *host, size_t bytes, const char *site, bool *copied, size_t align = 16,
                                   bool overwritten = false)
{
    Resident *e = resident_acquire(host, bytes, site, copied, align, overwritten);
    return e ? (void *)(e->dev + ((uintptr_t)host - e->lo)) : nullptr;
}

/* After the kernel wrote host bytes [host, host + bytes) in their kept copy:
 * other copies of them are stale; the bytes stay on the GPU as the copy's
 * newer bytes until the host reads them (copied back at once under
 * eager_depth, for this thread's stack, or with PRAGREDUCE_LAZY_COPY_BACK=0). */
PRAGREDUCE_FN void resident_out(void *host, size_t bytes, const char *site, size_t align = 16)
{
    if (bytes == 0)
        return;
    const uintptr_t lo = (uintptr_t)host, hi = lo + bytes;
    Resident *e = resident_find(lo, hi, align); /* the copy resident_inout gave, asked the same way */
    if (!e) {
        fprintf(stderr, "%s: internal error: no device copy to bring back\n", site);
        exit(1);
    }
    /* first: their own newer bytes there are older than these */
    for (region *r : region_stack())
        for (Resident *o : r->entries)
            if (o != e && lo < o->hi && o->lo < hi)
                mark_dirty(o, lo, hi);
    e->version = Resident::next_version();
    uintptr_t nl = lo, nh = hi;
    if (e->newer_lo < e->newer_hi) {
        nl = e->newer_lo < lo ? e->newer_lo : lo;
        nh = e->newer_hi > hi ? e->newer_hi : hi;
    }
    /* one newer range per copy, never over bytes the host wrote since */
    const bool meets_dirty = e->dirty.meets(nl, nh);
    if (meets_dirty && e->newer_lo < e->newer_hi) {
        flush_all_newer(e);
        nl = lo;
        nh = hi;
    }
    const bool now = eager_depth() > 0 || !settings().lazy_copy_back || on_thread_stack(lo, hi) ||
                     e->dirty.meets(lo, hi);
    if (now) {
        to_host(host, e->dev + (lo - e->lo), bytes, site);
        if (e->newer_lo < e->newer_hi && lo <= e->newer_lo && e->newer_hi <= hi) {
            e->newer_lo = e->newer_hi = 0;
            newer_count()--;
        }
        return;
    }
    if (e->newer_lo >= e->newer_hi)
        newer_count()++;
    e->newer_lo = nl;
    e->newer_hi = nh;
    e->writer = site;
    host_read_hook() = &host_reads;
}

/* #pragma reduce data in(a[lo:n], ...): the arrays are copied on entry and
 * held (sticky) until the block ends. Nothing without a GPU. */
struct data_region {
    const char *site;
    struct span {
        uintptr_t first, second;
    };
    small_list<span> held;
    explicit data_region(const char *s) : site(s) {}
    data_region(const data_region &) = delete;
    data_region &operator=(const data_region &) = delete;
    void in(const volatile void *host, size_t bytes)
    {
        if (bytes == 0 || device_mode() == MODE_CPU || !gpu_present(site))
            return;
        gpu_hold hold;
        call_epoch()++;
        Resident *e = resident_acquire((const void *)host, bytes, site, nullptr);
        if (!e)
            return; /* no room: the loops copy as they go */
        e->sticky++;
        held.push_back({(uintptr_t)host, (uintptr_t)host + bytes});
    }
    /* each array it holds lets go of its copy (one hold per array) */
    ~data_region()
    {
        for (auto &h : held)
            let_go(h.first, h.second);
    }
    static void let_go(uintptr_t lo, uintptr_t hi)
    {
        /* the outermost holder first, as data_region::in found it */
        small_list<region *> outward;
        for (region *r : region_stack())
            outward.push_back(r);
        for (size_t k = outward.size(); k-- > 0;)
            for (Resident *e : outward[k]->entries)
                if (e->sticky && e->lo <= lo && hi <= e->hi) {
                    e->sticky--;
                    return;
                }
    }
};

/* #pragma reduce update in(a[lo:n]): the host wrote those bytes; their
 * kept copy gets them now. */
PRAGREDUCE_FN void update_in(const volatile void *host, size_t bytes, const char *site)
{
    if (bytes == 0 || region_stack().empty())
        return;
    gpu_hold hold;
    const uintptr_t lo = (uintptr_t)host, hi = lo + bytes;
    for (region *r : region_stack())
        for (Resident *e : r->entries) {
            if (!(lo < e->hi && e->lo < hi))
                continue;
            const uintptr_t l = lo < e->lo ? e->lo : lo, h = hi > e->hi ? e->hi : hi;
            on_device on(e->device);
            to_device(e->dev + (l - e->lo), (const void *)l, h - l, site);
            e->version = Resident::next_version();
            e->dirty.remove(l, h);
        }
}

PRAGREDUCE_ABI_END
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_RESIDENCY_CUH */
