/* pragreduce runtime, tables of pointers: `float **rows` read as rows[i][j]
 * by a marked loop with in(rows[f0:n0][f1:n1]) (and T ***, one bracket per
 * level). */
#ifndef PRAGREDUCE_RT_TABLE_CUH
#define PRAGREDUCE_RT_TABLE_CUH

#include "section.cuh"

namespace pragreduce {
PRAGREDUCE_ABI_BEGIN

/* ------------------------------------------------------------ tables */

/* The GPU gets the data of the rows the clause names and, per level, a table
 * of device addresses built on the host:
 *   - rows that lie close together (cut from one allocation, as C programs
 *     usually make them: at most twice the bytes they hold, plus 1 MiB) are
 *     one copy of the memory they span, kept between loops like an array
 *     when residency is on; scattered rows are packed into a copy of their
 *     own;
 *   - the tables of addresses are built from the host's pointers, one copy
 *     for all levels; for two levels whose row pointers residency keeps on
 *     the GPU, the GPU turns its copy of them into device addresses. A wrapper keeps its table object between calls: a
 *     two-level table whose rows are kept in a region is reused as long as
 *     the host has not written the table of row pointers (residency tracks
 *     it like an array) and the rows' copy is where it was; anything else
 *     is rebuilt on every call.
 * A null pointer in a table stays null. The in() clause vouches for what the
 * loop reads, as for arrays.
 */
#ifndef PRAGREDUCE_RUNTIME_HEADER /* the library's own (embed.sh --header) */
/* to[k] = from[k] + delta, a null entry staying null: host row addresses
 * into the device copy of the memory they span. A template, as every
 * kernel of the runtime: each transpiled file has its copy, and files
 * linked with -rdc must not define one symbol twice. */
template <int = 0>
__global__ void table_translate(uintptr_t *to, const uintptr_t *from, unsigned long long n, uintptr_t delta)
{
    for (unsigned long long k = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; k < n;
         k += (unsigned long long)gridDim.x * blockDim.x)
        to[k] = from[k] ? from[k] + delta : 0;
}

inline void translate_rows(uintptr_t *to, const uintptr_t *from, unsigned long long n, uintptr_t delta,
                           const char *site)
{
    if (fake_device) { /* device memory is host memory */
        for (unsigned long long k = 0; k < n; k++)
            to[k] = from[k] ? from[k] + delta : 0;
        return;
    }
    unsigned long long blocks = (n + 255) / 256;
    table_translate<><<<(unsigned)(blocks < 1024 ? (blocks ? blocks : 1) : 1024), 256>>>(to, from, n, delta);
    PRAGREDUCE_CHECK(site, "kernel launch", cudaGetLastError());
}

struct table {
    const char *site = nullptr;
    char *own = nullptr;    /* the rows' device copy when not kept in a region */
    char *ptrs = nullptr;   /* the device tables of addresses, level after level */
    size_t own_bytes = 0, ptr_bytes = 0;
    uintptr_t span_lo = 0, span_hi = 0;             /* host bytes the rows span */
    std::vector<uintptr_t> rows;                    /* each row's first byte read */
    size_t row_bytes = 0;
    std::vector<std::pair<uintptr_t, uintptr_t>> levels; /* host bytes of the tables read */
    /* the last build, for reuse: the host table's kept copy and its version,
     * the clause's values, the rows' device copy, the result */
    const Resident *last_top = nullptr;
    u64 last_version = 0;
    uintptr_t last_host = 0;
    long long last_first[2] = {0, 0}, last_count[2] = {0, 0};
    size_t last_elem = 0;
    const char *last_base = nullptr;
    void *last_result = nullptr;

    table() = default;
    table(const table &) = delete;
    table &operator=(const table &) = delete;
    ~table()
    {
        device_free(own);
        device_free(ptrs);
    }

