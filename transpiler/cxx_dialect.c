/*
 * cxx_dialect.c - old C that gcc still accepts, written out as C++.
 *
 * Benchmark codes are full of C89 habits gcc takes with a warning: implicit
 * `int` (`static count;`, `main(argc, argv)`), calls to functions declared
 * nowhere before the call, and K&R definitions (`f(a, n) int *a; {`).
 * libclang is told to accept them as gcc does (parse.c), and the C++ output
 * gets each spelled out:
 *  - implicit int: `int ` where the type is missing (clang's diagnostic
 *    says where);
 *  - an undeclared function: a declaration before the top-level
 *    declaration of its first call: the prototype of its later definition
 *    in the file when there is one; for a library function (`strcmp`,
 *    `clock`, `omp_get_num_threads`) its header, read before the program
 *    (the output's own headers may declare it already, and a second
 *    declaration would clash with theirs: cxx_library.c); else
 *    `int f(...)`, which in C++ passes arguments with C's default
 *    promotions, as C's implicit declaration does;
 *  - K&R definitions: the parameters' types moved into the parentheses
 *    (line breaks kept). A parameter C passes promoted (float as double,
 *    char and short as int) takes the promoted type under another name and
 *    is declared under its own at the body's start, converted as C does.
 */
#include "pragreduce.h"

#include <limits.h>
#include <string.h>

/* clang's diagnostics of a warning group that points into the main file. */
typedef void (*DiagVisit)(const Source *src, unsigned at, CXDiagnostic d, void *data);

static void each_diagnostic(const Source *src, const char *option, DiagVisit visit, void *data)
{
    unsigned n = clang_getNumDiagnostics(src->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(src->tu, i);
        CXString opt = clang_getDiagnosticOption(d, NULL);
        unsigned at;
        if (strcmp(clang_getCString(opt), option) == 0 &&
            source_offset(src, clang_getDiagnosticLocation(d), &at))
            visit(src, at, d, data);
        clang_disposeString(opt);
        clang_disposeDiagnostic(d);
    }
}

/* ------------------------------------------------------------ implicit int */

static void add_int(const Source *src, unsigned at, CXDiagnostic d, void *data)
{
    CXString s = clang_getDiagnosticSpelling(d);
    /* K&R parameters get their type from the K&R rewrite below */
    bool missing_type = strstr(clang_getCString(s), "type specifier missing") != NULL;
    clang_disposeString(s);
    if (missing_type && !source_in_macro(src, at, at + 1))
        edits_add(data, at, at, xstrdup("int "));
}

/* ---------------------------------------------------- undeclared functions */

typedef struct {
    const char *name;
    CXCursor definition; /* a prototyped definition or declaration, or null */
} FindFunction;

static enum CXChildVisitResult find_function(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    FindFunction *f = data;
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    bool same = strcmp(clang_getCString(s), f->name) == 0;
    clang_disposeString(s);
    /* its definition (K&R ones get a prototype below), else a prototype */
    if (same && (clang_isCursorDefinition(c) ||
                 (clang_getCursorType(c).kind == CXType_FunctionProto &&
                  !clang_isCursorDefinition(f->definition))))
        f->definition = c;
    return CXChildVisit_Continue;
}

/* `int f(int, double *)` from a definition or a prototype, or NULL when
 * its result type does not spell as a prefix (a function pointer). */
