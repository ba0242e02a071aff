/*
 * main.c - the pragreduce command line (options: cli.c).
 *
 * Exit status: 0 success, 1 errors in the input, 2 usage errors.
 *
 * The output is written only when everything succeeded. A regular file
 * (new, or existing) is written to a temporary file next to it and renamed
 * into place, so a failed run leaves no half-written file; an existing file
 * keeps its mode, a new one gets 0666 less the umask. What is not a regular
 * file (/dev/null, a FIFO, a terminal) is written in place, as compilers
 * do; a symbolic link's target is written, the link stays.
 *
 * The work runs on a thread with a large stack, and libclang parses on it
 * too (not on its own 8 MB thread): deeply nested input recurses deeply.
 * Should even that stack run out, the run fails with a message.
 */
#include "pragreduce.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------ output */

static bool write_all(int fd, const char *text, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, text, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        text += w;
        n -= (size_t)w;
    }
    return true;
}

/* The file a path finally names: symbolic links followed (a dangling one
 * to the file it would create). */
static char *follow_links(const char *path)
{
    char *p = xstrdup(path);
    for (int hops = 0; hops < 40; hops++) {
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
            return p;
        char target[PATH_MAX];
        ssize_t n = readlink(p, target, sizeof target - 1);
        if (n < 0)
            return p;
        target[n] = '\0';
        char *slash = strrchr(p, '/');
        if (target[0] == '/' || !slash)
            p = xstrdup(target);
        else
            p = xformat("%.*s/%s", (int)(slash - p), p, target);
    }
    return p; /* a loop: open() reports it */
}

static bool write_in_place(const char *path, const char *text, int flags)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC | flags, 0666);
    if (fd < 0) {
        diag_plain(DIAG_ERROR, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    bool ok = write_all(fd, text, strlen(text));
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (!ok)
        diag_plain(DIAG_ERROR, "cannot write '%s': %s", path, strerror(saved));
    return ok;
}

static mode_t current_umask(void)
{
    mode_t m = umask(0);
    umask(m);
    return m;
}

/* A regular file: a temporary next to the real target, renamed onto it. */
static bool write_replacing(const char *shown, const char *target, const struct stat *old,
                            const char *text)
{
    char *tmp = xformat("%s.tmpXXXXXX", target);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int saved = errno;
        /* no temporary in a directory we may not write: an existing file
         * we may write is written in place, as compilers do */
        if (old && (saved == EACCES || saved == EPERM || saved == EROFS) &&
            access(target, W_OK) == 0)
            return write_in_place(target, text, O_TRUNC);
        diag_plain(DIAG_ERROR, "cannot write '%s': %s", shown, strerror(saved));
        return false;
    }
    mode_t mode = old ? (old->st_mode & 07777) : (0666 & ~current_umask());
    bool ok = write_all(fd, text, strlen(text));
    int saved = errno;
    if (ok && old && fchown(fd, old->st_uid, old->st_gid) != 0) {
        /* not ours to give away: the file becomes ours, keeping the mode */
    }
    if (ok && fchmod(fd, mode) != 0) {
        ok = false;
        saved = errno;
    }
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && rename(tmp, target) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        diag_plain(DIAG_ERROR, "cannot write '%s': %s", shown, strerror(saved));
        unlink(tmp);
    }
    return ok;
}

static bool write_output(const char *path, const char *text)
{
    if (strcmp(path, "-") == 0) {
        size_t n = strlen(text);
        if (fwrite(text, 1, n, stdout) != n || fflush(stdout) != 0) {
            diag_plain(DIAG_ERROR, "cannot write to standard output: %s", strerror(errno));
            return false;
        }
        return true;
    }
    char *target = follow_links(path);
    struct stat st;
    if (stat(target, &st) != 0)
        return write_replacing(path, target, NULL, text);
    if (S_ISDIR(st.st_mode)) {
        diag_plain(DIAG_ERROR, "cannot write '%s': %s", path, strerror(EISDIR));
        return false;
    }
    if (!S_ISREG(st.st_mode))
        return write_in_place(path, text, 0); /* device, FIFO, socket: never replaced */
    return write_replacing(path, target, &st, text);
}

/* ------------------------------------------------------------ the run */

static int run(int argc, char **argv)
{
    CommandLine cl;
    int status = cli_parse(argc, argv, &cl);
    if (status)
        return status;
    if (cl.help) {
        cli_usage(stdout);
        return 0;
    }
    if (cl.version) {
        printf("pragreduce %s\n", PRAGREDUCE_VERSION);
        return 0;
    }
    Source src;
    status = 1;
    if (cl.time_report)
        timing_enable();
    timing_stage("parse (libclang, pragmas, tokens)");
    if (source_parse(&src, cl.in, &cl.opts.parse)) {
        char *text = transpile(&src, &cl.opts);
        timing_stage("write the output");
        if (text && (!cl.out || write_output(cl.out, text)))
            status = 0;
    }
    source_dispose(&src);
    timing_report();
    return status;
}

/* ------------------------------------------------------------ a large stack */

static char *stack_guard;      /* [stack_guard, + PR_STACK_GUARD_BYTES): no access */
static const char *input_name; /* for the message */

static void write_stderr(const char *s) { (void)!write(2, s, strlen(s)); }

/* A fault in the guard below the work stack: the input recursed too deep.
 * Anything else is a bug: the default action (a core dump) happens. */
static void on_segv(int sig, siginfo_t *info, void *ctx)
{
    (void)ctx;
    char *addr = info->si_addr;
    if (stack_guard && addr >= stack_guard && addr < stack_guard + PR_STACK_GUARD_BYTES) {
        write_stderr("pragreduce: error: ");
        write_stderr(input_name ? input_name : "the input");
        write_stderr(": nested too deeply: the parser's 1 GB stack ran out\n");
        _exit(1);
    }
    signal(sig, SIG_DFL);
}

typedef struct {
    int argc;
    char **argv;
    int status;
} Work;

static void *work_thread(void *data)
{
    Work *w = data;
    static char alt[1 << 16];
    stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt};
    sigaltstack(&ss, NULL);
    w->status = run(w->argc, w->argv);
    /* off again before the thread ends (AddressSanitizer unmaps the
     * alternate stack it finds then, and this one is static) */
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
    return NULL;
}

static const char *input_of(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "-I") || !strcmp(argv[i], "-D") ||
            !strcmp(argv[i], "--gpu") || !strcmp(argv[i], "--arch"))
            i++;
        else if (argv[i][0] != '-' || !argv[i][1])
            return argv[i];
    }
    return NULL;
}

int main(int argc, char **argv)
{
    cli_parse_on_this_thread();
    input_name = input_of(argc, argv);
    struct sigaction sa = {.sa_sigaction = on_segv, .sa_flags = SA_SIGINFO | SA_ONSTACK};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    Work w = {argc, argv, 1};
    if (!cli_run_on_large_stack(work_thread, &w, &stack_guard)) {
        stack_guard = NULL;
        w.status = run(argc, argv); /* no such thread: this one */
    }
    ast_reset();
    arena_free_all();
    return w.status;
}
