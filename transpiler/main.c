/*
 * main.c - the pragreduce command line.
 *
 *   pragreduce IN.c -o OUT.cu [-I DIR] [-D NAME[=VAL]] [--no-line] [--keep-invalid]
 *              [--pin-host] [--explain] [--gpu NAME]
 *
 * Exit status: 0 success, 1 errors in the input, 2 usage errors. The output
 * is written to a temporary file next to OUT and renamed into place only
 * when everything succeeded, so a failed run leaves no half-written file.
 */
#include "pragreduce.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *to)
{
    fputs("usage: pragreduce IN.c -o OUT.cu [options]\n"
          "\n"
          "Turns C loops marked '#pragma reduce(OP: VAR[, VAR...])' into CUDA.\n"
          "Operators: + * min max & | ^ && ||. Build the output with\n"
          "'nvcc -O3 -arch=sm_90 OUT.cu -o prog'.\n"
          "\n"
          "options:\n"
          "  -o FILE          write the CUDA file to FILE ('-' for standard output)\n"
          "  -I DIR           add DIR to the include search path\n"
          "  -D NAME[=VAL]    define a macro\n"
          "  --no-line        no #line directives in the output\n"
          "  --keep-invalid   report loops that are not valid reductions as warnings\n"
          "                   and leave them sequential, instead of failing\n"
          "  --pin-host       allocate the arrays that marked loops read as pinned\n"
          "                   host memory, at the program's malloc/calloc calls (copies\n"
          "                   to the GPU then run at the link's full speed)\n"
          "  --explain        describe each marked loop: accesses, cost estimates of\n"
          "                   the candidate launch plans, the choice (-o optional)\n"
          "  --gpu NAME       the GPU the plan is chosen for: H100 (default), A100,\n"
          "                   V100, L4, RTX4090; or --arch sm_90, sm_80, sm_70, sm_89\n"
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
    char *tmp = xformat("%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_plain(DIAG_ERROR, "cannot create '%s': %s", tmp, strerror(errno));
        return false;
    }
    FILE *f = fdopen(fd, "wb");
    size_t n = strlen(text);
    bool ok = f && fwrite(text, 1, n, f) == n;
    if (f)
        ok = (fclose(f) == 0) && ok;
    else
        close(fd);
    if (ok)
        (void)chmod(tmp, 0644);
    if (!ok || rename(tmp, path) != 0) {
        diag_plain(DIAG_ERROR, "cannot write '%s': %s", path, strerror(errno));
        unlink(tmp);
        return false;
    }
    return true;
}

static int run(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    TranspileOptions opts = {.line_directives = true};
    const char **includes = xcalloc((size_t)argc, sizeof(char *));
    const char **defines = xcalloc((size_t)argc, sizeof(char *));
    size_t nincludes = 0, ndefines = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("pragreduce %s\n", PRAGREDUCE_VERSION);
            return 0;
        } else if (!strcmp(a, "--no-line")) {
            opts.line_directives = false;
        } else if (!strcmp(a, "--pin-host")) {
            opts.pin_host = true;
        } else if (!strcmp(a, "--keep-invalid")) {
            opts.keep_invalid = true;
        } else if (!strcmp(a, "--explain")) {
            opts.explain = stdout;
        } else if (!strcmp(a, "--gpu") || !strcmp(a, "--arch") || !strncmp(a, "--gpu=", 6) ||
                   !strncmp(a, "--arch=", 7)) {
            const char *v = strchr(a, '=');
            if (v) {
                v++;
            } else {
                if (i + 1 >= argc)
                    return usage_error("option '%s' needs an argument", a);
                v = argv[++i];
            }
            opts.gpu = gpu_find(v);
            if (!opts.gpu)
                return usage_error("unknown GPU '%s' (known: H100, A100, V100, L4, RTX4090, "
                                   "sm_90, sm_80, sm_70, sm_89)",
                                   v);
        } else if (!strncmp(a, "--plan=", 7)) {
            opts.plan_override = a + 7; /* undocumented: benchmark variants */
        } else if (!strcmp(a, "-o") || !strcmp(a, "-I") || !strcmp(a, "-D")) {
            if (i + 1 >= argc)
                return usage_error("option '%s' needs an argument", a);
            const char *v = argv[++i];
            if (a[1] == 'o') {
                if (out)
                    return usage_error("%s", "only one -o may be given");
                out = v;
            } else if (a[1] == 'I') {
                includes[nincludes++] = v;
            } else {
                defines[ndefines++] = v;
            }
        } else if (!strncmp(a, "-I", 2)) {
            includes[nincludes++] = a + 2;
        } else if (!strncmp(a, "-D", 2)) {
            defines[ndefines++] = a + 2;
        } else if (!strncmp(a, "-o", 2)) {
            if (out)
                return usage_error("%s", "only one -o may be given");
            out = a + 2;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else {
            if (in)
                return usage_error("only one input file may be given (got '%s' too)", a);
            in = a;
        }
    }
    if (!in)
        return usage_error("%s", "no input file");
    if (!out && !opts.explain)
        return usage_error("%s", "no output file: give -o OUT.cu (or -o - for standard output)");
    if (out && strcmp(out, "-") != 0 && (strcmp(in, out) == 0 || same_file(in, out)))
        return usage_error("refusing to overwrite the input '%s'", in);
    for (size_t k = 0; k < ndefines; k++)
        if (!defines[k][0] || defines[k][0] == '=')
            return usage_error("-D needs a macro name, got '%s'", defines[k]);

    opts.parse = (ParseOptions){includes, nincludes, defines, ndefines};
    opts.out_name = !out || strcmp(out, "-") == 0 ? "pragreduce-output.cu" : out;

    Source src;
    int status = 1;
    if (source_parse(&src, in, &opts.parse)) {
        char *text = transpile(&src, &opts);
        if (text && (!out || write_output(out, text)))
            status = 0;
    }
    source_dispose(&src);
    return status;
}

int main(int argc, char **argv)
{
    int status = run(argc, argv);
    ast_reset();
    arena_free_all();
    return status;
}
