/*
 * cxx_scope.c - C declarations whose meaning C++ scopes or reads otherwise.
 *
 * - A struct, union or enum defined inside a struct belongs to the
 *   enclosing scope in C (`struct point` and `CIRCLE` are usable after
 *   `struct shape { enum { CIRCLE } kind; struct point { int x; } at; };`)
 *   but to the struct in C++: each such definition is moved before the
 *   outermost struct's declaration, which keeps a reference to it (an
 *   unnamed enum gets a generated tag).
 * - `_Noreturn` is C only: written as GNU's `__attribute__((noreturn))`.
 * - `double f();` declares a function of unspecified parameters in C, of
 *   none in C++: when the file calls it with arguments, the declaration
 *   gets the parameter list of the file's definition, or is an error.
 * - <complex.h> types have no C++ form nvcc accepts: an error.
 */
#include "pragreduce.h"

#include <string.h>

typedef struct {
    CXCursor def;
    unsigned start, end;
    int parent;        /* nearest enclosing hoisted definition, or -1 */
    unsigned insert_at;/* start of the declaration holding the outermost struct */
    char *reference;   /* `struct point`, `enum pr_enum_5_12` */
    bool declares_member; /* `struct point {...} at;` rather than `struct point {...};` */
    char *tag;         /* generated tag of an unnamed enum, else NULL */
} Nested;

typedef struct {
    const Source *src;
    EditList *edits;
    bool ok;
    Nested *nested;
    int nnested;
    unsigned decl_start, decl_end; /* the current file-scope declaration or DeclStmt */
    bool decl_hoistable;
    unsigned complex_line; /* one complex-number error a line */
    CXCursor *noproto;     /* the file's `f()` declarations outside functions, in order */
    size_t nnoproto;
    bool noproto_found;
} ScopeCtx;

static bool cursor_offsets(const Source *src, CXCursor c, unsigned *s, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    return source_offset(src, clang_getRangeStart(r), s) &&
           source_offset(src, clang_getRangeEnd(r), e) && *e > *s;
}

static bool is_record_or_enum(enum CXCursorKind k)
{
    return k == CXCursor_StructDecl || k == CXCursor_UnionDecl || k == CXCursor_EnumDecl;
}

static bool is_record(enum CXCursorKind k)
{
    return k == CXCursor_StructDecl || k == CXCursor_UnionDecl;
}

static bool is_unnamed(CXCursor c)
{
    return clang_Cursor_isAnonymous(c) || clang_Cursor_isAnonymousRecordDecl(c) ||
           strstr(cursor_spelling(c), "(unnamed") || strstr(cursor_spelling(c), "(anonymous") ||
           cursor_spelling(c)[0] == '\0';
}

static int find_nested(const ScopeCtx *ctx, CXCursor c)
{
    for (int i = 0; i < ctx->nnested; i++)
        if (clang_equalCursors(ctx->nested[i].def, c))
            return i;
    return -1;
}

/* A definition inside a struct that C++ would scope to it: every named
 * one, and unnamed enums (their constants). Unnamed structs and unions
 * stay (nothing outside can name them), but what they hold is looked at. */
static void note_nested(ScopeCtx *ctx, CXCursor c, CXCursor parent)
{
    const Source *src = ctx->src;
    unsigned s, e;
    if (!cursor_offsets(src, c, &s, &e) || find_nested(ctx, c) >= 0)
        return; /* libclang shows one inside an unnamed union twice */
    if (!ctx->decl_hoistable || s < ctx->decl_start || e > ctx->decl_end ||
        source_in_macro(src, s, e)) {
        diag_at(src, s, DIAG_ERROR,
                "a type defined inside a struct belongs to the enclosing scope in C and to the "
                "struct in C++ (what nvcc compiles), and pragreduce cannot move it out from "
                "here: define it before the struct");
        ctx->ok = false;
        return;
    }
    /* the nearest enclosing definition that is moved too */
    int parent_index = -1;
    for (CXCursor p = parent; is_record(clang_getCursorKind(p)); p = clang_getCursorLexicalParent(p)) {
        parent_index = find_nested(ctx, p);
        if (parent_index >= 0)
            break;
    }
    size_t after = source_token_at(src, e);
    Nested n = {c, s, e, parent_index, ctx->decl_start, NULL,
                !(after < src->ntokens && !strcmp(src->tokens[after].text, ";")), NULL};
    const char *kw = clang_getCursorKind(c) == CXCursor_StructDecl  ? "struct"
                     : clang_getCursorKind(c) == CXCursor_UnionDecl ? "union"
                                                                    : "enum";
    if (is_unnamed(c)) {
        unsigned line, col;
        source_line_col(src, s, &line, &col);
        n.tag = xformat("pr_enum_%u_%u", line, col);
        n.reference = xformat("enum %s", n.tag);
    } else {
        n.reference = xformat("%s %s", kw, cursor_spelling(c));
    }
    ctx->nested = xrealloc(ctx->nested, (size_t)(ctx->nnested + 1) * sizeof(Nested));
    ctx->nested[ctx->nnested++] = n;
}

