/* libFuzzer target: arbitrary bytes as the input file, transpiled in
 * process. Any crash, hang, leak or sanitizer report is a bug; errors in
 * the input are expected and silenced.
 *
 * A first line `//! OPTIONS...` is a command line (split at blanks) for
 * cli_parse: -D/-I/--explain/--pin-host/--keep-invalid/--no-line/--gpu/
 * --plan=... reach the transpiler as they would from main(). Files are
 * neither read nor written: the rest of the input is the source. */
#include "pragreduce.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    diag_set_quiet(true);
    devnull = fopen("/dev/null", "w");
    cli_parse_on_this_thread(); /* as main() does: libclang on our large stack */
    return 0;
}

/* argv from "//! a b c\n": {"pragreduce", "a", "b", "c", "fuzz.c", "-o",
 * "-"}, the output option only when no word starts with -o (the output is
 * never written: the transpiled text is dropped); the words point into
 * `line` (arena). Returns the count. */
static int split_options(char *line, char **argv, int max)
{
    int argc = 0;
    bool has_output = false;
    argv[argc++] = "pragreduce";
    for (char *w = strtok(line, " \t"); w && argc < max - 4; w = strtok(NULL, " \t")) {
        has_output |= !strncmp(w, "-o", 2);
        argv[argc++] = w;
    }
    argv[argc++] = "fuzz.c";
    if (!has_output) {
        argv[argc++] = "-o";
        argv[argc++] = "-";
    }
    return argc;
}

typedef struct {
    const char *text;
    size_t size;
} Input;

static void *transpile_input(void *data)
{
    const Input *in = data;
    const char *text = in->text;
    size_t size = in->size;
    diag_reset();
    CommandLine cl = {.opts = {.line_directives = true}};
    char *argv[64];
    int argc = 1;
    argv[0] = "pragreduce";
    if (size >= 3 && !memcmp(text, "//!", 3)) {
        const char *nl = memchr(text, '\n', size);
        size_t len = nl ? (size_t)(nl - text) : size;
        argc = split_options(xstrndup(text + 3, len - 3), argv, 64);
    } else {
        argc = split_options(xstrdup(""), argv, 64);
    }
    argv[argc] = NULL;
    if (cli_parse(argc, argv, &cl) == 0 && !cl.help && !cl.version) {
        cl.opts.out_name = "fuzz.cu";
        if (cl.opts.explain)
            cl.opts.explain = devnull;
        Source src;
        if (source_parse_buffer(&src, "fuzz.c", text, size, &cl.opts.parse))
            (void)transpile(&src, &cl.opts);
        source_dispose(&src);
    }
    ast_reset();
    arena_free_all();
    return NULL;
}

/* On the 1 GB stack main() uses: deep input is parsed as in a real run (a
 * stack overflow there is still a crash the fuzzer reports). */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size > 256 * 1024 || memchr(data, '\0', size))
        return 0;
    Input in = {(const char *)data, size};
    if (!cli_run_on_large_stack(transpile_input, &in, NULL))
        transpile_input(&in);
    return 0;
}
