/*
 * headers.c - the project's headers inlined into the main text.
 *
 * nvcc compiles the output as C++, so a project header that uses a C++
 * keyword as a name (`void report(char *class)`) or declares one of CUDA's
 * names cannot be included as it is, nor one in C89 (K&R definitions, `()`
 * declarations, implicit int, calls without a declaration). When one does
 * (cxx_headers_need_renames, cxx_headers_need_dialect), every project header the file includes -- a
 * quoted include found beside the including file or in an -I folder, a
 * <...> one found in an -I folder, and which clang read and does not count
 * as a system header -- is copied into the main text in place of its
 * #include, between #line directives, so that diagnostics, __FILE__,
 * __LINE__ and nvcc's messages still name the header. The renames and the
 * C-to-C++ rewrites then reach the header's code as they reach the main
 * file's. System headers stay includes.
 *
 * A header is inlined again at each #include, inactive #if branches
 * included, so its own guards decide as before; `#pragma once` becomes a
 * guard macro of pragreduce's around the copy. An #include of a header
 * being inlined at the time (a cycle, which only guards make valid)
 * becomes a blank line.
 */
#include "pragreduce.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* deeper than any real project; stops a cycle of unguarded headers */
#define MAX_INCLUDE_DEPTH 200

typedef struct {
    const Source *src;
    const ParseOptions *opts;
    StrBuf out;
    unsigned out_line; /* the line of `out` being written, 1-based */
    LineOrigin *origins;
    size_t norigins, cap;
    const char **open;       /* real paths of the headers being inlined */
    size_t nopen;
    bool failed;
} Inliner;

static void put(Inliner *in, const char *s, size_t n)
{
    strbuf_putn(&in->out, s, n);
    for (size_t i = 0; i < n; i++)
        in->out_line += s[i] == '\n';
}

static void add_origin(Inliner *in, const char *path, unsigned first)
{
    if (in->norigins == in->cap) {
        in->cap = in->cap ? 2 * in->cap : 16;
        in->origins = xrealloc(in->origins, in->cap * sizeof *in->origins);
    }
    in->origins[in->norigins++] = (LineOrigin){in->out_line, path, first};
}

static bool listed(const char *const *list, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i], s) == 0)
            return true;
    return false;
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

static char *join(const char *dir, const char *name)
{
    if (name[0] == '/' || !dir[0])
        return xstrdup(name);
    return xformat("%s/%s", dir, name);
}

static bool is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The path (as the user would name it) of a project header that clang read
 * for this #include, or NULL: not found, not read (an inactive #if branch),
 * or a system header. */
static char *resolve(const Inliner *in, const char *name, bool quoted, const char *includer)
{
    char *found = NULL;
    if (quoted) {
        char *dir = dir_of(includer);
        char *p = join(dir, name);
        if (is_regular_file(p))
            found = p;
    }
    for (size_t i = 0; !found && i < in->opts->ninclude_dirs; i++) {
        char *p = join(in->opts->include_dirs[i], name);
        if (is_regular_file(p))
            found = p;
    }
    if (!found)
        return NULL;
    CXFile file = clang_getFile(in->src->tu, found);
    if (!file)
        return NULL;
    CXSourceLocation start = clang_getLocationForOffset(in->src->tu, file, 0);
    return clang_Location_isInSystemHeader(start) ? NULL : found;
}

/* The header name of an `#include "x"` or `#include <x>` line; the line
 * starts outside any comment. */
static bool parse_include(const char *line, size_t len, char **name, bool *quoted)
{
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i == len || line[i] != '#')
        return false;
    i++;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (len - i < 7 || strncmp(line + i, "include", 7) != 0)
        return false;
    i += 7;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i == len || (line[i] != '"' && line[i] != '<'))
        return false;
    char close = line[i] == '"' ? '"' : '>';
    *quoted = close == '"';
    size_t start = ++i;
    while (i < len && line[i] != close)
        i++;
    if (i == len || i == start)
        return false;
    *name = xstrndup(line + start, i - start);
    return true;
}

/* `#pragma once`, alone on its line. */
static bool is_pragma_once(const char *line, size_t len)
{
    char buf[64];
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < sizeof buf; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            buf[n++] = line[i];
    buf[n] = '\0';
    return strcmp(buf, "#pragmaonce") == 0;
}

/* Whether the line ends inside a block comment, given where it starts. */
static bool ends_in_comment(const char *line, size_t len, bool in_comment)
{
    char quote = 0;
    for (size_t i = 0; i < len; i++) {
        char c = line[i];
        if (in_comment) {
            if (c == '*' && i + 1 < len && line[i + 1] == '/') {
                in_comment = false;
                i++;
            }
        } else if (quote) {
            if (c == '\\')
                i++;
            else if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '/' && i + 1 < len && line[i + 1] == '/') {
            return false;
        } else if (c == '/' && i + 1 < len && line[i + 1] == '*') {
            in_comment = true;
            i++;
        }
    }
    return in_comment;
}

/* Whether the header says `#pragma once` (outside comments). */
static bool has_pragma_once(const char *text, size_t size)
{
    bool in_comment = false;
    for (size_t at = 0; at < size;) {
        const char *nl = memchr(text + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (text + at)) : size - at;
        if (!in_comment && is_pragma_once(text + at, len))
            return true;
        in_comment = ends_in_comment(text + at, len, in_comment);
        at += len + 1;
    }
    return false;
}