/* libclang starts `typedef struct {...} T;` at `struct`: back over the
 * specifiers before it. */
static unsigned declaration_start(const Source *src, unsigned s)
{
    static const char *const specifiers[] = {"typedef", "static", "extern", "const", "volatile",
                                             "register", "_Thread_local", "__thread",
                                             "__extension__", "inline", "auto"};
    size_t i = source_token_at(src, s);
    while (i > 0 && i <= src->ntokens) {
        bool spec = false;
        for (size_t k = 0; k < sizeof specifiers / sizeof specifiers[0] && !spec; k++)
            spec = !strcmp(src->tokens[i - 1].text, specifiers[k]);
        if (!spec)
            break;
        i--;
    }
    return i < src->ntokens ? src->tokens[i].offset : s;
}

static enum CXChildVisitResult find_nested_defs(CXCursor c, CXCursor parent, void *data)
{
    ScopeCtx *ctx = data;
    const Source *src = ctx->src;
    if (!source_cursor_in_main(src, c))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c), pk = clang_getCursorKind(parent);
    unsigned s, e;
    if ((pk == CXCursor_TranslationUnit || k == CXCursor_DeclStmt) && cursor_offsets(src, c, &s, &e)) {
        /* where a moved definition can go: before this declaration */
        ctx->decl_start = pk == CXCursor_TranslationUnit ? declaration_start(src, s) : s;
        ctx->decl_end = e;
        ctx->decl_hoistable = k != CXCursor_FunctionDecl;
        if (k == CXCursor_FunctionDecl) {
            /* a function's body holds DeclStmts of its own */
            ctx->decl_start = ctx->decl_end = 0;
        }
    }
    if (is_record_or_enum(k) && clang_isCursorDefinition(c) && is_record(pk) &&
        !(is_unnamed(c) && k != CXCursor_EnumDecl))
        note_nested(ctx, c, parent);
    return CXChildVisit_Recurse;
}

/* What stays in the struct: the type of the member it declared, or
 * nothing (`struct point;` there would declare another, nested, type). */
static char *reference_left(const Nested *n)
{
    return n->declares_member ? n->reference : xstrdup("");
}

/* The definition's text with the definitions moved out of it replaced by
 * their references. */
static char *definition_text(const ScopeCtx *ctx, int i)
{
    const Nested *n = &ctx->nested[i];
    EditList edits = {0};
    for (int k = 0; k < ctx->nnested; k++)
        if (ctx->nested[k].parent == i)
            edits_add(&edits, ctx->nested[k].start - n->start, ctx->nested[k].end - n->start,
                      reference_left(&ctx->nested[k]));
    if (n->tag) {
        /* `enum {` -> `enum pr_enum_L_C {` */
        size_t t = source_token_at(ctx->src, n->start);
        if (t < ctx->src->ntokens && !strcmp(ctx->src->tokens[t].text, "enum"))
            edits_add(&edits, ctx->src->tokens[t].end - n->start, ctx->src->tokens[t].end - n->start,
                      xformat(" %s", n->tag));
    }
    edits.base = n->start;
    return splice_apply(ctx->src->text + n->start, n->end - n->start, &edits, "", false);
}

