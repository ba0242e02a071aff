/*
 * cli.c - the command line's options, parsed without exiting so that the
 * fuzzer (tests/fuzz) can feed it option vectors too.
 *
 *   pragreduce IN.c -o OUT.cu [-I DIR] [-isystem DIR] [-D NAME[=VAL]] [-U NAME]
 *              [-include FILE] [-std=STD] [-fopenmp] [-O...] [-g...] [-x c]
 *              [-fdiagnostics-color[=WHEN]] [-ftime-report] [--no-line] [--keep-invalid]
 *              [--pin-host] [--explain] [--gpu NAME] [--runtime=embedded|library]
 *   IN.c may be '-', standard input.
 */
#include "pragreduce.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_usage(FILE *to)
{
    fputs("usage: pragreduce IN.c -o OUT.cu [options]   (IN.c '-': standard input)\n"
          "\n"
          "Turns C loops marked '#pragma reduce(OP: VAR[, VAR...])' into CUDA.\n"
          "Operators: + * min max & | ^ && ||. Build the output with\n"
          "'nvcc -O3 -arch=sm_90 OUT.cu -o prog'.\n"
          "\n"
          "options:\n"
          "  -o FILE          write the CUDA file to FILE ('-' for standard output)\n"
          "  -I DIR           add DIR to the include search path\n"
          "  -isystem DIR     add DIR as a system include folder (its headers stay\n"
          "                   outside the program's C linkage, as libraries' are)\n"
          "  -D NAME[=VAL]    define a macro\n"
          "  -U NAME          undefine a macro\n"
          "  -include FILE    read FILE first, as if included on the file's first line\n"
          "  -std=STD         the C dialect the program is built with (c89, c99, c11,\n"
          "                   c17, gnu89, ..., gnu17; default gnu17, as gcc's; -ansi: c90)\n"
          "  -fopenmp         analyze the file as an OpenMP build does (_OPENMP\n"
          "                   defined); build the output with -Xcompiler -fopenmp\n"
          "  -O, -O2, -Os ... analyze the file as that optimized build does (gcc's\n"
          "                   __OPTIMIZE__ macros); -g... and -x c are taken and change\n"
          "                   nothing; -D and -U apply in their order, as gcc's do\n"
          "  -fdiagnostics-color[=always|never|auto]  colour the messages (auto, the\n"
          "                   default: on a terminal); -fno-diagnostics-color: never\n"
          "  -ftime-report    the time of each stage and the peak memory, on\n"
          "                   standard error at the end (long runs on big files;\n"
          "                   past 200 loops or 5 s, a terminal shows progress)\n"
          "  --no-line        no #line directives in the output\n"
          "  --keep-invalid   report loops that are not valid reductions as warnings\n"
          "                   and leave them sequential, instead of failing\n"
          "  --pin-host       allocate the arrays that marked loops read as pinned\n"
          "                   host memory, at the program's malloc/calloc calls (copies\n"
          "                   to the GPU then run at the link's full speed)\n"
          "  --explain=brief  one line per marked loop: where it runs, how, from what size\n"
          "  --explain        describe each marked loop: accesses, cost estimates of\n"
          "                   the candidate launch plans, the choice (-o optional)\n"
          "  --gpu NAME       the GPU the plan is chosen for: H100 (default), A100,\n"
          "                   V100, L4, RTX4090; or --arch sm_90, sm_80, sm_70, sm_89\n"
          "  --runtime=library  include <pragreduce/runtime.cuh> instead of copying\n"
          "                   the runtime into the output; link with -lpragreduce\n"
          "  --runtime=embedded the runtime copied into the output (the default)\n"
          "  --help           show this help\n"
          "  --version        show the version\n"
          "\n"
          "At run time, PRAGREDUCE_DEVICE=cpu runs marked loops on the CPU and\n"
          "PRAGREDUCE_DEVICE=gpu makes a missing GPU an error (default: auto).\n"
          "Arrays stay on the GPU between loops until the host writes them;\n"
          "PRAGREDUCE_RESIDENT=0 copies them at every call, PRAGREDUCE_PROFILE=1\n"
          "prints each loop's calls, kernel time and copies at exit.\n"
          "'#pragma reduce data in(a[0:n])' before a statement keeps arrays there\n"
          "whatever the analysis concludes; '#pragma reduce update in(a[i:k])'\n"
          "copies elements the host wrote inside it.\n",
          to);
}

