/*
 * cxx_names.c - C identifiers that are C++ keywords get new names.
 *
 * `int new = 0;` and `struct node *this` are valid C, but nvcc compiles
 * the output as C++. Every such identifier in the main file (declarations,
 * uses, macro bodies, the pragma itself) is renamed with a prefix no
 * identifier of the file starts with, before the file is analyzed, so the
 * copied loop bodies, the generated names and the rest of the program all
 * agree. Names C++ shares with C through standard headers (bool, true,
 * false, wchar_t, static_assert, alignof, the <iso646.h> operators, ...)
 * mean the same in both languages and are left alone; the <iso646.h>
 * spellings (`and`, `or`, ...) are renamed when the file does not include
 * that header, since C++ reads them as operators. So are names the CUDA
 * headers declare for every .cu file (`max`, `min`, `norm`, `rsqrt`,
 * `y0`, `float3`, `half`, ...) when the file declares one of them itself at file scope:
 * C++ would see a conflicting second declaration. The same for the names
 * the C headers that every output includes declare in g++'s dialect
 * (cuda_runtime.h's <stdlib.h>, <time.h>, <sys/select.h>, ...; those of the
 * runtime's <thread> and <mutex>): a program's own `struct timeval`, `time`
 * or `clock` where it did not include the header that declares them.
 * Renamed functions and variables of external linkage keep their C symbol
 * (cxx_renamed_symbols). The project's own headers get the same renames:
 * when one of them needs any, headers.c inlines them into the main text
 * before this pass.
 */
#include "pragreduce.h"

#include <stdlib.h> /* qsort, bsearch */
#include <string.h>

static const char *const cxx_only_keywords[] = {
    "catch", "class", "co_await", "co_return", "co_yield", "concept", "consteval", "constexpr",
    "constinit", "const_cast", "decltype", "delete", "dynamic_cast", "explicit", "export",
    "friend", "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private",
    "protected", "public", "reinterpret_cast", "requires", "static_cast", "template", "this",
    "throw", "try", "typeid", "typename", "using", "virtual",
};

static const char *const iso646_names[] = {
    "and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor", "xor_eq",
};

/* Declared by CUDA's headers in every .cu file (host and device): a
 * file-scope declaration of the same name in the C file would clash. */
static const char *const cuda_names[] = {
    "max", "min", "umax", "umin", "llmax", "llmin", "ullmax", "ullmin", "norm", "normf",
    "norm3d", "norm3df", "norm4d", "norm4df", "rnorm", "rnormf", "rnorm3d", "rnorm3df", "rnorm4d",
    "rnorm4df", "rhypot", "rhypotf", "rsqrt", "rsqrtf", "rcbrt", "rcbrtf", "exp10", "exp10f",
    "sincos", "sincosf", "sincospi", "sincospif", "sinpi", "sinpif", "cospi", "cospif", "erfinv",
    "erfinvf", "erfcinv", "erfcinvf", "erfcx", "erfcxf", "normcdf", "normcdff", "normcdfinv",
    "normcdfinvf", "saturate", "mul24", "umul24", "mulhi", "umulhi", "mul64hi", "umul64hi",
    "fdivide", "fdividef", "j0", "j1", "jn", "y0", "y1", "yn", "j0f", "j1f", "jnf", "y0f", "y1f",
    "ynf", "signbit", "isnan", "isinf", "isfinite",
    /* types: CUDA's vector types, and the half and bfloat16 types the
     * CUDA headers may bring in (renaming them costs nothing) */
    "char1", "char2", "char3", "char4", "uchar1", "uchar2", "uchar3", "uchar4", "short1", "short2",
    "short3", "short4", "ushort1", "ushort2", "ushort3", "ushort4", "int1", "int2", "int3", "int4",
    "uint1", "uint2", "uint3", "uint4", "long1", "long2", "long3", "long4", "ulong1", "ulong2",
    "ulong3", "ulong4", "longlong1", "longlong2", "longlong3", "longlong4", "ulonglong1",
    "ulonglong2", "ulonglong3", "ulonglong4", "float1", "float2", "float3", "float4", "double1",
    "double2", "double3", "double4", "dim3", "half", "half2", "nv_half", "nv_half2", "nv_bfloat16",
    "nv_bfloat162", "base_int_t",
};

