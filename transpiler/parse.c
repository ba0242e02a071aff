/*
 * parse.c - owns the libclang index and translation unit of the input.
 *
 * The main file is read into memory first and handed to libclang as an
 * unsaved file, so the offsets libclang reports index exactly the bytes the
 * splicer copies. The token list of the main file (skipped #if regions
 * removed) is what pragma.c scans.
 */
#include "pragreduce.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool is_dir_with_stddef(const char *dir)
{
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/include/stddef.h", dir);
    return stat(path, &st) == 0;
}

/* <omp.h> for the analysis only: libclang's resource directory may have
 * none, and gcc's does not parse with clang. The output keeps the
 * `#include <omp.h>`, so the host compiler builds with its own. */
static const char omp_stub_text[] =
    "#ifndef PRAGREDUCE_OMP_STUB_H\n"
    "#define PRAGREDUCE_OMP_STUB_H\n"
    "typedef struct { void *pr_opaque[2]; } omp_lock_t;\n"
    "typedef struct { void *pr_opaque[2]; } omp_nest_lock_t;\n"
    "typedef enum omp_sched_t { omp_sched_static = 1, omp_sched_dynamic = 2,\n"
    "    omp_sched_guided = 3, omp_sched_auto = 4, omp_sched_monotonic = 0x80000000u } omp_sched_t;\n"
    "typedef enum omp_proc_bind_t { omp_proc_bind_false = 0, omp_proc_bind_true = 1,\n"
    "    omp_proc_bind_master = 2, omp_proc_bind_close = 3, omp_proc_bind_spread = 4 } omp_proc_bind_t;\n"
    "void omp_set_num_threads(int);\n"
    "int omp_get_num_threads(void);\n"
    "int omp_get_max_threads(void);\n"
    "int omp_get_thread_num(void);\n"
    "int omp_get_num_procs(void);\n"
    "int omp_in_parallel(void);\n"
    "void omp_set_dynamic(int);\n"
    "int omp_get_dynamic(void);\n"
    "void omp_set_nested(int);\n"
    "int omp_get_nested(void);\n"
    "int omp_get_cancellation(void);\n"
    "void omp_set_schedule(omp_sched_t, int);\n"
    "void omp_get_schedule(omp_sched_t *, int *);\n"
    "int omp_get_thread_limit(void);\n"
    "void omp_set_max_active_levels(int);\n"
    "int omp_get_max_active_levels(void);\n"
    "int omp_get_level(void);\n"
    "int omp_get_ancestor_thread_num(int);\n"
    "int omp_get_team_size(int);\n"
    "int omp_get_active_level(void);\n"
    "int omp_in_final(void);\n"
    "omp_proc_bind_t omp_get_proc_bind(void);\n"
    "int omp_get_num_places(void);\n"
    "int omp_get_default_device(void);\n"
    "void omp_set_default_device(int);\n"
    "int omp_get_num_devices(void);\n"
    "int omp_get_num_teams(void);\n"
    "int omp_get_team_num(void);\n"
    "int omp_is_initial_device(void);\n"
    "int omp_get_initial_device(void);\n"
    "int omp_get_max_task_priority(void);\n"
    "void omp_init_lock(omp_lock_t *);\n"
    "void omp_destroy_lock(omp_lock_t *);\n"
    "void omp_set_lock(omp_lock_t *);\n"
    "void omp_unset_lock(omp_lock_t *);\n"
    "int omp_test_lock(omp_lock_t *);\n"
    "void omp_init_nest_lock(omp_nest_lock_t *);\n"
    "void omp_destroy_nest_lock(omp_nest_lock_t *);\n"
    "void omp_set_nest_lock(omp_nest_lock_t *);\n"
    "void omp_unset_nest_lock(omp_nest_lock_t *);\n"
    "int omp_test_nest_lock(omp_nest_lock_t *);\n"
    "double omp_get_wtime(void);\n"
    "double omp_get_wtick(void);\n"
    "#endif\n";

struct CXUnsavedFile omp_stub_file(void)
{
    return (struct CXUnsavedFile){PR_STUB_INCLUDE_DIR "/omp.h", omp_stub_text,
                                  sizeof omp_stub_text - 1};
}