char *cxx_prototype_text(CXCursor fn, const char *name)
{
    CXType t = clang_getCursorType(fn);
    CXString r = clang_getTypeSpelling(clang_getResultType(t));
    StrBuf sb = {0};
    bool plain = !strchr(clang_getCString(r), '(') && !strchr(clang_getCString(r), '[');
    strbuf_printf(&sb, "%s %s(", clang_getCString(r), name);
    clang_disposeString(r);
    /* the parameters' types: a K&R definition has no prototype type */
    int n = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < n; i++) {
        CXCursor arg = clang_Cursor_getArgument(fn, (unsigned)i);
        CXString a = clang_getTypeSpelling(clang_getCursorType(arg));
        strbuf_printf(&sb, "%s%s", i ? ", " : "", clang_getCString(a));
        clang_disposeString(a);
    }
    if (t.kind == CXType_FunctionProto && clang_isFunctionTypeVariadic(t))
        strbuf_puts(&sb, n ? ", ..." : "...");
    else if (n == 0)
        strbuf_puts(&sb, "void");
    strbuf_puts(&sb, ")");
    if (!plain) {
        strbuf_free(&sb);
        return NULL;
    }
    return strbuf_steal(&sb);
}

typedef struct {
    EditList *edits;
    StrBuf *includes;
    const char **declared; /* names declared already */
    size_t ndeclared;
    bool ok;
} Undeclared;

/* The start of the top-level declaration holding `at`. */
static bool top_level_start(const Source *src, unsigned at, unsigned *start)
{
    CXCursor c = clang_getCursor(src->tu, clang_getLocationForOffset(src->tu, src->file, at));
    CXCursor tu = clang_getTranslationUnitCursor(src->tu);
    while (!clang_Cursor_isNull(c) && !clang_equalCursors(clang_getCursorSemanticParent(c), tu)) {
        CXCursor p = clang_getCursorSemanticParent(c);
        if (clang_Cursor_isNull(p) || clang_isInvalid(clang_getCursorKind(p)))
            return false;
        c = p;
    }
    unsigned end;
    CXSourceRange r = clang_getCursorExtent(c);
    return source_offset(src, clang_getRangeStart(r), start) &&
           source_offset(src, clang_getRangeEnd(r), &end) && source_starts_line(src, *start);
}

static void declare_function(const Source *src, unsigned at, CXDiagnostic d, void *data)
{
    Undeclared *u = data;
    size_t tok = source_token_at(src, at);
    if (tok >= src->ntokens || src->tokens[tok].offset != at)
        return;
    const char *name = src->tokens[tok].text;
    for (size_t i = 0; i < u->ndeclared; i++)
        if (strcmp(u->declared[i], name) == 0)
            return;
    (void)d;
    unsigned start;
    if (!top_level_start(src, at, &start)) {
        diag_at(src, at, DIAG_ERROR,
                "'%s' is called without a declaration (C's implicit declaration), which C++ "
                "(what nvcc compiles) does not allow, and pragreduce could not place one: "
                "declare it before this function",
                name);
        u->ok = false;
        return;
    }
    u->declared = xrealloc(u->declared, (u->ndeclared + 1) * sizeof *u->declared);
    u->declared[u->ndeclared++] = name;
    FindFunction f = {name, clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_function, &f);
    const char *header = clang_Cursor_isNull(f.definition) ? cxx_library_header(name) : NULL;
    if (header) {
        strbuf_printf(u->includes,
                      "#include <%s> /* pragreduce: declares %s, called without a declaration "
                      "*/\n",
                      header, name);
        return;
    }
    char *decl = NULL;
    if (!clang_Cursor_isNull(f.definition))
        decl = cxx_prototype_text(f.definition, name);
    else
        decl = xformat("int %s(...)", name);
    if (!decl) {
        diag_at(src, at, DIAG_ERROR,
                "'%s' is called before any declaration (C's implicit declaration), which C++ "
                "(what nvcc compiles) does not allow: declare it before this function",
                name);
        u->ok = false;
        return;
    }
    edits_add(u->edits, start, start,
              xformat("%s; /* pragreduce: C declares it implicitly at its first call */\n", decl));
}

static void match_location(const Source *src, unsigned at, CXDiagnostic d, void *data)
{
    (void)src, (void)d;
    unsigned *want = data;
    if (at == *want)
        *want = UINT_MAX;
}

