/* pragreduce runtime, tables of pointers: `float **rows` read as rows[i][j]
 * by a marked loop with in(rows[f0:n0][f1:n1]) (and T ***, one bracket per
 * level). */
#ifndef PRAGREDUCE_RT_TABLE_CUH
#define PRAGREDUCE_RT_TABLE_CUH

#include "section.cuh"

namespace pragreduce {

/* ------------------------------------------------------------ tables */

/* The GPU gets the data of the rows the clause names and, per level, a table
 * of device addresses built on the host:
 *   - rows that lie close together (cut from one allocation, as C programs
 *     usually make them: at most twice the bytes they hold, plus 1 MiB) are
 *     one copy of the memory they span, kept between loops like an array
 *     when residency is on; scattered rows are packed into a copy of their
 *     own;
 *   - the tables of addresses are rebuilt from the host's pointers on every
 *     call (a host write to a table needs no tracking), one copy for all
 *     levels.
 * A null pointer in a table stays null. The in() clause vouches for what the
 * loop reads, as for arrays. */
struct table {
    const char *site = nullptr;
    char *own = nullptr;    /* the rows' device copy when not kept in a region */
    char *ptrs = nullptr;   /* the device tables of addresses, level after level */
    size_t own_bytes = 0, ptr_bytes = 0;
    uintptr_t span_lo = 0, span_hi = 0;             /* host bytes the rows span */
    std::vector<uintptr_t> rows;                    /* each row's first byte read */
    size_t row_bytes = 0;
    std::vector<std::pair<uintptr_t, uintptr_t>> levels; /* host bytes of the tables read */

    table() = default;
    table(const table &) = delete;
    table &operator=(const table &) = delete;
    ~table()
    {
        release(own);
        release(ptrs);
    }

    static void release(char *dev)
    {
        if (!dev)
            return;
        auto &sizes = device_block_sizes();
        auto it = sizes.find(dev);
        if (it != sizes.end()) {
            pool_put(dev, it->second);
            sizes.erase(it);
        } else {
            (void)cudaFree(dev);
        }
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
        return false;
    }

    /* The device table standing for host table `host` (indexed like it), or
     * nullptr when the GPU has no room. `first`/`count`: the clause's
     * brackets, `nlevels` of them; `elem`: bytes of an element of a row. */
    void *build(const void *host, int nlevels, const long long *first, const long long *count, size_t elem,
                bool keep, const char *at)
    {
        site = at;
        for (int l = 0; l < nlevels; l++)
            if (count[l] <= 0)
                return empty(first[0]);
        /* the host's pointers, level by level: [0] the top table's entries */
        double entries = 1, total = 0; /* rows and table entries, without overflow */
        for (int l = 0; l + 1 < nlevels; l++)
            total += (entries *= (double)count[l]);
        if (total > (double)((size_t)1 << 31))
            return nullptr; /* more pointers than a table on the GPU should hold */
        std::vector<uintptr_t> cur;
        cur.reserve((size_t)count[0]);
        const uintptr_t *top = (const uintptr_t *)host + first[0];
        levels.push_back({(uintptr_t)top, (uintptr_t)(top + count[0])});
        cur.assign(top, top + count[0]);
        std::vector<size_t> level_at{0}; /* where each level's entries start in the device tables */
        std::vector<uintptr_t> all(cur);
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
            level_at.push_back(all.size());
            all.insert(all.end(), next.begin(), next.end());
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
        std::vector<uintptr_t> dev_rows(cur.size(), 0);
        if (nrows && !copy_rows(dev_rows, nrows, keep))
            return nullptr;
        /* the device tables: entries of level l point into level l + 1's
         * block for that entry, shifted back by the next level's first */
        const size_t last_at = level_at.back();
        for (size_t j = 0; j < cur.size(); j++)
            all[last_at + j] = dev_rows[j] ? dev_rows[j] - (uintptr_t)((intptr_t)f * (intptr_t)elem) : 0;
        if (!place_pointers(all.size() * sizeof(uintptr_t)))
            return nullptr;
        for (size_t l = 0; l + 1 < level_at.size(); l++) {
            const size_t n = level_at[l + 1] - level_at[l];
            for (size_t j = 0; j < n; j++) {
                uintptr_t &e = all[level_at[l] + j];
                e = e ? (uintptr_t)ptrs + (level_at[l + 1] + j * (size_t)count[l + 1]) * sizeof(uintptr_t) -
                            (uintptr_t)((intptr_t)first[l + 1] * (intptr_t)sizeof(uintptr_t))
                      : 0;
            }
        }
        to_device(ptrs, all.data(), all.size() * sizeof(uintptr_t), site);
        return (void *)((uintptr_t)ptrs - (uintptr_t)((intptr_t)first[0] * (intptr_t)sizeof(uintptr_t)));
    }

  private:
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

    bool place_pointers(size_t bytes)
    {
        if (ptrs && ptr_bytes >= bytes)
            return true;
        release(ptrs);
        ptrs = device_alloc(bytes);
        ptr_bytes = ptrs ? bytes : 0;
        return ptrs != nullptr;
    }

    /* Each row's device address in dev_rows (0 for a null row). */
    bool copy_rows(std::vector<uintptr_t> &dev_rows, size_t nrows, bool keep)
    {
        const size_t span = span_hi - span_lo, held = nrows * row_bytes;
        if (span <= 2 * held + ((size_t)1 << 20)) {
            const char *base = keep ? (const char *)resident_in((const void *)span_lo, span, site, nullptr) : nullptr;
            if (!base) {
                if (!(own = device_alloc(span)))
                    return false;
                own_bytes = span;
                to_device(own, (const void *)span_lo, span, site);
                base = own;
            }
            for (size_t k = 0; k < rows.size(); k++)
                dev_rows[k] = rows[k] ? (uintptr_t)base + (rows[k] - span_lo) : 0;
            return true;
        }
        /* scattered rows: packed, row after row */
        if (!(own = device_alloc(held)))
            return false;
        own_bytes = held;
        std::vector<char> packed(held);
        size_t at = 0;
        for (size_t k = 0; k < rows.size(); k++) {
            if (!rows[k])
                continue;
            memcpy(packed.data() + at, (const void *)rows[k], row_bytes);
            dev_rows[k] = (uintptr_t)own + at;
            at += row_bytes;
        }
        to_device(own, packed.data(), held, site);
        return true;
    }
};

} // namespace pragreduce

#endif
