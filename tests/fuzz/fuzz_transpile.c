/* libFuzzer target: arbitrary bytes as the input file, transpiled in
 * process. Any crash, hang, leak or sanitizer report is a bug; errors in
 * the input are expected and silenced. */
#include "pragreduce.h"

#include <stdio.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    diag_set_quiet(true);
    return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size > 64 * 1024 || memchr(data, '\0', size))
        return 0;
    ParseOptions po = {0};
    TranspileOptions opts = {.line_directives = true, .out_name = "fuzz.cu"};
    Source src;
    diag_reset();
    if (source_parse_buffer(&src, "fuzz.c", (const char *)data, size, &po))
        (void)transpile(&src, &opts);
    source_dispose(&src);
    ast_reset();
    arena_free_all();
    return 0;
}