/* Definitions are emitted inner first, so each names only earlier ones. */
static void emit_hoisted(const ScopeCtx *ctx, int i, StrBuf *sb)
{
    for (int k = 0; k < ctx->nnested; k++)
        if (ctx->nested[k].parent == i)
            emit_hoisted(ctx, k, sb);
    /* on the line of the declaration: the lines the definition leaves keep
     * the file's line numbers right after the struct */
    strbuf_printf(sb, "%s; ", definition_text(ctx, i));
}

static void hoist_nested(ScopeCtx *ctx)
{
    for (int i = 0; i < ctx->nnested; i++) {
        const Nested *n = &ctx->nested[i];
        if (n->parent >= 0)
            continue;
        StrBuf sb = {0};
        emit_hoisted(ctx, i, &sb);
        edits_add(ctx->edits, n->insert_at, n->insert_at, strbuf_steal(&sb));
        edits_add(ctx->edits, n->start, n->end, reference_left(n));
    }
}

/* ---- _Noreturn */

/* `_Noreturn`, and `noreturn` from <stdnoreturn.h> (a C-only macro for
 * it), but not C23's `[[noreturn]]`, which C++ shares. */
static void respell_noreturn(ScopeCtx *ctx)
{
    const Source *src = ctx->src;
    bool stdnoreturn = false;
    for (size_t i = 0; i < src->ntokens && !stdnoreturn; i++)
        stdnoreturn = !strcmp(src->tokens[i].text, "stdnoreturn");
    for (size_t i = 0; i < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        bool macro = stdnoreturn && t->kind == CXToken_Identifier && !strcmp(t->text, "noreturn") &&
                     !(i > 0 && !strcmp(src->tokens[i - 1].text, "[")) &&
                     !(i > 0 && !strcmp(src->tokens[i - 1].text, "define")) &&
                     !(i > 0 && !strcmp(src->tokens[i - 1].text, "undef"));
        if (!strcmp(t->text, "_Noreturn") || macro)
            edits_add(ctx->edits, t->offset, t->end, xstrdup("__attribute__((noreturn))"));
    }
}

/* ---- f() prototypes called with arguments */

/* `(` and `)` of an empty parameter list after the declaration's name. */
static bool empty_parens(const Source *src, CXCursor decl, unsigned *open, unsigned *close)
{
    unsigned at;
    if (!source_offset(src, clang_getCursorLocation(decl), &at))
        return false;
    size_t i = source_token_at(src, at);
    char *name = cursor_spelling(decl);
    if (i + 2 >= src->ntokens || src->tokens[i].offset != at || strcmp(src->tokens[i].text, name) ||
        strcmp(src->tokens[i + 1].text, "(") || strcmp(src->tokens[i + 2].text, ")"))
        return false;
    *open = src->tokens[i + 1].offset;
    *close = src->tokens[i + 2].end;
    return true;
}

/* The definition's parameter list as written, `(double a, long i)`. */
static char *parameter_list(const Source *src, CXCursor def)
{
    unsigned at;
    if (!source_offset(src, clang_getCursorLocation(def), &at))
        return NULL;
    size_t i = source_token_at(src, at);
    if (i + 1 >= src->ntokens || strcmp(src->tokens[i + 1].text, "("))
        return NULL;
    int depth = 0;
    for (size_t k = i + 1; k < src->ntokens; k++) {
        if (!strcmp(src->tokens[k].text, "("))
            depth++;
        else if (!strcmp(src->tokens[k].text, ")") && --depth == 0) {
            unsigned s = src->tokens[i + 1].offset, e = src->tokens[k].end;
            return source_in_macro(src, s, e) ? NULL : source_text(src, s, e);
        }
    }
    return NULL;
}

typedef struct {
    ScopeCtx *ctx;
    CXCursor function;
    char *params;
} ProtoFix;

/* The walk every prototype fix made of the whole unit, made once: the
 * file's `()` declarations outside functions (a definition's fix looked
 * through all of them, 3,000 definitions in a big file each walking
 * 3,000 declarations). */
