/* pragreduce runtime, system: the few POSIX and Linux calls the runtime
 * makes, declared here under their C symbols instead of through
 * <unistd.h>, <sys/stat.h>, <dirent.h>, <sys/mman.h>, <sys/uio.h>, <sys/resource.h>,
 * <sys/syscall.h> or <malloc.h>. The runtime shares its file with the
 * program (nvcc compiles them as one), and those headers would declare
 * read, write, close, sleep, pipe, struct stat, environ, optarg, ... there:
 * names C leaves to a program that includes only <stdio.h>. These
 * declarations have C++ linkage in a namespace of their own, each bound to
 * the C symbol by an assembler label, so they clash with no declaration of
 * the program's (one of its own under the same name is a C function, a
 * different entity to C++). The constants and structure layouts are the
 * Linux kernel's and glibc's ABI, the same on every architecture CUDA
 * supports. */
#ifndef PRAGREDUCE_RT_SYSTEM_CUH
#define PRAGREDUCE_RT_SYSTEM_CUH

#include <stddef.h>
#include <sys/types.h> /* ssize_t, pid_t: cuda_runtime.h includes it already */

namespace pragreduce {
namespace sys {

struct io_vector { /* struct iovec */
    void *base;
    size_t len;
};

struct statx_time { /* struct statx_timestamp */
    long long sec;
    unsigned nsec;
    int reserved;
};

/* struct statx: a layout the kernel fixed for every architecture (struct
 * stat's differs between them) */
struct statx_buf {
    unsigned mask, blksize;
    unsigned long long attributes;
    unsigned nlink, uid, gid;
    unsigned short mode, spare0;
    unsigned long long ino, size, blocks, attributes_mask;
    statx_time atime, btime, ctime, mtime;
    unsigned rdev_major, rdev_minor, dev_major, dev_minor;
    unsigned long long spare2[14];
};
static_assert(sizeof(statx_buf) == 256 && offsetof(statx_buf, mtime) == 112 &&
                  offsetof(statx_buf, dev_major) == 136,
              "struct statx's layout");

const int at_fdcwd = -100;               /* AT_FDCWD */
const unsigned statx_basic_stats = 0x7ff; /* STATX_BASIC_STATS */
const int prio_process = 0;              /* PRIO_PROCESS */

extern char **environment __asm__("environ"); /* the process's variables */
pid_t getpid() __asm__("getpid");
int getpagesize() __asm__("getpagesize");
int mincore(void *addr, size_t length, unsigned char *vec) __asm__("mincore");
ssize_t process_vm_readv(pid_t pid, const io_vector *local, unsigned long nlocal,
                         const io_vector *remote, unsigned long nremote, unsigned long flags)
    __asm__("process_vm_readv");
size_t malloc_usable_size(void *p) __asm__("malloc_usable_size");
int statx(int dirfd, const char *path, int flags, unsigned mask, statx_buf *out) __asm__("statx");
int mkdir(const char *path, unsigned mode) __asm__("mkdir");
ssize_t readlink(const char *path, char *buf, size_t size) __asm__("readlink");
int unlink(const char *path) __asm__("unlink");
struct dir_stream; /* DIR */
struct dir_entry { /* struct dirent64 */
    unsigned long long ino;
    long long off;
    unsigned short reclen;
    unsigned char type;
    char name[256];
};
dir_stream *opendir(const char *path) __asm__("opendir");
dir_entry *readdir(dir_stream *d) __asm__("readdir64");
int closedir(dir_stream *d) __asm__("closedir");
int setpriority(int which, unsigned who, int prio) __asm__("setpriority");
long syscall(long number, ...) __asm__("syscall");

/* SYS_gettid, or -1 where this file does not know it */
#if defined(__x86_64__)
const long sys_gettid = 186;
#elif defined(__aarch64__)
const long sys_gettid = 178;
#elif defined(__powerpc64__)
const long sys_gettid = 207;
#else
const long sys_gettid = -1;
#endif

} /* namespace sys */
} /* namespace pragreduce */

#endif /* PRAGREDUCE_RT_SYSTEM_CUH */