/* Looks for LIBDIR/clang/VERSION with an include/stddef.h in it. */
static char *search_clang_dir(const char *libdir)
{
    char base[4096];
    snprintf(base, sizeof base, "%s/clang", libdir);
    DIR *d = opendir(base);
    if (!d)
        return NULL;
    char *found = NULL;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char *cand = xformat("%s/%s", base, e->d_name);
        if (is_dir_with_stddef(cand) && (!found || strcmp(cand, found) > 0))
            found = cand;
    }
    closedir(d);
    return found;
}

/* libclang needs clang's resource directory (stddef.h, stdarg.h, ...).
 * In order: $PRAGREDUCE_RESOURCE_DIR, the directory found at build time,
 * then next to the libclang actually loaded. */
const char *clang_resource_dir(void)
{
    /* cached for the process, outside the arena */
    static char dir[4096];
    static bool done;
    if (done)
        return dir[0] ? dir : NULL;
    done = true;
    const char *found = NULL;
    const char *env = getenv("PRAGREDUCE_RESOURCE_DIR");
    if (env && *env && is_dir_with_stddef(env))
        found = env;
#ifdef PR_CLANG_RESOURCE_DIR
    if (!found && is_dir_with_stddef(PR_CLANG_RESOURCE_DIR))
        found = PR_CLANG_RESOURCE_DIR;
#endif
    Dl_info info;
    if (!found && dladdr((void *)clang_createIndex, &info) && info.dli_fname) {
        char *lib = xstrdup(info.dli_fname);
        char *slash = strrchr(lib, '/');
        if (slash) {
            *slash = '\0';
            found = search_clang_dir(lib);
        }
    }
    if (found)
        snprintf(dir, sizeof dir, "%s", found);
    return dir[0] ? dir : NULL;
}

static void index_lines(Source *src)
{
    size_t n = 1;
    for (size_t i = 0; i < src->size; i++)
        n += src->text[i] == '\n';
    src->line_starts = xmalloc(n * sizeof *src->line_starts);
    src->nlines = 0;
    src->line_starts[src->nlines++] = 0;
    for (size_t i = 0; i < src->size; i++)
        if (src->text[i] == '\n')
            src->line_starts[src->nlines++] = (unsigned)(i + 1);
}

/* 1-based line and byte column of an offset in the main text. */
static void text_line_col(const Source *src, unsigned offset, unsigned *line, unsigned *col)
{
    if (offset > src->size)
        offset = (unsigned)src->size;
    if (src->line_starts) {
        /* the last line starting at or before offset */
        size_t lo = 0, hi = src->nlines;
        while (hi - lo > 1) {
            size_t mid = (lo + hi) / 2;
            if (src->line_starts[mid] <= offset)
                lo = mid;
            else
                hi = mid;
        }
        *line = (unsigned)lo + 1;
        *col = offset - src->line_starts[lo] + 1;
        return;
    }
    unsigned l = 1, line_start = 0;
    for (unsigned i = 0; i < offset && i < src->size; i++) {
        if (src->text[i] == '\n') {
            l++;
            line_start = i + 1;
        }
    }
    *line = l;
    *col = offset - line_start + 1;
}