static int usage_error(const char *fmt, const char *arg)
{
    if (diag_is_quiet())
        return 2;
    fprintf(stderr, "pragreduce: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'pragreduce --help'.\n");
    return 2;
}

static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* --gpu NAME, --gpu=NAME, --arch ..., --arch=...; *i moves past a separate value */
static int parse_gpu(int argc, char **argv, int *i, CommandLine *cl)
{
    const char *a = argv[*i];
    const char *v = strchr(a, '=');
    if (v) {
        v++;
    } else {
        if (*i + 1 >= argc)
            return usage_error("option '%s' needs an argument", a);
        v = argv[++*i];
    }
    cl->opts.gpu = gpu_find(v);
    if (!cl->opts.gpu)
        return usage_error("unknown GPU '%s' (known: H100, A100, V100, L4, RTX4090, "
                           "sm_90, sm_80, sm_70, sm_89)",
                           v);
    return 0;
}

static int set_output(CommandLine *cl, const char *v)
{
    if (cl->out)
        return usage_error("%s", "only one -o may be given");
    cl->out = v;
    return 0;
}

/* An -include file as gcc finds it: from the current folder, then the -I
 * folders; its absolute path (the output may be compiled elsewhere). */
static const char *find_forced_include(const char *name, const ParseOptions *po)
{
    char real[PATH_MAX];
    if (realpath(name, real) && access(real, R_OK) == 0)
        return xstrdup(real);
    for (size_t i = 0; name[0] != '/' && i < po->ninclude_dirs; i++) {
        char *p = xformat("%s/%s", po->include_dirs[i], name);
        if (realpath(p, real) && access(real, R_OK) == 0)
            return xstrdup(real);
    }
    return NULL;
}

/* After the options: what must hold between them. */
static int check_command(CommandLine *cl)
{
    if (!cl->in)
        return usage_error("%s", "no input file");
    if (!cl->out && !cl->opts.explain)
        return usage_error("%s", "no output file: give -o OUT.cu (or -o - for standard output)");
    if (cl->out && strcmp(cl->out, "-") != 0 && strcmp(cl->in, "-") != 0 &&
        (strcmp(cl->in, cl->out) == 0 || same_file(cl->in, cl->out)))
        return usage_error("refusing to overwrite the input '%s'", cl->in);
    ParseOptions *po = &cl->opts.parse;
    for (size_t k = 0; k < po->ndefines; k++) {
        const char *d = po->defines[k];
        if (!d[0] || d[0] == '=')
            return usage_error("-D needs a macro name, got '%s'", d);
    }
    for (size_t k = 0; k < po->nundefines; k++) {
        const char *u = po->undefines[k];
        if (!u[0] || strchr(u, '='))
            return usage_error("-U needs a macro name, got '%s'", u);
    }
    for (size_t k = 0; k < po->nforced; k++) {
        const char *found = find_forced_include(po->forced[k], po);
        if (!found)
            return usage_error("-include %s: no such file (in the current folder or an -I folder)",
                               po->forced[k]);
        po->forced[k] = found;
    }
    cl->opts.out_name = !cl->out || strcmp(cl->out, "-") == 0 ? "pragreduce-output.cu" : cl->out;
    return 0;
}

/* The -std= values of gcc's C dialects (the analysis sees what the
 * program's build sees: -std=c11 hides POSIX names <stdlib.h> declares in
 * gnu17, such as struct timeval). */
