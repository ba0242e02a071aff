/*
 * cxx_library.c - which system header declares a function.
 *
 * A C89 program calls `strcmp`, `clock` or `omp_get_num_threads` without
 * including their header, and C declares each at its call as `int f()`.
 * The C++ output cannot declare them so: the output's own headers (the
 * runtime's, CUDA's) may declare the same function with its prototype, and
 * two C-linkage declarations of one name that differ are an error. Such a
 * function gets its header included instead (cxx_dialect.c), so the call
 * takes the library's own declaration, as gcc's built-ins do.
 *
 * The header is found by parsing, once a run, a probe file that includes
 * the C and POSIX headers a program finds without -I, in the dialect g++
 * (nvcc's host compiler) reads them (_GNU_SOURCE), and <omp.h> (parse.c's
 * stub stands in for it, as in the analysis).
 */
#include "pragreduce.h"

#include <string.h>

static const char *const probe_headers[] = {
    "assert.h",   "ctype.h",     "errno.h",        "fenv.h",     "float.h",      "inttypes.h",
    "limits.h",   "locale.h",    "math.h",         "setjmp.h",   "signal.h",     "stdarg.h",
    "stddef.h",   "stdint.h",    "stdio.h",        "stdlib.h",   "string.h",     "time.h",
    "wchar.h",    "wctype.h",    "strings.h",      "unistd.h",   "fcntl.h",      "sys/time.h",
    "sys/times.h", "sys/resource.h", "sys/stat.h", "sys/types.h", "sys/mman.h",  "sys/wait.h",
    "sys/utsname.h", "pthread.h", "sched.h",       "dirent.h",   "getopt.h",     "libgen.h",
    "malloc.h",   "omp.h",
};
#define NPROBE (sizeof probe_headers / sizeof probe_headers[0])

typedef struct {
    CXIndex index;
    CXTranslationUnit tu;
    StrBuf text;     /* the probe file: clang keeps reading the buffer */
    CXFile *files;   /* every file the probe read ... */
    int *header;     /* ... and which probe header brought it in */
    size_t nfiles;
} Probe;

/* Which probe header each file the probe read came in through: the
 * #include of header k is the probe's line 3k + 2. */
static void note_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    Probe *p = data;
    if (depth == 0)
        return;
    unsigned line;
    clang_getSpellingLocation(stack[depth - 1], NULL, &line, NULL, NULL);
    if (line < 2 || (line - 2) % 3 || (line - 2) / 3 >= NPROBE)
        return;
    p->files = xrealloc(p->files, (p->nfiles + 1) * sizeof *p->files);
    p->header = xrealloc(p->header, (p->nfiles + 1) * sizeof *p->header);
    p->files[p->nfiles] = file;
    p->header[p->nfiles++] = (int)((line - 2) / 3);
}

static Probe *probe(void)
{
    static Probe p;
    static bool done;
    if (done)
        return p.tu ? &p : NULL;
    done = true;
    /* a header this system lacks is left out: its #include is line 3k + 2 */
    StrBuf *text = &p.text;
    for (size_t i = 0; i < NPROBE; i++)
        strbuf_printf(text, "#if __has_include(<%s>)\n#include <%s>\n#endif\n", probe_headers[i],
                      probe_headers[i]);
    const char *path = "/pragreduce-library-probe.c";
    const char *resource = clang_resource_dir();
    const char *args[12];
    int nargs = 0;
    args[nargs++] = "-x";
    args[nargs++] = "c";
    args[nargs++] = "-std=gnu11";
    args[nargs++] = "-D_GNU_SOURCE";
    if (resource) {
        args[nargs++] = "-resource-dir";
        args[nargs++] = resource;
    }
    args[nargs++] = "-idirafter";
    args[nargs++] = PR_STUB_INCLUDE_DIR;
    struct CXUnsavedFile unsaved[2] = {{path, text->buf, (unsigned long)text->len}, omp_stub_file()};
    p.index = clang_createIndex(0, 0);
    unsigned flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_SkipFunctionBodies;
    if (clang_parseTranslationUnit2(p.index, path, args, nargs, unsaved, 2, flags, &p.tu) !=
        CXError_Success)
        p.tu = NULL;
    if (p.tu)
        clang_getInclusions(p.tu, note_inclusion, &p);
    return p.tu ? &p : NULL;
}

typedef struct {
    const char *name;
    CXFile file;
} Lookup;

static enum CXChildVisitResult find_declaration(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Lookup *l = data;
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    bool same = strcmp(clang_getCString(s), l->name) == 0;
    clang_disposeString(s);
    if (!same)
        return CXChildVisit_Continue;
    clang_getFileLocation(clang_getCursorLocation(c), &l->file, NULL, NULL, NULL);
    return CXChildVisit_Break;
}

const char *cxx_library_header(const char *function)
{
    Probe *p = probe();
    if (!p)
        return NULL;
    Lookup l = {function, NULL};
    clang_visitChildren(clang_getTranslationUnitCursor(p->tu), find_declaration, &l);
    for (size_t i = 0; l.file && i < p->nfiles; i++)
        if (clang_File_isEqual(p->files[i], l.file))
            return probe_headers[p->header[i]];
    return NULL;
}