/* The origin in force at a line of the main text (NULL: the main file). */
static const LineOrigin *origin_of(const Source *src, unsigned text_line)
{
    const LineOrigin *found = NULL;
    size_t lo = 0, hi = src->norigins;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (src->origins[mid].line <= text_line) {
            found = &src->origins[mid];
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return found;
}

void source_line_col(const Source *src, unsigned offset, unsigned *line, unsigned *col)
{
    text_line_col(src, offset, line, col);
    const LineOrigin *o = origin_of(src, *line);
    if (o)
        *line = o->first + (*line - o->line);
}

const char *source_path_at(const Source *src, unsigned offset)
{
    unsigned line, col;
    text_line_col(src, offset, &line, &col);
    const LineOrigin *o = origin_of(src, line);
    return o ? o->path : src->path;
}

bool source_offset(const Source *src, CXSourceLocation loc, unsigned *offset)
{
    CXFile file;
    unsigned off;
    /* (no line and column: libclang then skips finding them, a search of
     * the file's line table for each of a big file's million cursors) */
    clang_getFileLocation(loc, &file, NULL, NULL, &off);
    if (!file || !clang_File_isEqual(file, src->file))
        return false;
    *offset = off;
    return true;
}

bool source_cursor_in_main(const Source *src, CXCursor c)
{
    /* the expansion site counts: a declaration may start with a macro */
    unsigned off;
    return source_offset(src, clang_getCursorLocation(c), &off);
}

bool source_omp_line_at(const Source *src, size_t i)
{
    return i + 2 < src->ntokens && strcmp(src->tokens[i].text, "#") == 0 &&
           source_starts_line(src, src->tokens[i].offset) &&
           strcmp(src->tokens[i + 1].text, "pragma") == 0 &&
           strcmp(src->tokens[i + 2].text, "omp") == 0;
}

bool source_has_omp_line(const Source *src, unsigned start, unsigned end, const Site *skip,
                         int nskip)
{
    for (size_t i = source_token_at(src, start); i < src->ntokens && src->tokens[i].offset < end;
         i++) {
        if (!source_omp_line_at(src, i))
            continue;
        bool owned = false;
        for (int k = 0; k < nskip && !owned; k++)
            for (int l = 0; !skip[k].rejected && l < skip[k].pragma.nomp && !owned; l++)
                /* (`omp for` counts: its threads run the code around the loop too) */
                owned = skip[k].pragma.omp[l].start == src->tokens[i].offset &&
                        !skip[k].pragma.omp[l].worksharing;
        if (!owned)
            return true;
    }
    return false;
}

bool source_continues_line(const Source *src, unsigned offset)
{
    unsigned i = offset;
    while (i > 0 && src->text[i - 1] != '\n')
        i--;
    if (i == 0)
        return false;
    i--;
    if (i > 0 && src->text[i - 1] == '\r')
        i--;
    return i > 0 && src->text[i - 1] == '\\';
}

bool source_cond_line_at(const Source *src, size_t i)
{
    static const char *const words[] = {"if",   "ifdef",    "ifndef", "elif", "elifdef",
                                         "elifndef", "else", "endif", NULL};
    if (i + 1 >= src->ntokens || strcmp(src->tokens[i].text, "#") != 0 ||
        !source_starts_line(src, src->tokens[i].offset) || source_continues_line(src, src->tokens[i].offset))
        return false;
    for (const char *const *w = words; *w; w++)
        if (strcmp(src->tokens[i + 1].text, *w) == 0)
            return true;
    return false;
}

size_t source_after_omp_lines(const Source *src, size_t i)
{
    while (source_omp_line_at(src, i) || source_cond_line_at(src, i)) {
        i++;
        while (i < src->ntokens && !(source_starts_line(src, src->tokens[i].offset) &&
                                     !source_continues_line(src, src->tokens[i].offset)))
            i++;
    }
    return i;
}

bool source_line_before(const Source *src, unsigned offset, size_t *first)
{
    size_t k = source_token_at(src, offset);
    while (k-- > 0)
        if (source_starts_line(src, src->tokens[k].offset) &&
            !source_continues_line(src, src->tokens[k].offset)) {
            *first = k;
            return true;
        }
    return false;
}

bool source_omp_line_before(const Source *src, unsigned offset)
{
    size_t k;
    return source_line_before(src, offset, &k) && source_omp_line_at(src, k);
}

bool source_starts_line(const Source *src, unsigned offset)
{
    for (unsigned i = offset; i-- > 0;) {
        char ch = src->text[i];
        if (ch == '\n')
            return true;
        if (ch != ' ' && ch != '\t' && ch != '\r' && ch != '\f' && ch != '\v')
            return false;
    }
    return true;
}

char *source_text(const Source *src, unsigned start, unsigned end)
{
    PR_ASSERT(start <= end && end <= src->size);
    return xstrndup(src->text + start, end - start);
}

/* A token's text in the arena's small chunks: a big file has millions of
 * tokens of a few bytes each, a malloc block each doubled them. */
static char *token_text(const Source *src, unsigned start, unsigned end)
{
    PR_ASSERT(start <= end && end <= src->size);
    char *text = arena_small((size_t)(end - start) + 1);
    memcpy(text, src->text + start, end - start);
    return text;
}

size_t source_token_at(const Source *src, unsigned offset)
{
    size_t lo = 0, hi = src->ntokens;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (src->tokens[mid].offset < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static bool print_clang_errors(const Source *src)
{
    bool ok = true;
    unsigned n = clang_getNumDiagnostics(src->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(src->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev >= CXDiagnostic_Error) {
            unsigned at;
            if (source_offset(src, clang_getDiagnosticLocation(d), &at)) {
                /* in the input: like every other error, with its line and a caret */
                CXString msg = clang_getDiagnosticSpelling(d);
                diag_at(src, at, DIAG_ERROR, "%s", clang_getCString(msg));
                clang_disposeString(msg);
            } else {
                /* in a header: clang's own "file:line:col: error: ..." line */
                CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                                           CXDiagnostic_DisplayColumn);
                const char *text = clang_getCString(s);
                diag_located(DIAG_ERROR, "%s", text ? text : "error: (unknown error)");
                clang_disposeString(s);
            }
            ok = false;
        }
        clang_disposeDiagnostic(d);
    }
    return ok;
}

static enum CXChildVisitResult visit_macro_expansion(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    Source *src = data;
    if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
        return CXChildVisit_Continue;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned s, e;
    if (source_offset(src, clang_getRangeStart(r), &s) &&
        source_offset(src, clang_getRangeEnd(r), &e)) {
        src->macro_ranges = xrealloc(src->macro_ranges,
                                     (src->nmacro_ranges + 1) * sizeof src->macro_ranges[0]);
        src->macro_ranges[src->nmacro_ranges][0] = s;
        src->macro_ranges[src->nmacro_ranges][1] = e > s ? e : s + 1;
        src->nmacro_ranges++;
    }
    return CXChildVisit_Continue;
}

static int compare_range(const void *a, const void *b)
{
    const unsigned *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* The first expansion (macro_ranges is sorted by start) that starts at or
 * after `offset`. */
static size_t first_macro_from(const Source *src, unsigned offset)
{
    size_t lo = 0, hi = src->nmacro_ranges;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (src->macro_ranges[mid][0] < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool source_in_macro(const Source *src, unsigned start, unsigned end)
{
    /* the range is exactly one macro expansion: an expression that came
     * from the macro's body shares its invocation's range */
    size_t lo = first_macro_from(src, start);
    for (size_t i = lo; i < src->nmacro_ranges && src->macro_ranges[i][0] == start; i++)
        if (src->macro_ranges[i][1] == end)
            return true;
    return false;
}

bool source_inside_macro(const Source *src, unsigned offset)
{
    /* the last expansion starting before the offset; an earlier one that
     * ends after it holds it too */
    size_t lo = first_macro_from(src, offset);
    return lo > 0 && src->macro_max_end && src->macro_max_end[lo - 1] > offset;
}

/* An expansion that starts at `offset` or holds it. */
static bool covered_by_macro(const Source *src, unsigned offset)
{
    size_t lo = first_macro_from(src, offset);
    return (lo < src->nmacro_ranges && src->macro_ranges[lo][0] == offset) ||
           source_inside_macro(src, offset);
}

bool source_text_whole(const Source *src, unsigned start, unsigned end)
{
    /* an expansion not strictly inside covers the first or the last byte */
    return end > start && !covered_by_macro(src, start) && !covered_by_macro(src, end - 1);
}

bool source_macro_span(const Source *src, unsigned offset, unsigned *start, unsigned *end)
{
    /* the first expansion (by start) whose range still reaches past the
     * offset: expansions nest or are disjoint, so it is the outermost */
    size_t lo = 0, hi = src->nmacro_ranges;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (src->macro_max_end[mid] <= offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo >= src->nmacro_ranges || src->macro_ranges[lo][0] >= offset)
        return false;
    *start = src->macro_ranges[lo][0];
    *end = src->macro_ranges[lo][1];
    return true;
}

/* The main file's skipped ranges (`#if 0` ...), [start, end), sorted by
 * start, each end raised to the largest so far (max_end): a token is in one
 * when the last that starts at or before it ends after it. Looked up by a
 * search, not a scan of all of them for each token (and libclang asked
 * once for their offsets, not once a token). */
typedef struct {
    unsigned start, end, max_end;
} SkippedRange;

static int compare_skipped(const void *a, const void *b)
{
    const SkippedRange *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

static SkippedRange *skipped_ranges(const Source *src, size_t *count)
{
    CXSourceRangeList *list = clang_getSkippedRanges(src->tu, src->file);
    size_t n = 0;
    SkippedRange *out = plain_realloc(NULL, ((list ? list->count : 0) + 1) * sizeof *out);
    for (unsigned k = 0; list && k < list->count; k++) {
        unsigned ks, ke;
        if (source_offset(src, clang_getRangeStart(list->ranges[k]), &ks) &&
            source_offset(src, clang_getRangeEnd(list->ranges[k]), &ke))
            out[n++] = (SkippedRange){ks, ke, ke};
    }
    if (list)
        clang_disposeSourceRangeList(list);
    qsort(out, n, sizeof *out, compare_skipped);
    for (size_t k = 1; k < n; k++)
        if (out[k].max_end < out[k - 1].max_end)
            out[k].max_end = out[k - 1].max_end;
    *count = n;
    return out;
}

static bool in_skipped_range(const SkippedRange *r, size_t n, unsigned at)
{
    size_t lo = 0, hi = n; /* the first range starting after `at` */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r[mid].start <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && r[lo - 1].max_end > at;
}

static void collect_tokens(Source *src)
{
    CXSourceLocation begin = clang_getLocationForOffset(src->tu, src->file, 0);
    CXSourceLocation end = clang_getLocationForOffset(src->tu, src->file, (unsigned)src->size);
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(src->tu, clang_getRange(begin, end), &toks, &n);

    size_t nskipped;
    SkippedRange *skipped = skipped_ranges(src, &nskipped);
    src->tokens = xcalloc(n ? n : 1, sizeof(Token));
    src->ntokens = 0;
    for (unsigned i = 0; i < n; i++) {
        CXTokenKind kind = clang_getTokenKind(toks[i]);
        if (kind == CXToken_Comment)
            continue;
        CXSourceRange r = clang_getTokenExtent(src->tu, toks[i]);
        unsigned s, e;
        if (!source_offset(src, clang_getRangeStart(r), &s) ||
            !source_offset(src, clang_getRangeEnd(r), &e))
            continue;
        if (in_skipped_range(skipped, nskipped, s))
            continue;
        Token *t = &src->tokens[src->ntokens++];
        t->kind = kind;
        t->offset = s;
        t->end = e;
        t->text = token_text(src, s, e);
    }
    free(skipped);
    clang_disposeTokens(src->tu, toks, n);
}

/* ------------------------------------------------------------ nesting */

/* libclang answers the location of an expression by walking down to its
 * first token, so every walk over a tree nested N deep costs N^2 (a 1 MB
 * `a+a+...+a` takes minutes) and deep recursion exhausts stacks. Deeper
 * trees are refused with a message. */
typedef struct {
    int depth;
    CXCursor deepest;
    bool too_deep;
} DepthWalk;

static enum CXChildVisitResult measure_depth(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    DepthWalk *w = data;
    if (w->depth >= PR_MAX_NESTING) {
        w->too_deep = true;
        w->deepest = c;
        return CXChildVisit_Break;
    }
    w->depth++;
    clang_visitChildren(c, measure_depth, w);
    w->depth--;
    return w->too_deep ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool check_nesting_depth(const Source *src)
{
    DepthWalk w = {0};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), measure_depth, &w);
    if (!w.too_deep)
        return true;
    unsigned at;
    if (source_offset(src, clang_getCursorLocation(w.deepest), &at))
        diag_at(src, at, DIAG_ERROR,
                "the syntax tree is nested more than %d levels deep here (a very long "
                "expression?); pragreduce does not go deeper: split it",
                PR_MAX_NESTING);
    else
        diag_plain(DIAG_ERROR,
                   "%s: the syntax tree is nested more than %d levels deep (in an included "
                   "file); pragreduce does not go deeper",
                   src->path, PR_MAX_NESTING);
    return false;
}

/* Parses `text` as the main file. The first stage inlines project headers
 * that need renames (headers.c) and parses again; the renames of C++
 * keywords and CUDA's names (cxx_names.c) parse again too. */
static bool parse_stage(Source *src, const char *path, const char *text, size_t size,
                        const ParseOptions *opts, LineOrigin *origins, size_t norigins,
                        bool headers_done)
{
    memset(src, 0, sizeof *src);
    src->origins = origins;
    src->norigins = norigins;
    src->path = path;
    src->text = xstrndup(text, size);
    src->size = size;
    index_lines(src);

    const char *resource = clang_resource_dir();
    size_t nargs = 0;
    const char **args = xcalloc(26 + 2 * (opts->ninclude_dirs + opts->nsystem_dirs + opts->ndefines +
                                          opts->nundefines + opts->nforced),
                                sizeof(char *));
    args[nargs++] = "-x";
    args[nargs++] = "c";
    /* the program's dialect (gcc's default unless -std=): in gnu17
     * <stdlib.h> declares struct timeval, in c11 it leaves it to the program */
    args[nargs++] = xformat("-std=%s", opts->std ? opts->std : "gnu17");
    /* clang stops after the errors we would print (diag.c's limit) */
    args[nargs++] = "-ferror-limit=" PR_STRINGIFY(PR_ERROR_LIMIT);
    args[nargs++] = "-Wno-unknown-pragmas";
    /* C89 habits gcc accepts with a warning (cxx_dialect.c spells them out) */
    args[nargs++] = "-Wno-error=implicit-int";
    args[nargs++] = "-Wno-error=implicit-function-declaration";
    /* ... and which C89 allows without one: cxx_dialect.c needs the warning */
    args[nargs++] = "-Wimplicit-int";
    args[nargs++] = "-Wimplicit-function-declaration";
    if (resource) {
        args[nargs++] = "-resource-dir";
        args[nargs++] = resource;
    }
    for (size_t i = 0; i < opts->ninclude_dirs; i++)
        args[nargs++] = xformat("-I%s", opts->include_dirs[i]);
    for (size_t i = 0; i < opts->nsystem_dirs; i++) {
        args[nargs++] = "-isystem";
        args[nargs++] = opts->system_dirs[i];
    }
    /* what the build's flags define first (gcc's built-in macros), then
     * -D and -U in their order */
    if (opts->openmp)
        args[nargs++] = "-D_OPENMP=" PR_OPENMP_VERSION;
    if (opts->optimize)
        args[nargs++] = opts->optimize;
    for (size_t i = 0, d = 0, u = 0; i < opts->ndefines + opts->nundefines; i++) {
        bool define = opts->macro_order ? opts->macro_order[i] == 'D' : d < opts->ndefines;
        args[nargs++] = define ? xformat("-D%s", opts->defines[d++]) : xformat("-U%s", opts->undefines[u++]);
    }
    /* searched last: an omp.h of the user's -I directories wins */
    args[nargs++] = "-idirafter";
    args[nargs++] = PR_STUB_INCLUDE_DIR;
    for (size_t i = 0; i < opts->nforced; i++) {
        args[nargs++] = "-include";
        args[nargs++] = opts->forced[i];
    }

    struct CXUnsavedFile unsaved[2] = {
        {path, src->text, (unsigned long)size},
        omp_stub_file(),
    };
    src->index = clang_createIndex(0, 0);
    enum CXErrorCode err = clang_parseTranslationUnit2(
        src->index, path, args, (int)nargs, unsaved, 2,
        CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing, &src->tu);
    if (err != CXError_Success || !src->tu) {
        diag_plain(DIAG_ERROR, "%s: libclang could not parse the file (CXErrorCode %d)", path,
                   (int)err);
        return false;
    }
    src->file = clang_getFile(src->tu, path);
    if (!src->file) {
        diag_plain(DIAG_ERROR, "%s: libclang lost the main file", path);
        return false;
    }
    if (!print_clang_errors(src) || !check_nesting_depth(src))
        return false;
    collect_tokens(src);
    /* project headers the renames or C89 rewrites must reach, or with
     * marked loops of their own (a static inline helper's): parse them
     * inlined, so that those loops are the file's */
    char *marked_header = headers_done ? NULL : headers_marked(src);
    if (!headers_done && (marked_header || cxx_headers_need_renames(src) || cxx_headers_need_dialect(src))) {
        size_t merged_size, nmerged_origins;
        LineOrigin *merged_origins;
        char *merged = headers_inline(src, opts, &merged_size, &merged_origins, &nmerged_origins);
        if (merged) {
            source_dispose(src);
            return parse_stage(src, path, merged, merged_size, opts, merged_origins,
                               nmerged_origins, true);
        }
    }
    /* a marked header left an include (not one of the project's folders):
     * its loops would stay sequential without a word */
    char *still = headers_marked(src);
    if (still) {
        diag_plain(DIAG_ERROR,
                   "%s: the header '%s' has a '#pragma reduce' loop, and pragreduce transpiles a "
                   "header's loops only in a header of the project (found beside the file or in an "
                   "-I folder, not a system one): give its folder with -I, or move the loop into "
                   "a .c file",
                   path, still);
        return false;
    }
    /* C++ keywords used as identifiers: parse the renamed text instead */
    size_t renamed_size;
    const char *prefix;
    char *renamed = cxx_rename_keywords(src, &renamed_size, &prefix);
    if (renamed) {
        LineOrigin *kept = src->origins;
        size_t nkept = src->norigins;
        source_dispose(src);
        bool ok = parse_stage(src, path, renamed, renamed_size, opts, kept, nkept, true);
        src->rename_prefix = prefix;
        return ok;
    }
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_macro_expansion, src);
    source_find_pragma_operators(src);
    if (src->nmacro_ranges > 1)
        qsort(src->macro_ranges, src->nmacro_ranges, sizeof src->macro_ranges[0], compare_range);
    /* the furthest end of the expansions up to each one (source_inside_macro) */
    src->macro_max_end = xcalloc(src->nmacro_ranges ? src->nmacro_ranges : 1, sizeof(unsigned));
    for (size_t i = 0; i < src->nmacro_ranges; i++) {
        unsigned e = src->macro_ranges[i][1];
        src->macro_max_end[i] = i && src->macro_max_end[i - 1] > e ? src->macro_max_end[i - 1] : e;
    }
    /* element accumulators: parse the text with their scalars instead */
    size_t elem_size;
    ElementInfo *elements = NULL;
    char *rewritten = element_rewrite(src, &elem_size, &elements);
    if (rewritten) {
        LineOrigin *kept = src->origins;
        size_t nkept = src->norigins;
        source_dispose(src);
        /* variables met in the old translation unit (element.c's trees of
         * macro expansions) must not stand for the new one's */
        ast_reset();
        bool ok = parse_stage(src, path, rewritten, elem_size, opts, kept, nkept, true);
        src->elements = elements;
        return ok;
    }
    src->elements = elements;
    return true;
}

bool source_parse_buffer(Source *src, const char *path, const char *text, size_t size,
                         const ParseOptions *opts)
{
    ast_reset(); /* trees and variables of an earlier unit name none of this one's cursors */
    return parse_stage(src, path, text, size, opts, NULL, 0, false);
}

/* Reads at most PR_INPUT_LIMIT + 1 bytes of f: an input over the limit (a
 * huge file, /dev/zero, an endless pipe) is refused without reading it all. */
static bool read_bounded(FILE *f, const char *path, StrBuf *sb)
{
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > PR_INPUT_LIMIT) {
        diag_plain(DIAG_ERROR, "'%s' is %lld bytes; inputs over %d MB are refused", path,
                   (long long)st.st_size, PR_INPUT_LIMIT >> 20);
        return false;
    }
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        strbuf_putn(sb, buf, n);
        if (sb->len > PR_INPUT_LIMIT) {
            diag_plain(DIAG_ERROR, "'%s': more than %d MB read; inputs over %d MB are refused",
                       path, PR_INPUT_LIMIT >> 20, PR_INPUT_LIMIT >> 20);
            return false;
        }
    }
    if (ferror(f)) {
        diag_plain(DIAG_ERROR, "cannot read '%s': %s", path, strerror(errno));
        return false;
    }
    return true;
}

size_t utf8_bom_length(const char *text, size_t size)
{
    return size >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

bool source_parse(Source *src, const char *path, const ParseOptions *opts)
{
    memset(src, 0, sizeof *src);
    /* '-': standard input, named as gcc names it */
    bool from_stdin = !strcmp(path, "-");
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (from_stdin)
        path = "<stdin>";
    if (!f) {
        diag_plain(DIAG_ERROR, "cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    StrBuf sb = {0};
    bool read_ok = read_bounded(f, path, &sb);
    if (!from_stdin)
        fclose(f);
    if (!read_ok) {
        strbuf_free(&sb);
        return false;
    }
    size_t size = sb.len;
    if (memchr(sb.buf ? sb.buf : "", '\0', size)) {
        strbuf_free(&sb);
        diag_plain(DIAG_ERROR, "%s: the file contains NUL bytes; is it a C source file?", path);
        return false;
    }
    char *text = strbuf_steal(&sb);
    /* a UTF-8 byte-order mark is dropped, not copied into the middle of
     * the output after the runtime; columns on line 1 count from the first
     * character after it, as gcc counts them */
    size_t bom = utf8_bom_length(text ? text : "", size);
    return source_parse_buffer(src, path, text + bom, size - bom, opts);
}

void source_dispose(Source *src)
{
    if (src->tu)
        clang_disposeTranslationUnit(src->tu);
    if (src->index)
        clang_disposeIndex(src->index);
    src->tu = NULL;
    src->index = NULL;
}