static enum CXChildVisitResult find_noproto(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    ScopeCtx *ctx = data;
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && source_cursor_in_main(ctx->src, c) &&
        clang_getCursorType(c).kind == CXType_FunctionNoProto) {
        ctx->noproto = xrealloc(ctx->noproto, (ctx->nnoproto + 1) * sizeof(CXCursor));
        ctx->noproto[ctx->nnoproto++] = c;
    }
    return clang_getCursorKind(c) == CXCursor_FunctionDecl ? CXChildVisit_Continue
                                                           : CXChildVisit_Recurse;
}

/* The `()` declarations of f->function's function get its parameters. */
static void rewrite_declarations(ProtoFix *f)
{
    ScopeCtx *ctx = f->ctx;
    const Source *src = ctx->src;
    if (!ctx->noproto_found) {
        clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_noproto, ctx);
        ctx->noproto_found = true;
    }
    CXCursor canon = clang_getCanonicalCursor(f->function);
    for (size_t i = 0; i < ctx->nnoproto; i++) {
        CXCursor c = ctx->noproto[i];
        if (!clang_equalCursors(clang_getCanonicalCursor(c), canon))
            continue;
        unsigned open = 0, close = 0;
        (void)empty_parens(src, c, &open, &close);
        bool done = false; /* a second call of the function */
        for (size_t k = 0; k < ctx->edits->count && !done; k++)
            done = ctx->edits->items[k].start == open && ctx->edits->items[k].end == close;
        if (!done && empty_parens(src, c, &open, &close))
            edits_add(ctx->edits, open, close, f->params);
    }
}

/* The parameter list a `()` declaration of `def`'s function gets: a K&R
 * definition's as its rewrite spells it, else the definition's as written;
 * NULL when `def` is no prototyped definition in the main file. */
static char *definition_parameters(const Source *src, CXCursor def)
{
    if (clang_Cursor_isNull(def) || clang_getCursorType(def).kind != CXType_FunctionProto ||
        !source_cursor_in_main(src, def))
        return NULL;
    char *params = cxx_knr_prototype_parameters(src, def);
    return params ? params : parameter_list(src, def);
}

/* A definition with parameters: its `()` declarations in the file take
 * them, called or not (C++ reads `f()` as `f(void)`, another function, and
 * two of one name with C linkage are an error). */
static void prototype_declarations(ScopeCtx *ctx, CXCursor def)
{
    if (clang_getCursorKind(def) != CXCursor_FunctionDecl || !clang_isCursorDefinition(def) ||
        clang_Cursor_getNumArguments(def) <= 0)
        return;
    char *params = definition_parameters(ctx->src, def);
    if (!params)
        return;
    ProtoFix f = {ctx, def, params};
    rewrite_declarations(&f);
}