bool cxx_implicitly_declared(const Source *src, CXCursor fn)
{
    unsigned at;
    if (!source_offset(src, clang_getCursorLocation(fn), &at))
        return false;
    each_diagnostic(src, "-Wimplicit-function-declaration", match_location, &at);
    return at == UINT_MAX;
}

/* --------------------------------------------------------------------- K&R */

/* `T name` for a parameter, or NULL when the type does not spell that way. */
static char *parameter_text(CXCursor parm)
{
    CXString t = clang_getTypeSpelling(clang_getCursorType(parm));
    CXString n = clang_getCursorSpelling(parm);
    const char *ts = clang_getCString(t), *ns = clang_getCString(n);
    char *text = NULL;
    const char *fp = strstr(ts, "(*)");
    if (fp)
        text = xformat("%.*s(*%s)%s", (int)(fp - ts), ts, ns, fp + 3);
    else if (!strchr(ts, '(') && !strchr(ts, '['))
        text = xformat("%s%s%s", ts, ts[strlen(ts) - 1] == '*' ? "" : " ", ns);
    clang_disposeString(t);
    clang_disposeString(n);
    return text;
}

/* Whether C passes a K&R parameter of this type as another (its default
 * promotion: float as double, the integer types below int as int); the
 * function's type, as clang gives it, says which: a prototype before the
 * definition decides instead (GNU C: `float f(float);` then `float f(x)
 * float x; {` takes a float). */
static bool knr_promoted(CXType declared, CXType passed)
{
    switch (clang_getCanonicalType(declared).kind) {
    case CXType_Float:
    case CXType_Bool:
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_SChar:
    case CXType_UChar:
    case CXType_Short:
    case CXType_UShort:
        break;
    default:
        return false;
    }
    CXType p = clang_getCanonicalType(passed);
    return p.kind != CXType_Invalid &&
           !clang_equalTypes(clang_getUnqualifiedType(clang_getCanonicalType(declared)), p);
}

/* The name of a promoted parameter: one no identifier of the file has. */
static char *promoted_name(const Source *src, const char *name)
{
    for (int n = 0;; n++) {
        char *cand = n ? xformat("pr_knr%d_%s", n, name) : xformat("pr_knr_%s", name);
        bool clash = false;
        for (size_t i = 0; i < src->ntokens && !clash; i++)
            clash = src->tokens[i].kind == CXToken_Identifier && strcmp(src->tokens[i].text, cand) == 0;
        if (!clash)
            return cand;
    }
}

/* `(T a, U b)` from a K&R definition's parameters (undeclared ones are
 * int), or NULL: after an error at `at` when `report`. A parameter C
 * passes promoted (knr_promoted) takes the promoted type under a name of
 * pragreduce's, and `entry` gets its declaration under its own name with
 * the value converted, as C converts it on entry (`float squash(double
 * pr_knr_x) { float x = (float)pr_knr_x;`): callers, here or compiled as C
 * in another file, pass what C passes, and the body sees the parameter's
 * own type (`sizeof x`, `&x`). */