    /* Whether host bytes [p, p + bytes) share a byte with a row or a table
     * the loop reads (then the loop, which writes them, runs as written). */
    bool overlaps(const void *p, size_t bytes) const
    {
        for (const auto &l : levels)
            if (pragreduce::overlaps(p, bytes, (const void *)l.first, l.second - l.first))
                return true;
        if (!pragreduce::overlaps(p, bytes, (const void *)span_lo, span_hi - span_lo))
            return false;
        for (uintptr_t r : rows)
            if (r && pragreduce::overlaps(p, bytes, (const void *)r, row_bytes))
                return true;
        for (size_t k = 0; row_top && k < row_count; k++)
            if (row_top[k] && pragreduce::overlaps(p, bytes, (const void *)(row_top[k] + row_shift), row_bytes))
                return true;
        return false;
    }

    /* The device table standing for host table `host` (indexed like it), or
     * nullptr when the GPU has no room. `first`/`count`: the clause's
     * brackets, `nlevels` of them; `elem`: bytes of an element of a row. */
    void *build(const void *host, int nlevels, const long long *first, const long long *count, size_t elem,
                bool keep, const char *at)
    {
        site = at;
        const Resident *top_copy = nullptr;
        u64 top_version = 0;
        if (reusable(host, nlevels, first, count, elem, keep, &top_copy, &top_version))
            return last_result;
        last_result = nullptr;
        last_top = nullptr;
        levels.clear();
        row_top = nullptr;
        void *result = top_copy ? translate_on_device(host, first, count, elem, top_copy) : nullptr;
        if (result) {
            remember(top_copy, top_version, host, first, count, elem, result);
            return result;
        }
        for (int l = 0; l < nlevels; l++)
            if (count[l] <= 0)
                return empty(first[0]);
        /* the host's pointers, level by level: [0] the top table's entries */
        double entries = 1, total = 0; /* rows and table entries, without overflow */
        for (int l = 0; l + 1 < nlevels; l++)
            total += (entries *= (double)count[l]);
        if (total > (double)((size_t)1 << 31))
            return nullptr; /* more pointers than a table on the GPU should hold */
        const uintptr_t *top = (const uintptr_t *)host + first[0];
        levels.push_back({(uintptr_t)top, (uintptr_t)(top + count[0])});
        cur.assign(top, top + count[0]);
        std::vector<size_t> level_at{0}; /* where each level's entries start in the device tables */
        addresses.assign(cur.begin(), cur.end());
        for (int l = 1; l + 1 < nlevels; l++) {
            std::vector<uintptr_t> next;
            next.reserve(cur.size() * (size_t)count[l]);
            for (uintptr_t t : cur) {
                const uintptr_t *e = t ? (const uintptr_t *)t + first[l] : nullptr;
                if (e)
                    levels.push_back({(uintptr_t)e, (uintptr_t)(e + count[l])});
                for (long long k = 0; k < count[l]; k++)
                    next.push_back(e ? e[k] : 0);
            }
            level_at.push_back(addresses.size());
            addresses.insert(addresses.end(), next.begin(), next.end());
            cur.swap(next);
        }
        /* the rows: cur holds their host addresses */
        const long long f = first[nlevels - 1];
        row_bytes = (size_t)count[nlevels - 1] * elem;
        rows.resize(cur.size());
        span_lo = UINTPTR_MAX;
        span_hi = 0;
        size_t nrows = 0;
        for (size_t k = 0; k < cur.size(); k++) {
            rows[k] = cur[k] ? cur[k] + (uintptr_t)((intptr_t)f * (intptr_t)elem) : 0;
            if (!rows[k])
                continue;
            nrows++;
            span_lo = rows[k] < span_lo ? rows[k] : span_lo;
            span_hi = rows[k] + row_bytes > span_hi ? rows[k] + row_bytes : span_hi;
        }
        dev_rows.assign(cur.size(), 0);
        if (nrows && !copy_rows(nrows, keep))
            return nullptr;
        /* the device tables: entries of level l point into level l + 1's
         * block for that entry, shifted back by the next level's first */
        const size_t last_at = level_at.back();
        for (size_t j = 0; j < cur.size(); j++)
            addresses[last_at + j] = dev_rows[j] ? dev_rows[j] - (uintptr_t)((intptr_t)f * (intptr_t)elem) : 0;
        if (!place_pointers(addresses.size() * sizeof(uintptr_t)))
            return nullptr;
        for (size_t l = 0; l + 1 < level_at.size(); l++) {
            const size_t n = level_at[l + 1] - level_at[l];
            for (size_t j = 0; j < n; j++) {
                uintptr_t &e = addresses[level_at[l] + j];
                e = e ? (uintptr_t)ptrs + (level_at[l + 1] + j * (size_t)count[l + 1]) * sizeof(uintptr_t) -
                            (uintptr_t)((intptr_t)first[l + 1] * (intptr_t)sizeof(uintptr_t))
                      : 0;
            }
        }
        to_device(ptrs, addresses.data(), addresses.size() * sizeof(uintptr_t), site);
        result = (void *)((uintptr_t)ptrs - (uintptr_t)((intptr_t)first[0] * (intptr_t)sizeof(uintptr_t)));
        if (top_copy && kept_base)
            remember(top_copy, top_version, host, first, count, elem, result);
        return result;
    }