/* A macro name for a header's `#pragma once`, from its real path. */
static char *once_macro(const char *real)
{
    unsigned long long h = 1469598103934665603ULL;
    for (const char *p = real; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ULL;
    return xformat("PRAGREDUCE_ONCE_%016llx", h);
}

static void inline_text(Inliner *in, const char *text, size_t size, const char *label);

/* Replaces the #include at `line` of the file `label` by the header. */
static void inline_header(Inliner *in, const char *path, const char *label, unsigned line)
{
    char real[PATH_MAX];
    if (!realpath(path, real)) {
        in->failed = true;
        return;
    }
    if (listed(in->open, in->nopen, real) || in->nopen >= MAX_INCLUDE_DEPTH) {
        put(in, "\n", 1); /* a cycle: only guards make it valid, and they stop it */
        return;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        in->failed = true;
        return;
    }
    StrBuf sb = {0};
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0 && sb.len <= PR_INPUT_LIMIT)
        strbuf_putn(&sb, buf, n);
    fclose(f);
    if (sb.len > PR_INPUT_LIMIT || (sb.len && memchr(sb.buf, '\0', sb.len))) {
        strbuf_free(&sb);
        in->failed = true;
        return;
    }
    size_t size = sb.len;
    char *text = strbuf_steal(&sb);
    if (!text)
        text = xstrdup("");
    size_t bom = utf8_bom_length(text, size); /* not in the middle of the output */
    text += bom;
    size -= bom;
    const char *kept = xstrdup(real);
    in->open = xrealloc(in->open, (in->nopen + 1) * sizeof *in->open);
    in->open[in->nopen++] = kept;

    StrBuf mark = {0};
    char *once = has_pragma_once(text, size) ? once_macro(kept) : NULL;
    if (once)
        strbuf_printf(&mark, "#ifndef %s /* its #pragma once */\n#define %s\n", once, once);
    strbuf_line_directive(&mark, 1, path);
    put(in, mark.buf, mark.len);
    strbuf_free(&mark);
    add_origin(in, xstrdup(path), 1);
    inline_text(in, text, size, path);
    if (size && text[size - 1] != '\n')
        put(in, "\n", 1);
    if (once)
        strbuf_printf(&mark, "#endif /* %s */\n", once);
    strbuf_line_directive(&mark, line + 1, label);
    put(in, mark.buf, mark.len);
    strbuf_free(&mark);
    add_origin(in, label, line + 1);

    in->nopen--;
}

/* Copies `text` (the file `label`), inlining its project includes. */
static void inline_text(Inliner *in, const char *text, size_t size, const char *label)
{
    bool in_comment = false;
    bool is_header = in->nopen > 0;
    unsigned line = 1;
    for (size_t at = 0; at < size; line++) {
        const char *nl = memchr(text + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (text + at)) : size - at;
        const char *start = text + at;
        at += len + (nl != NULL);
        char *name;
        bool quoted;
        char *path = NULL;
        if (!in_comment && parse_include(start, len, &name, &quoted))
            path = resolve(in, name, quoted, label);
        if (path) {
            inline_header(in, path, label, line);
            continue;
        }
        if (!in_comment && is_header && is_pragma_once(start, len)) {
            put(in, "\n", nl != NULL); /* the guard macro around the copy does it */
            continue;
        }
        in_comment = ends_in_comment(start, len, in_comment);
        put(in, start, len + (nl != NULL));
    }
}

char *headers_inline(const Source *src, const ParseOptions *opts, size_t *size,
                     LineOrigin **origins, size_t *norigins)
{
    Inliner in = {.src = src, .opts = opts, .out_line = 1};
    inline_text(&in, src->text, src->size, src->path);
    if (in.failed || in.out.len > PR_INPUT_LIMIT) {
        strbuf_free(&in.out);
        return NULL;
    }
    *size = in.out.len;
    *origins = in.origins;
    *norigins = in.norigins;
    return strbuf_steal(&in.out);
}

/* ------------------------------------------------ marked loops in headers */

/* Whether text has a line `#pragma reduce` (spaces allowed around '#'). */
static bool text_has_marked_loop(const char *text, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        if (i && text[i - 1] != '\n')
            continue;
        size_t k = i;
        while (k < size && (text[k] == ' ' || text[k] == '\t'))
            k++;
        if (k >= size || text[k] != '#')
            continue;
        k++;
        while (k < size && (text[k] == ' ' || text[k] == '\t'))
            k++;
        if (size - k < 6 || strncmp(text + k, "pragma", 6) != 0)
            continue;
        k += 6;
        size_t gap = k;
        while (k < size && (text[k] == ' ' || text[k] == '\t'))
            k++;
        if (k > gap && size - k >= 6 && strncmp(text + k, "reduce", 6) == 0 &&
            (size - k == 6 || !(text[k + 6] == '_' || (text[k + 6] >= 'a' && text[k + 6] <= 'z') ||
                                (text[k + 6] >= 'A' && text[k + 6] <= 'Z') ||
                                (text[k + 6] >= '0' && text[k + 6] <= '9'))))
            return true;
    }
    return false;
}

typedef struct {
    const Source *src;
    CXFile found;
} MarkedScan;

static void scan_marked(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    MarkedScan *scan = data;
    /* system headers too: a marked loop there must not go unnoticed */
    if (depth == 0 || scan->found || !file || clang_File_isEqual(file, scan->src->file))
        return;
    size_t size = 0;
    const char *text = clang_getFileContents(scan->src->tu, file, &size);
    if (text && text_has_marked_loop(text, size))
        scan->found = file;
}

char *headers_marked(const Source *src)
{
    if (!src->tu)
        return NULL;
    MarkedScan scan = {src, NULL};
    clang_getInclusions(src->tu, scan_marked, &scan);
    if (!scan.found)
        return NULL;
    CXString name = clang_getFileName(scan.found);
    char *path = xstrdup(clang_getCString(name));
    clang_disposeString(name);
    return path;
}