static char *knr_parameters(const Source *src, CXCursor fn, unsigned at, bool report,
                            StrBuf *entry)
{
    StrBuf sb = {0};
    strbuf_puts(&sb, "(");
    int n = clang_Cursor_getNumArguments(fn);
    CXType fn_type = clang_getCursorType(fn);
    bool proto = fn_type.kind == CXType_FunctionProto && clang_getNumArgTypes(fn_type) == n;
    for (int i = 0; i < n; i++) {
        CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
        CXType declared = clang_getCursorType(p);
        enum CXTypeKind k = clang_getCanonicalType(declared).kind;
        /* (a float whose passed type clang does not give: refused too) */
        bool unknown = k == CXType_Float && !proto;
        bool half = k == CXType_Half || k == CXType_Float16 || unknown;
        bool promoted =
            !half && proto && knr_promoted(declared, clang_getArgType(fn_type, (unsigned)i));
        char *text = parameter_text(p);
        if ((half || !text) && !report) {
            strbuf_free(&sb);
            return NULL;
        }
        if (half || !text) {
            CXString name = clang_getCursorSpelling(p);
            diag_at(src, at, DIAG_ERROR,
                    unknown ? "the K&R definition's parameter '%s' is a float, and pragreduce "
                              "cannot tell what its callers pass: write a prototype"
                    : half  ? "the K&R definition's parameter '%s' is a half-precision float: "
                              "pragreduce cannot pass it as C does; write a prototype"
                         : "the K&R definition's parameter '%s' has a type pragreduce cannot "
                           "move into a prototype: write the prototype",
                    clang_getCString(name));
            clang_disposeString(name);
            strbuf_free(&sb);
            return NULL;
        }
        if (promoted) {
            CXString name = clang_getCursorSpelling(p);
            CXString passed = clang_getTypeSpelling(clang_getArgType(fn_type, (unsigned)i));
            CXString own = clang_getTypeSpelling(declared);
            char *pname = promoted_name(src, clang_getCString(name));
            strbuf_printf(&sb, "%s%s %s", i ? ", " : "", clang_getCString(passed), pname);
            if (entry)
                strbuf_printf(entry, " %s = (%s)%s;", text, clang_getCString(own), pname);
            clang_disposeString(name);
            clang_disposeString(passed);
            clang_disposeString(own);
            continue;
        }
        strbuf_printf(&sb, "%s%s", i ? ", " : "", text);
    }
    strbuf_puts(&sb, ")");
    return strbuf_steal(&sb);
}

bool cxx_knr_identifier_list(const Source *src, CXCursor fn, size_t open_tok)
{
    int n = clang_Cursor_getNumArguments(fn);
    size_t t = open_tok + 1;
    for (int i = 0; i < n; i++, t += 2) {
        if (t + 1 >= src->ntokens || src->tokens[t].kind != CXToken_Identifier)
            return false;
        CXString name = clang_getCursorSpelling(clang_Cursor_getArgument(fn, (unsigned)i));
        bool same = strcmp(clang_getCString(name), src->tokens[t].text) == 0;
        clang_disposeString(name);
        if (!same || strcmp(src->tokens[t + 1].text, i + 1 < n ? "," : ")") != 0)
            return false;
    }
    return n > 0;
}

char *cxx_knr_prototype_parameters(const Source *src, CXCursor def)
{
    unsigned at;
    if (!source_offset(src, clang_getCursorLocation(def), &at))
        return NULL;
    size_t name_tok = source_token_at(src, at);
    if (name_tok + 1 >= src->ntokens || src->tokens[name_tok].offset != at ||
        strcmp(src->tokens[name_tok + 1].text, "(") != 0 ||
        !cxx_knr_identifier_list(src, def, name_tok + 1))
        return NULL;
    /* its rewrite reports what cannot be moved */
    return knr_parameters(src, def, src->tokens[name_tok + 1].offset, false, NULL);
}

bool cxx_knr_rewrite(const Source *src, CXCursor fn, unsigned open, unsigned body, EditList *edits)
{
    StrBuf entry = {0};
    char *params = knr_parameters(src, fn, open, true, &entry);
    if (!params)
        return false;
    /* the promoted parameters' own declarations, after the body's `{`
     * (the copies of the function for the GPU take this edit too) */
    if (entry.len)
        edits_add(edits, body + 1, body + 1, strbuf_steal(&entry));
    StrBuf sb = {0};
    strbuf_puts(&sb, params);
    /* the declarations' line breaks stay: the lines below keep their numbers */
    for (unsigned i = open; i < body; i++)
        if (src->text[i] == '\n')
            strbuf_puts(&sb, "\n");
    strbuf_puts(&sb, " ");
    edits_add(edits, open, body, strbuf_steal(&sb));
    return true;
}