static bool is_c_dialect(const char *s)
{
    static const char *const known[] = {
        "c89", "c90", "c99", "c9x", "c11", "c1x", "c17", "c18", "c2x", "gnu89", "gnu90", "gnu99",
        "gnu9x", "gnu11", "gnu1x", "gnu17", "gnu18", "gnu2x", "iso9899:1990", "iso9899:199409",
        "iso9899:1999", "iso9899:2011", "iso9899:2017", "iso9899:2018",
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (!strcmp(s, known[i]))
            return true;
    return false;
}

/* gcc's -O levels. */
static bool is_optimization(const char *a)
{
    static const char *const known[] = {"-O", "-Os", "-Oz", "-Og", "-Ofast"};
    if (a[2] >= '0' && a[2] <= '9' && strspn(a + 2, "0123456789") == strlen(a + 2))
        return true; /* -O0 .. -O3; gcc takes more as -O3 */
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (!strcmp(a, known[i]))
            return true;
    return false;
}

int cli_parse(int argc, char **argv, CommandLine *cl)
{
    *cl = (CommandLine){.opts = {.line_directives = true}};
    const char **includes = xcalloc((size_t)argc + 1, sizeof(char *));
    const char **defines = xcalloc((size_t)argc + 1, sizeof(char *));
    const char **undefines = xcalloc((size_t)argc + 1, sizeof(char *));
    const char **forced = xcalloc((size_t)argc + 1, sizeof(char *));
    const char **system_dirs = xcalloc((size_t)argc + 1, sizeof(char *));
    char *macro_order = xcalloc((size_t)argc + 1, 1);
    size_t nmacro_ops = 0;
    const char *optimize = NULL;
    size_t nsystem_dirs = 0;
    size_t nincludes = 0, ndefines = 0, nundefines = 0, nforced = 0;
    int status = 0;
    for (int i = 1; i < argc && status == 0; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            cl->help = true;
            return 0;
        } else if (!strcmp(a, "--version")) {
            cl->version = true;
            return 0;
        } else if (!strcmp(a, "--no-line")) {
            cl->opts.line_directives = false;
        } else if (!strcmp(a, "--pin-host")) {
            cl->opts.pin_host = true;
        } else if (!strcmp(a, "--runtime=library")) {
            cl->opts.runtime_library = true;
        } else if (!strcmp(a, "--runtime=embedded")) {
            cl->opts.runtime_library = false;
        } else if (!strncmp(a, "--runtime", 9)) {
            return usage_error("%s: the runtime is 'embedded' or 'library' (--runtime=library)", a);
        } else if (!strcmp(a, "--keep-invalid")) {
            cl->opts.keep_invalid = true;
        } else if (!strncmp(a, "-std=", 5)) {
            if (!is_c_dialect(a + 5))
                return usage_error("-std=%s: not a C dialect pragreduce knows (c89, c90, c99, c11, "
                                   "c17, c18, c2x, their gnu spellings, iso9899:...)",
                                   a + 5);
            cl->opts.parse.std = a + 5;
        } else if (!strcmp(a, "-ansi")) { /* gcc's -std=c90 */
            cl->opts.parse.std = "c90";
        } else if (!strcmp(a, "-fopenmp")) {
            cl->opts.parse.openmp = true;
        } else if (a[0] == '-' && a[1] == 'O') {
            if (!is_optimization(a))
                return usage_error("%s: not an optimization level (-O, -ON, -Os, -Oz, -Og, -Ofast)", a);
            optimize = strcmp(a, "-O0") ? a : NULL;
        } else if (a[0] == '-' && a[1] == 'g') {
            /* debug information: nothing the analysis sees */
        } else if (!strncmp(a, "-x", 2)) { /* -x LANG, -xLANG */
            const char *lang = a[2] ? a + 2 : i + 1 < argc ? argv[++i] : NULL;
            if (!lang)
                return usage_error("option '%s' needs an argument", a);
            if (strcmp(lang, "c") != 0)
                return usage_error("-x %s: pragreduce reads C only (-x c)", lang);
        } else if (!strcmp(a, "-fdiagnostics-color") || !strcmp(a, "-fdiagnostics-color=always")) {
            diag_set_colour(1);
        } else if (!strcmp(a, "-fdiagnostics-color=never") || !strcmp(a, "-fno-diagnostics-color")) {
            diag_set_colour(0);
        } else if (!strcmp(a, "-ftime-report")) {
            cl->time_report = true;
        } else if (!strcmp(a, "-fdiagnostics-color=auto")) {
            diag_set_colour(-1);
        } else if (!strncmp(a, "-fdiagnostics-color=", 20)) {
            return usage_error("%s: the colour is 'always', 'never' or 'auto'", a);
        } else if (!strcmp(a, "--explain")) {
            cl->opts.explain = stdout;
        } else if (!strcmp(a, "--explain=brief")) {
            cl->opts.explain = stdout;
            cl->opts.explain_brief = true;
        } else if (!strcmp(a, "--gpu") || !strcmp(a, "--arch") || !strncmp(a, "--gpu=", 6) ||
                   !strncmp(a, "--arch=", 7)) {
            status = parse_gpu(argc, argv, &i, cl);
        } else if (!strncmp(a, "--plan=", 7)) {
            cl->opts.plan_override = a + 7; /* undocumented: benchmark variants */
        } else if (!strcmp(a, "-isystem")) {
            if (i + 1 >= argc)
                return usage_error("option '%s' needs an argument", a);
            system_dirs[nsystem_dirs++] = argv[++i];
        } else if (!strcmp(a, "-o") || !strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U") ||
                   !strcmp(a, "-include")) {
            if (i + 1 >= argc)
                return usage_error("option '%s' needs an argument", a);
            const char *v = argv[++i];
            if (a[1] == 'o')
                status = set_output(cl, v);
            else if (a[1] == 'I')
                includes[nincludes++] = v;
            else if (a[1] == 'D')
                defines[ndefines++] = v, macro_order[nmacro_ops++] = 'D';
            else if (a[1] == 'U')
                undefines[nundefines++] = v, macro_order[nmacro_ops++] = 'U';
            else
                forced[nforced++] = v;
        } else if (!strncmp(a, "-I", 2)) {
            includes[nincludes++] = a + 2;
        } else if (!strncmp(a, "-D", 2)) {
            defines[ndefines++] = a + 2;
            macro_order[nmacro_ops++] = 'D';
        } else if (!strncmp(a, "-U", 2)) {
            undefines[nundefines++] = a + 2;
            macro_order[nmacro_ops++] = 'U';
        } else if (!strncmp(a, "-o", 2)) {
            status = set_output(cl, a + 2);
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else {
            if (cl->in)
                return usage_error("only one input file may be given (got '%s' too)", a);
            cl->in = a;
        }
    }
    if (status)
        return status;
    cl->opts.parse = (ParseOptions){.include_dirs = includes,
                                    .ninclude_dirs = nincludes,
                                    .system_dirs = system_dirs,
                                    .nsystem_dirs = nsystem_dirs,
                                    .defines = defines,
                                    .ndefines = ndefines,
                                    .undefines = undefines,
                                    .nundefines = nundefines,
                                    .macro_order = macro_order,
                                    .optimize = optimize,
                                    .forced = forced,
                                    .nforced = nforced,
                                    .openmp = cl->opts.parse.openmp,
                                    .std = cl->opts.parse.std};
    return check_command(cl);
}

/* ------------------------------------------------------------ a large stack */

/* The stack is reserved once (touched only as deep as the input needs)
 * and reused by later calls, which are sequential. */
bool cli_run_on_large_stack(void *(*fn)(void *), void *arg, char **guard)
{
    static char *mem;
    size_t total = PR_WORK_STACK_BYTES + PR_STACK_GUARD_BYTES;
    if (!mem) {
        char *m = mmap(NULL, total, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED)
            return false;
        if (mprotect(m, PR_STACK_GUARD_BYTES, PROT_NONE) != 0) {
            munmap(m, total);
            return false;
        }
        mem = m;
    }
    if (guard)
        *guard = mem;
    pthread_attr_t attr;
    pthread_t t;
    if (pthread_attr_init(&attr) != 0)
        return false;
    bool started = pthread_attr_setstack(&attr, mem + PR_STACK_GUARD_BYTES, PR_WORK_STACK_BYTES) == 0 &&
                   pthread_create(&t, &attr, fn, arg) == 0;
    pthread_attr_destroy(&attr);
    if (started)
        pthread_join(t, NULL);
    return started;
}

void cli_parse_on_this_thread(void)
{
    /* libclang parses on the calling thread (not its own 8 MB one) and
     * leaves SIGSEGV to us */
    setenv("LIBCLANG_NOTHREADS", "1", 1);
    setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
}