  private:
    const char *kept_base = nullptr; /* this build's rows, when kept in a region */
    /* rows not listed in `rows` (translate_on_device): the host table's
     * entries, each row read from entry + row_shift */
    const uintptr_t *row_top = nullptr;
    size_t row_count = 0;
    uintptr_t row_shift = 0;

    void remember(const Resident *top_copy, u64 top_version, const void *host, const long long *first,
                  const long long *count, size_t elem, void *result)
    {
        last_top = top_copy;
        last_version = top_version;
        last_host = (uintptr_t)host;
        last_first[0] = first[0], last_first[1] = first[1];
        last_count[0] = count[0], last_count[1] = count[1];
        last_elem = elem;
        last_base = kept_base;
        last_result = result;
    }

    /* Two levels, the host's row pointers already kept on the GPU (`top`),
     * rows close together: one host pass finds the span they cover, whose
     * kept copy the GPU then points into, entry by entry, from its own copy
     * of the pointers (no table built or copied by the host). nullptr when
     * that does not apply: the general path then builds the table. */
    void *translate_on_device(const void *host, const long long *first, const long long *count, size_t elem,
                              const Resident *top)
    {
        const uintptr_t *entries = (const uintptr_t *)host + first[0];
        const size_t n = (size_t)count[0];
        const uintptr_t shift = (uintptr_t)((intptr_t)first[1] * (intptr_t)elem);
        row_bytes = (size_t)count[1] * elem;
        uintptr_t lo = UINTPTR_MAX, hi = 0;
        size_t nrows = 0;
        for (size_t k = 0; k < n; k++) {
            const uintptr_t p = entries[k];
            if (!p)
                continue;
            nrows++;
            lo = p + shift < lo ? p + shift : lo;
            hi = p + shift + row_bytes > hi ? p + shift + row_bytes : hi;
        }
        if (!nrows || hi - lo > 2 * nrows * row_bytes + ((size_t)1 << 20))
            return nullptr;
        const char *base = (const char *)resident_in((const void *)lo, hi - lo, site, nullptr);
        if (!base || !place_pointers(n * sizeof(uintptr_t)))
            return nullptr;
        span_lo = lo;
        span_hi = hi;
        kept_base = base;
        rows.clear();
        row_top = entries;
        row_count = n;
        row_shift = shift;
        levels.push_back({(uintptr_t)entries, (uintptr_t)(entries + n)});
        const uintptr_t *from = (const uintptr_t *)(top->dev + ((uintptr_t)entries - top->lo));
        translate_rows((uintptr_t *)ptrs, from, n, (uintptr_t)base - lo, site);
        return (void *)((uintptr_t)ptrs - (uintptr_t)((intptr_t)first[0] * (intptr_t)sizeof(uintptr_t)));
    }