/* The C headers that every output includes before the program's code in
 * g++'s dialect (_GNU_SOURCE): cuda_runtime.h's, which nvcc includes first
 * in every .cu file, and those the runtime's <thread>, <mutex> and
 * <atomic> bring. The runtime itself declares the rest of what it calls
 * under its own names (runtime/pragreduce/system.cuh). */
static const char output_headers_text[] =
    "#define _GNU_SOURCE 1\n"
    "#include <alloca.h>\n#include <assert.h>\n#include <ctype.h>\n#include <endian.h>\n"
    "#include <errno.h>\n#include <float.h>\n#include <limits.h>\n#include <locale.h>\n"
    "#include <math.h>\n#include <pthread.h>\n#include <sched.h>\n#include <stdarg.h>\n"
    "#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
    "#include <string.h>\n#include <strings.h>\n#include <sys/select.h>\n"
    "#include <sys/types.h>\n#include <time.h>\n#include <wchar.h>\n";

/* A name the output's headers declare, with the canonical type of a
 * function, variable or typedef (NULL for a tag, enumerator or macro: any
 * declaration of the program's own clashes with those). */
typedef struct {
    char *name, *type;
} HeaderName;

typedef struct {
    HeaderName *names; /* sorted by name */
    size_t count, cap;
} NameSet;

static char *canonical_type(CXCursor c)
{
    CXType t = clang_getCanonicalType(clang_getCursorKind(c) == CXCursor_TypedefDecl
                                          ? clang_getTypedefDeclUnderlyingType(c)
                                          : clang_getCursorType(c));
    CXString s = clang_getTypeSpelling(t);
    char *text = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    return text;
}

static bool has_type(enum CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_VarDecl || k == CXCursor_TypedefDecl;
}

/* File-scope functions, variables, types, tags, enumerators and macros. */
static enum CXChildVisitResult collect_header_name(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    NameSet *set = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool enumerators = k == CXCursor_EnumDecl;
    if (!has_type(k) && k != CXCursor_StructDecl && k != CXCursor_UnionDecl && !enumerators &&
        k != CXCursor_EnumConstantDecl && k != CXCursor_MacroDefinition)
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    const char *n = clang_getCString(name);
    if (n[0] && n[0] != '_') { /* `_`: the implementation's own, no program's */
        if (set->count == set->cap) {
            set->cap = set->cap ? 2 * set->cap : 1024;
            set->names = xrealloc(set->names, set->cap * sizeof *set->names);
        }
        set->names[set->count++] = (HeaderName){xstrdup(n), has_type(k) ? canonical_type(c) : NULL};
    }
    clang_disposeString(name);
    return enumerators ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(((const HeaderName *)a)->name, ((const HeaderName *)b)->name);
}

/* The names the output's headers declare, parsed once from this system's
 * headers (an empty set when libclang cannot read them). */
static const NameSet *output_header_names(void)
{
    static NameSet set;
    static bool done;
    if (done)
        return &set;
    done = true;
    const char *path = "/pragreduce-output-headers.c";
    const char *args[6] = {"-x", "c", "-std=gnu17"};
    int nargs = 3;
    const char *resource = clang_resource_dir();
    if (resource) {
        args[nargs++] = "-resource-dir";
        args[nargs++] = resource;
    }
    struct CXUnsavedFile file = {path, output_headers_text, sizeof output_headers_text - 1};
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    if (clang_parseTranslationUnit2(index, path, args, nargs, &file, 1,
                                    CXTranslationUnit_DetailedPreprocessingRecord |
                                        CXTranslationUnit_SkipFunctionBodies,
                                    &tu) == CXError_Success &&
        tu) {
        clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_header_name, &set);
        clang_disposeTranslationUnit(tu);
    }
    clang_disposeIndex(index);
    qsort(set.names, set.count, sizeof *set.names, compare_names);
    return &set;
}

/* Whether the program's declaration at c would be a second, different
 * declaration of a name the output's headers declare. A variable or
 * typedef of the same type (`typedef long time_t;`) is what C++ accepts; a
 * function of the same type that the file only declares is the library's
 * (left to the name-based analyses that know it); one it defines is its
 * own and renamed (g++ rejects a definition without the header's
 * noexcept). A function declared without a prototype is left to the
 * dialect rewrites. */