/* ---------------------------------------------------------- in project headers */

static bool in_project_header(const Source *src, CXSourceLocation loc)
{
    CXFile file;
    clang_getFileLocation(loc, &file, NULL, NULL, NULL);
    return file && !clang_File_isEqual(file, src->file) && !clang_Location_isInSystemHeader(loc);
}

/* A K&R definition, `f(a, n) int *a; {` or `f(a, n) {`, from its tokens. */
static bool knr_tokens(CXTranslationUnit tu, CXCursor fn)
{
    CXToken *tokens;
    unsigned n;
    clang_tokenize(tu, clang_getCursorExtent(fn), &tokens, &n);
    CXString name = clang_getCursorSpelling(fn);
    unsigned i = 0;
    for (; i + 1 < n; i++) {
        CXString t = clang_getTokenSpelling(tu, tokens[i]);
        CXString u = clang_getTokenSpelling(tu, tokens[i + 1]);
        bool here = !strcmp(clang_getCString(t), clang_getCString(name)) &&
                    !strcmp(clang_getCString(u), "(");
        clang_disposeString(t);
        clang_disposeString(u);
        if (here)
            break;
    }
    bool knr = false, names_only = true;
    int depth = 0, args = clang_Cursor_getNumArguments(fn);
    for (unsigned k = i + 1; k < n; k++) {
        CXString t = clang_getTokenSpelling(tu, tokens[k]);
        const char *s = clang_getCString(t);
        bool close = !strcmp(s, ")") && --depth == 0;
        depth += !strcmp(s, "(");
        if (depth == 1 && k > i + 1 && strcmp(s, ",") &&
            clang_getTokenKind(tokens[k]) != CXToken_Identifier)
            names_only = false;
        if (close && k + 1 < n) {
            CXString next = clang_getTokenSpelling(tu, tokens[k + 1]);
            const char *x = clang_getCString(next);
            knr = args > 0 && (names_only || (strcmp(x, "{") && strcmp(x, "__attribute__") &&
                                              strcmp(x, "__asm__") && strcmp(x, "asm")));
            clang_disposeString(next);
        }
        clang_disposeString(t);
        if (close)
            break;
    }
    clang_disposeString(name);
    clang_disposeTokens(tu, tokens, n);
    return knr;
}

typedef struct {
    const Source *src;
    bool found;
} HeaderScan;

/* A function in a project header that C++ reads differently: declared
 * with `()` or defined K&R. */
static enum CXChildVisitResult find_header_knr(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    HeaderScan *scan = data;
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
        !in_project_header(scan->src, clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    scan->found = clang_getCursorType(c).kind == CXType_FunctionNoProto ||
                  (clang_isCursorDefinition(c) && knr_tokens(scan->src->tu, c));
    return scan->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

bool cxx_headers_need_dialect(const Source *src)
{
    unsigned n = clang_getNumDiagnostics(src->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(src->tu, i);
        CXString opt = clang_getDiagnosticOption(d, NULL);
        bool found = (!strcmp(clang_getCString(opt), "-Wimplicit-int") ||
                      !strcmp(clang_getCString(opt), "-Wimplicit-function-declaration")) &&
                     in_project_header(src, clang_getDiagnosticLocation(d));
        clang_disposeString(opt);
        clang_disposeDiagnostic(d);
        if (found)
            return true;
    }
    HeaderScan scan = {src, false};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_header_knr, &scan);
    return scan.found;
}

/* ------------------------------------------------------------------ entry */

void cxx_implicit_int(const Source *src, EditList *edits)
{
    each_diagnostic(src, "-Wimplicit-int", add_int, edits);
}

bool cxx_implicit_declarations(const Source *src, EditList *edits, StrBuf *includes)
{
    Undeclared u = {edits, includes, NULL, 0, true};
    each_diagnostic(src, "-Wimplicit-function-declaration", declare_function, &u);
    return u.ok;
}