static void fix_unprototyped_call(ScopeCtx *ctx, CXCursor call)
{
    if (clang_Cursor_getNumArguments(call) <= 0)
        return;
    CXCursor callee = cursor_first_child(call);
    CXType t = clang_getCanonicalType(clang_getCursorType(callee));
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    if (t.kind != CXType_FunctionNoProto)
        return;
    const Source *src = ctx->src;
    CXCursor fn = clang_getCursorReferenced(call);
    if (clang_getCursorKind(fn) == CXCursor_FunctionDecl) {
        /* builtins (isnan, ...) and the system's own headers are C++ ready */
        CXFile file;
        clang_getFileLocation(clang_getCursorLocation(fn), &file, NULL, NULL, NULL);
        if (!file || clang_Location_isInSystemHeader(clang_getCursorLocation(fn)) ||
            !strncmp(cursor_spelling(fn), "__builtin", 9))
            return;
    }
    CXCursor def = clang_getCursorDefinition(fn);
    char *params = clang_getCursorKind(fn) == CXCursor_FunctionDecl
                       ? definition_parameters(src, def)
                       : NULL;
    /* declared at its call by C: cxx_dialect.c declares it for C++ (its
     * library header, or `int f(...)`) */
    if (!params && clang_getCursorKind(fn) == CXCursor_FunctionDecl &&
        cxx_implicitly_declared(src, fn))
        return;
    if (!params) {
        unsigned at = 0;
        (void)source_offset(src, clang_getCursorLocation(call), &at);
        char *name = clang_getCursorKind(fn) == CXCursor_FunctionDecl
                         ? xformat("'%s'", cursor_spelling(fn))
                         : xstrdup("a function pointer");
        diag_at(src, at, DIAG_ERROR,
                "this call passes arguments to %s, declared without parameters ('()'), which "
                "means unspecified parameters in C and none in C++ (what nvcc compiles): declare "
                "its parameters",
                name);
        ctx->ok = false;
        return;
    }
    /* C passes promoted arguments as they are: a mismatch with the
     * definition is undefined in C, where the prototype would convert */
    CXType proto = clang_getCursorType(def);
    int nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < nargs; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        CXType passed = clang_getUnqualifiedType(clang_getCanonicalType(clang_getCursorType(arg)));
        CXType param = i < clang_getNumArgTypes(proto)
                           ? clang_getUnqualifiedType(clang_getCanonicalType(clang_getArgType(proto, (unsigned)i)))
                           : passed;
        if (i >= clang_getNumArgTypes(proto) ||
            (type_is_arithmetic(passed) && type_is_arithmetic(param) && !clang_equalTypes(passed, param))) {
            unsigned at = 0;
            (void)source_offset(src, clang_getRangeStart(clang_getCursorExtent(arg)), &at);
            diag_at(src, at, DIAG_ERROR,
                    "'%s' is declared without parameters ('()'), so C passes this argument as %s "
                    "where the definition takes %s (undefined in C); declare its parameters",
                    cursor_spelling(fn), type_spelling(passed),
                    i < clang_getNumArgTypes(proto) ? type_spelling(param) : "no more arguments");
            ctx->ok = false;
            return;
        }
    }
    ProtoFix f = {ctx, fn, params};
    rewrite_declarations(&f);
}

/* ---- <complex.h> */

static bool is_complex(CXType t)
{
    t = clang_getCanonicalType(t);
    while (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
           t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray)
        t = clang_getCanonicalType(t.kind == CXType_Pointer ? clang_getPointeeType(t)
                                                            : clang_getArrayElementType(t));
    return t.kind == CXType_Complex;
}

static void reject_complex(ScopeCtx *ctx, CXCursor c, CXCursor parent)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    CXType t = k == CXCursor_FunctionDecl ? clang_getResultType(clang_getCursorType(c))
                                          : clang_getCursorType(c);
    bool decl = k == CXCursor_VarDecl || k == CXCursor_ParmDecl || k == CXCursor_FieldDecl ||
                k == CXCursor_FunctionDecl || k == CXCursor_TypedefDecl;
    if (k == CXCursor_TypedefDecl)
        t = clang_getTypedefDeclUnderlyingType(c);
    /* an expression is reported where it starts being complex */
    bool outer_expr = clang_isExpression(k) && !is_complex(clang_getCursorType(parent));
    if (!is_complex(t) || (!decl && !outer_expr))
        return;
    unsigned at = 0, line, col;
    (void)source_offset(ctx->src, clang_getCursorLocation(c), &at);
    source_line_col(ctx->src, at, &line, &col);
    if (line == ctx->complex_line)
        return;
    ctx->complex_line = line;
    diag_at(ctx->src, at, DIAG_ERROR,
            "complex numbers (<complex.h>, '_Complex') are C only: nvcc compiles the output as "
            "C++, which has std::complex instead; keep the real and imaginary parts in two "
            "variables");
    ctx->ok = false;
}

static enum CXChildVisitResult visit_uses(CXCursor c, CXCursor parent, void *data)
{
    ScopeCtx *ctx = data;
    if (!source_cursor_in_main(ctx->src, c))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_CallExpr)
        fix_unprototyped_call(ctx, c);
    prototype_declarations(ctx, c);
    reject_complex(ctx, c, parent);
    return CXChildVisit_Recurse;
}

bool cxx_scope_rewrite(const Source *src, EditList *edits)
{
    ScopeCtx ctx = {.src = src, .edits = edits, .ok = true};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_nested_defs, &ctx);
    hoist_nested(&ctx);
    respell_noreturn(&ctx);
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_uses, &ctx);
    return ctx.ok;
}