static bool output_headers_clash(CXCursor c, const char *name)
{
    const NameSet *set = output_header_names();
    HeaderName key = {(char *)name, NULL};
    const HeaderName *lo = set->count ? bsearch(&key, set->names, set->count, sizeof key,
                                                compare_names)
                                      : NULL;
    if (!lo)
        return false;
    while (lo > set->names && !strcmp(lo[-1].name, name))
        lo--; /* the same name as a macro and a function, a tag and a typedef, ... */
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl && clang_getCursorType(c).kind == CXType_FunctionNoProto)
        return false;
    if (k == CXCursor_FunctionDecl && !clang_Cursor_isNull(clang_getCursorDefinition(c)))
        return true;
    char *type = has_type(k) ? canonical_type(c) : NULL;
    bool clash = false;
    for (const HeaderName *h = lo; h < set->names + set->count && !strcmp(h->name, name); h++)
        clash |= !type || !h->type || strcmp(type, h->type) != 0;
    return clash; /* (type: the arena's) */
}

/* Whether the declaration at c is the program's own (its first declaration
 * not in a system header the program included). */
static bool declared_by_program(CXCursor c)
{
    CXSourceLocation first = clang_getCursorLocation(clang_getCanonicalCursor(c));
    return !clang_Location_isInSystemHeader(first);
}

static bool in_list(const char *s, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(s, list[i]) == 0)
            return true;
    return false;
}

#define IN_LIST(s, list) in_list((s), (list), sizeof(list) / sizeof(list)[0])

static bool is_cxx_only_keyword(const char *s) { return IN_LIST(s, cxx_only_keywords); }

/* A word C++ reads as a keyword or operator: renamed wherever it is a name. */
static bool is_cxx_word(const char *s, bool iso646)
{
    return is_cxx_only_keyword(s) || (!iso646 && IN_LIST(s, iso646_names));
}

/* The declarations whose names can clash with CUDA's. */
static bool is_named_decl(enum CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_VarDecl || k == CXCursor_TypedefDecl ||
           k == CXCursor_StructDecl || k == CXCursor_UnionDecl || k == CXCursor_EnumDecl ||
           k == CXCursor_EnumConstantDecl;
}

/* Whether nvcc would see a second declaration of the name c declares: one
 * of CUDA's, or one of the output's C headers that the program's own
 * declaration does not come from. */
static bool clashes_in_output(CXCursor c, const char *name)
{
    return IN_LIST(name, cuda_names) || (declared_by_program(c) && output_headers_clash(c, name));
}

/* File-scope functions, variables, types, tags and enumerators of the main
 * file named like a declaration of CUDA's or of the output's headers. */
typedef struct {
    const Source *src;
    const char **found;
    size_t nfound;
} CudaClash;