    /* Whether the last build still stands (see the top of the file); sets
     * what the next one records. Refreshes the rows' copy either way. */
    bool reusable(const void *host, int nlevels, const long long *first, const long long *count, size_t elem,
                  bool keep, const Resident **top_copy, u64 *top_version)
    {
        kept_base = nullptr;
        if (nlevels != 2 || !keep || count[0] <= 0 || count[1] <= 0)
            return false;
        const uintptr_t *top = (const uintptr_t *)host + first[0];
        const Resident *e = resident_acquire(top, (size_t)count[0] * sizeof(uintptr_t), site, nullptr);
        if (!e)
            return false;
        *top_copy = e;
        *top_version = e->version;
        if (!last_result || e != last_top || e->version != last_version || last_host != (uintptr_t)host ||
            last_first[0] != first[0] || last_first[1] != first[1] || last_count[0] != count[0] ||
            last_count[1] != count[1] || last_elem != elem)
            return false;
        /* the same rows: their kept copy, refreshed where the host wrote them */
        const char *base = (const char *)resident_in((const void *)span_lo, span_hi - span_lo, site, nullptr);
        return base && base == last_base;
    }

    /* Nothing is read: a table of one null entry, so the kernel's argument
     * is a device address all the same. */
    void *empty(long long f0)
    {
        if (!place_pointers(sizeof(uintptr_t)))
            return nullptr;
        const uintptr_t zero = 0;
        to_device(ptrs, &zero, sizeof zero, site);
        return (void *)((uintptr_t)ptrs - (uintptr_t)((intptr_t)f0 * (intptr_t)sizeof(uintptr_t)));
    }

    /* kept, so that a call does not fault their pages in again: the host's
     * pointers of a level, every level's device addresses, each row's */
    std::vector<uintptr_t> cur, addresses, dev_rows;
    std::vector<char> packed;

    /* At least `bytes` of device memory in `buf` (kept between calls). */
    static bool room(char *&buf, size_t &have, size_t bytes)
    {
        if (buf && have >= bytes)
            return true;
        device_free(buf);
        buf = device_alloc(bytes);
        have = buf ? bytes : 0;
        return buf != nullptr;
    }
    bool own_room(size_t bytes) { return room(own, own_bytes, bytes); }
    bool place_pointers(size_t bytes) { return room(ptrs, ptr_bytes, bytes); }

    /* Each row's device address in dev_rows (0 for a null row). */
    bool copy_rows(size_t nrows, bool keep)
    {
        const size_t span = span_hi - span_lo, held = nrows * row_bytes;
        if (span <= 2 * held + ((size_t)1 << 20)) {
            const char *base = keep ? (const char *)resident_in((const void *)span_lo, span, site, nullptr) : nullptr;
            kept_base = base;
            if (!base) {
                if (!own_room(span))
                    return false;
                to_device(own, (const void *)span_lo, span, site);
                base = own;
            }
            for (size_t k = 0; k < rows.size(); k++)
                dev_rows[k] = rows[k] ? (uintptr_t)base + (rows[k] - span_lo) : 0;
            return true;
        }
        /* scattered rows: packed, row after row */
        if (!own_room(held))
            return false;
        packed.resize(held);
        size_t at = 0;
        for (size_t k = 0; k < rows.size(); k++) {
            if (!rows[k])
                continue;
            host_reads((const void *)rows[k], row_bytes);
            memcpy(packed.data() + at, (const void *)rows[k], row_bytes);
            dev_rows[k] = (uintptr_t)own + at;
            at += row_bytes;
        }
        to_device(own, packed.data(), held, site);
        return true;
    }
};

PRAGREDUCE_FN table *table_new() { return new table; }
PRAGREDUCE_FN void *table_build(table &t, const void *host, int nlevels, const long long *first,
                                       const long long *count, size_t elem, bool keep, const char *at)
{
    return t.build(host, nlevels, first, count, elem, keep, at);
}
PRAGREDUCE_FN bool table_overlaps(const table &t, const void *p, size_t bytes) { return t.overlaps(p, bytes); }
#else
/* the wrappers' tables of pointers (emit_table.c), made and used through these */
struct table;
PRAGREDUCE_FN table *table_new();
PRAGREDUCE_FN void *table_build(table &t, const void *host, int nlevels, const long long *first,
                                       const long long *count, size_t elem, bool keep, const char *at);
PRAGREDUCE_FN bool table_overlaps(const table &t, const void *p, size_t bytes);
#endif

PRAGREDUCE_ABI_END
} // namespace pragreduce

#endif
