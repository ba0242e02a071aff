/* to_device copies only the bytes on mapped host pages: a range a loop's
 * subscripts reach past its allocation (guarded reads such as
 * `i > 0 ? a[i - 1] : 0`) may start or end on pages that are not mapped.
 * Four pages mapped, the first and last unmapped again: ranges from each
 * edge give the mapped part, and a faked copy of the whole range reads
 * only it (a read of an unmapped page would crash the test); the same
 * next to a mapped page without read access.
 *   nvcc -O1 -DPRAGREDUCE_FAKE_DEVICE tests/runtime/mapped_part.cu -o t && ./t */
#define PRAGREDUCE_FAKE_DEVICE 1
#include "under_test.cuh"

#include <sys/mman.h> /* the runtime no longer includes them (system.cuh) */
#include <unistd.h>

static int failures;

static void expect(const char *what, size_t got, size_t want)
{
    if (got != want) {
        printf("FAIL %s: %zu, expected %zu\n", what, got, want);
        failures++;
    }
}

int main()
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *base =
        (unsigned char *)mmap(nullptr, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        return 1;
    munmap(base, page);
    munmap(base + 3 * page, page);
    unsigned char *mid = base + page; /* pages 1 and 2 stay mapped */
    for (size_t k = 0; k < 2 * page; k++)
        mid[k] = (unsigned char)(k * 7);
    size_t front, back;
    /* from 100 bytes before the mapped pages to 50 past them */
    pragreduce::mapped_part(mid - 100, 2 * page + 150, &front, &back);
    expect("front, from the unmapped page before", front, 100);
    expect("back, into the unmapped page after", back, 50);
    /* inside: nothing left out */
    pragreduce::mapped_part(mid + 10, page, &front, &back);
    expect("front inside", front, 0);
    expect("back inside", back, 0);
    /* all on the unmapped page */
    pragreduce::mapped_part(base + 8, 16, &front, &back);
    expect("front, unmapped alone", front, 16);
    /* the faked device copy of the whole range */
    std::vector<unsigned char> dev(2 * page + 150, 0xee);
    pragreduce::to_device(dev.data(), mid - 100, dev.size(), "mapped_part.cu:1");
    for (size_t k = 0; k < 2 * page; k++)
        if (dev[100 + k] != (unsigned char)(k * 7)) {
            printf("FAIL copy at %zu\n", k);
            failures++;
            break;
        }
    expect("bytes before left as they were", dev[99], 0xee);
    expect("bytes after left as they were", dev[100 + 2 * page], 0xee);
    /* a mapped page without read access (a thread stack's guard page) counts
     * as unmapped: a range past a block into one is copied up to it */
    unsigned char *g =
        (unsigned char *)mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g == MAP_FAILED)
        return 1;
    mprotect(g + page, page, PROT_NONE);
    pragreduce::mapped_part(g + page - 64, 128, &front, &back);
    expect("front before a guard page", front, 0);
    expect("back into a guard page", back, 64);
    std::vector<unsigned char> dg(128, 0xee);
    pragreduce::to_device(dg.data(), g + page - 64, dg.size(), "mapped_part.cu:2");
    expect("bytes in the guard page left as they were", dg[64], 0xee);
    printf("mapped_part: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