static enum CXChildVisitResult find_cuda_clash(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    CudaClash *cc = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (!is_named_decl(k) || !source_cursor_in_main(cc->src, c))
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    const char *n = clang_getCString(name);
    if (clashes_in_output(c, n) && !in_list(n, cc->found, cc->nfound)) {
        cc->found = xrealloc(cc->found, (cc->nfound + 1) * sizeof *cc->found);
        cc->found[cc->nfound++] = xstrdup(n);
    }
    clang_disposeString(name);
    /* an enum's constants are file-scope names too */
    return k == CXCursor_EnumDecl ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

static bool includes_iso646(const Source *src)
{
    for (size_t i = 0; i < src->ntokens; i++)
        if (src->tokens[i].kind == CXToken_Identifier && strcmp(src->tokens[i].text, "iso646") == 0)
            return true;
    return false;
}

/* #include <new.h> names a file, not an identifier. */
static bool names_a_file(const Source *src, size_t i)
{
    for (size_t k = i; k-- > 0;) {
        const Token *t = &src->tokens[k];
        if (memchr(src->text + t->end, '\n', src->tokens[k + 1].offset - t->end))
            return false; /* an earlier line */
        if (strcmp(t->text, "#") == 0 && k + 1 < src->ntokens) {
            const char *d = src->tokens[k + 1].text;
            return !strcmp(d, "include") || !strcmp(d, "include_next") || !strcmp(d, "import") ||
                   !strcmp(d, "line");
        }
    }
    return false;
}

/* Whether a line break (not one continued with '\\') lies between tokens k and k + 1. */
static bool line_breaks_after(const Source *src, size_t k)
{
    const char *from = src->text + src->tokens[k].end, *to = src->text + src->tokens[k + 1].offset;
    for (const char *nl = memchr(from, '\n', (size_t)(to - from)); nl;
         nl = memchr(nl + 1, '\n', (size_t)(to - nl - 1))) {
        const char *b = nl;
        if (b > from && b[-1] == '\r')
            b--;
        if (b == from || b[-1] != '\\')
            return true;
    }
    return false;
}

/* A clause name of `#pragma reduce` or `#pragma omp` (an identifier before
 * '(' at the top level of the directive), such as private(...), or
 * OpenMP's `default(private)`: part of the pragma's own language, not a C
 * identifier (g++ -fopenmp rejects `cxx_private(j)`). */
static bool is_pragma_clause(const Source *src, size_t i)
{
    bool before_paren = i + 1 < src->ntokens && strcmp(src->tokens[i + 1].text, "(") == 0;
    bool in_default = i >= 2 && strcmp(src->tokens[i - 1].text, "(") == 0 &&
                      strcmp(src->tokens[i - 2].text, "default") == 0;
    /* `reduction(max: m)`, `reduce(min: m)`: an operator, whatever the file
     * names `max` (a function of its own clashes with CUDA's) */
    bool op = i >= 2 && i + 1 < src->ntokens && strcmp(src->tokens[i + 1].text, ":") == 0 &&
              strcmp(src->tokens[i - 1].text, "(") == 0 &&
              (strcmp(src->tokens[i - 2].text, "reduction") == 0 ||
               strcmp(src->tokens[i - 2].text, "reduce") == 0);
    if (!before_paren && !in_default && !op)
        return false;
    int depth = 0;
    for (size_t k = i; k-- > 0;) {
        const Token *t = &src->tokens[k];
        if (line_breaks_after(src, k))
            return false;
        if (!strcmp(t->text, ")"))
            depth++;
        else if (!strcmp(t->text, "("))
            depth--;
        else if ((!strcmp(t->text, "reduce") || !strcmp(t->text, "omp")) && k >= 2 &&
                 !strcmp(src->tokens[k - 1].text, "pragma") && !strcmp(src->tokens[k - 2].text, "#"))
            return before_paren ? depth == 0 : (op || !strcmp(t->text, "omp")) && depth == -1;
    }
    return false;
}

static const char *unused_prefix(const Source *src)
{
    static char prefix[32];
    for (int n = 0;; n++) {
        snprintf(prefix, sizeof prefix, n ? "cxx%d_" : "cxx_", n);
        size_t len = strlen(prefix);
        bool clash = false;
        for (size_t i = 0; i < src->ntokens && !clash; i++)
            clash = src->tokens[i].kind == CXToken_Identifier &&
                    strncmp(src->tokens[i].text, prefix, len) == 0;
        if (!clash)
            return prefix;
    }
}

char *cxx_rename_keywords(const Source *src, size_t *size, const char **prefix_out)
{
    const char *prefix = NULL;
    StrBuf out = {0};
    size_t pos = 0;
    CudaClash clash = {src, NULL, 0};
    if (src->tu)
        clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_cuda_clash, &clash);
    const bool iso646 = includes_iso646(src);
    for (size_t i = 0; i < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        if (t->kind != CXToken_Identifier)
            continue;
        bool rename = is_cxx_word(t->text, iso646) || in_list(t->text, clash.found, clash.nfound);
        if (!rename || names_a_file(src, i) || is_pragma_clause(src, i))
            continue;
        if (!prefix)
            prefix = unused_prefix(src);
        strbuf_putn(&out, src->text + pos, t->offset - pos);
        strbuf_printf(&out, "%s%s", prefix, t->text);
        pos = t->end;
    }
    if (!prefix)
        return NULL;
    strbuf_putn(&out, src->text + pos, src->size - pos);
    *size = out.len;
    *prefix_out = xstrdup(prefix);
    return strbuf_steal(&out);
}

/* ------------------------------------------------- names in project headers */

static bool is_project_header(const Source *src, CXFile file)
{
    if (!file || clang_File_isEqual(file, src->file))
        return false;
    CXSourceLocation start = clang_getLocationForOffset(src->tu, file, 0);
    return !clang_Location_isInSystemHeader(start);
}

typedef struct {
    const Source *src;
    bool iso646;
    bool found;
} HeaderScan;

