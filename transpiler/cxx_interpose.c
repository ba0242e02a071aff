/*
 * cxx_interpose.c - a program's own definition of a C library function
 * that the CUDA runtime calls.
 *
 * C leaves `read`, `write`, `close`, `pipe`, ... to a program that does not
 * include <unistd.h>, and a gcc build of one that defines `int close(int)`
 * works: nothing else in the process calls close. The transpiled program
 * links the CUDA runtime (libcudart_static) and loads the driver, which do
 * call them, and the linker binds their calls to the program's definition
 * of the same external name: the first GPU call then crashes or misbehaves
 * (a program's `close` that returns fd - 1). A name with internal linkage
 * (`static int close(int)`) is the program's alone and is fine. There is
 * no way to keep the program's external symbol and hide it from the
 * runtime, so such a definition is an error that says what to change.
 *
 * The names: what `nm -u libcudart_static.a` (CUDA 13) lists from the C
 * library, less the functions whose meaning a program's own definition
 * keeps (an allocator, memcpy, strlen: replacing them process-wide is
 * what such a definition is for), and the driver's I/O calls beside them.
 */
#include "pragreduce.h"

#include <string.h>

static const char *const runtime_calls[] = {
    "access", "bind", "chmod", "clock_gettime", "close", "closedir", "connect", "dlclose",
    "dlerror", "dlopen", "dlsym", "dup", "dup2", "environ", "fchmod", "fcntl", "fdopen",
    "fileno", "fstat", "ftruncate", "get_nprocs", "getcwd", "getegid", "getenv", "geteuid",
    "gethostname", "getpid", "gettimeofday", "getuid", "ioctl", "kill", "listen",
    "localtime_r", "lseek", "lstat", "madvise", "mkdir", "mkfifo", "mmap", "mprotect",
    "munmap", "nanosleep", "nftw", "open", "opendir", "pipe", "poll", "read", "readdir",
    "readlink", "realpath", "recvmsg", "remove", "rmdir", "sched_yield", "sendmsg", "setenv",
    "setsockopt", "shm_open", "shm_unlink", "shmat", "shmctl", "shmdt", "shmget", "socket",
    "socketpair", "stat", "syscall", "sysconf", "sysinfo", "time", "uname", "unlink",
    "usleep", "write",
};

static bool called_by_runtime(const char *name)
{
    for (size_t i = 0; i < sizeof runtime_calls / sizeof runtime_calls[0]; i++)
        if (strcmp(name, runtime_calls[i]) == 0)
            return true;
    return false;
}

/* A definition in the program's own text (not a system header's) of a
 * function or variable with external linkage. */
static bool external_definition(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_FunctionDecl && k != CXCursor_VarDecl)
        return false;
    if (clang_getCursorLinkage(c) != CXLinkage_External || !clang_isCursorDefinition(c))
        return false;
    return !clang_Location_isInSystemHeader(clang_getCursorLocation(c));
}

typedef struct {
    const Source *src;
    bool ok;
} InterposeScan;

static enum CXChildVisitResult find_interposed(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    InterposeScan *scan = data;
    if (!external_definition(c))
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    const char *name = clang_getCString(s);
    /* a name the output's headers also declare is renamed by then
     * (cxx_names.c): its C symbol is the name after the prefix */
    const char *prefix = scan->src->rename_prefix;
    if (prefix && strncmp(name, prefix, strlen(prefix)) == 0)
        name += strlen(prefix);
    unsigned at;
    if (called_by_runtime(name) &&
        source_offset(scan->src, clang_getCursorLocation(c), &at)) {
        bool fn = clang_getCursorKind(c) == CXCursor_FunctionDecl;
        diag_at(scan->src, at, DIAG_ERROR,
                "the program defines %s '%s' with external linkage; linked with the CUDA "
                "runtime, which %s the C library's '%s', it would replace that one for the "
                "runtime and the GPU driver too: make it static or give it another name",
                fn ? "a function" : "a variable", name, fn ? "calls" : "reads", name);
        scan->ok = false;
    }
    clang_disposeString(s);
    return CXChildVisit_Continue;
}

bool cxx_check_runtime_interposition(const Source *src)
{
    InterposeScan scan = {src, true};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_interposed, &scan);
    return scan.ok;
}