/* A C++ keyword (or <iso646.h> spelling) used as a name in the file. */
static bool file_uses_cxx_keyword(const Source *src, CXFile file, bool iso646)
{
    size_t size = 0;
    if (!clang_getFileContents(src->tu, file, &size) || size == 0)
        return false;
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(src->tu, file, 0),
                                       clang_getLocationForOffset(src->tu, file, (unsigned)size));
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(src->tu, all, &tokens, &n);
    bool found = false;
    for (unsigned i = 0; i < n && !found; i++) {
        if (clang_getTokenKind(tokens[i]) != CXToken_Identifier)
            continue;
        CXString s = clang_getTokenSpelling(src->tu, tokens[i]);
        const char *t = clang_getCString(s);
        found = is_cxx_word(t, iso646);
        clang_disposeString(s);
    }
    clang_disposeTokens(src->tu, tokens, n);
    return found;
}

static void scan_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    HeaderScan *scan = data;
    if (depth == 0 || scan->found || !is_project_header(scan->src, file))
        return;
    scan->found = file_uses_cxx_keyword(scan->src, file, scan->iso646);
}

/* A file-scope declaration in a project header named like one of CUDA's. */
static enum CXChildVisitResult find_header_cuda_clash(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    HeaderScan *scan = data;
    if (!is_named_decl(clang_getCursorKind(c)))
        return CXChildVisit_Continue;
    CXFile file;
    clang_getFileLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
    if (!is_project_header(scan->src, file))
        return CXChildVisit_Continue;
    CXString name = clang_getCursorSpelling(c);
    scan->found = clashes_in_output(c, clang_getCString(name));
    clang_disposeString(name);
    return scan->found                                 ? CXChildVisit_Break
           : clang_getCursorKind(c) == CXCursor_EnumDecl ? CXChildVisit_Recurse
                                                        : CXChildVisit_Continue;
}

bool cxx_headers_need_renames(const Source *src)
{
    if (!src->tu)
        return false;
    HeaderScan scan = {src, includes_iso646(src), false};
    clang_getInclusions(src->tu, scan_inclusion, &scan);
    if (!scan.found)
        clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_header_cuda_clash, &scan);
    return scan.found;
}

/* ------------------------------------------- renamed names keep their symbol */

typedef struct {
    const Source *src;
    EditList *edits;
    size_t plen;
    const char **done;
    size_t ndone;
    bool ok;
} SymbolScan;

/* `extern double cxx_norm __asm__("norm");`-style text for a variable, or
 * NULL when its type does not spell as a prefix (arrays, pointers to
 * functions). */
static char *variable_declaration(CXCursor var, const char *name)
{
    CXString t = clang_getTypeSpelling(clang_getCursorType(var));
    const char *ts = clang_getCString(t);
    char *text = strchr(ts, '[') || strchr(ts, '(') ? NULL : xformat("extern %s %s", ts, name);
    clang_disposeString(t);
    return text;
}

static enum CXChildVisitResult find_renamed_symbol(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    SymbolScan *scan = data;
    const Source *src = scan->src;
    enum CXCursorKind k = clang_getCursorKind(c);
    if ((k != CXCursor_FunctionDecl && k != CXCursor_VarDecl) ||
        clang_getCursorLinkage(c) != CXLinkage_External || !source_cursor_in_main(src, c))
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    const char *name = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    if (strncmp(name, src->rename_prefix, scan->plen) != 0 ||
        in_list(name, scan->done, scan->ndone))
        return CXChildVisit_Continue;
    unsigned start;
    CXSourceRange r = clang_getCursorExtent(c);
    if (!source_offset(src, clang_getRangeStart(r), &start) || !source_starts_line(src, start))
        return CXChildVisit_Continue;
    char *decl = k == CXCursor_FunctionDecl ? cxx_prototype_text(c, name)
                                            : variable_declaration(c, name);
    if (!decl) {
        diag_at(src, start, DIAG_ERROR,
                "'%s' is renamed for C++ (what nvcc compiles) and has external linkage, so "
                "other files would not find it; pragreduce cannot declare its C name here: "
                "rename it in the C source",
                name + scan->plen);
        scan->ok = false;
        return CXChildVisit_Continue;
    }
    edits_add(scan->edits, start, start,
              xformat("%s __asm__(\"%s\"); /* pragreduce: its C name, for the other files */\n",
                      decl, name + scan->plen));
    scan->done = xrealloc(scan->done, (scan->ndone + 1) * sizeof *scan->done);
    scan->done[scan->ndone++] = name;
    return CXChildVisit_Continue;
}

bool cxx_renamed_symbols(const Source *src, EditList *edits)
{
    if (!src->rename_prefix)
        return true;
    SymbolScan scan = {src, edits, strlen(src->rename_prefix), NULL, 0, true};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_renamed_symbol, &scan);
    return scan.ok;
}
