/*
 * cxx.c - edits that let the C input compile as CUDA C++.
 *
 * nvcc compiles .cu files as C++, which has no implicit conversion from
 * `void *` to other object pointers: `double *a = malloc(n * sizeof *a);`
 * is valid C but not C++. libclang shows each such implicit conversion as
 * an unexposed expression of the target pointer type over an operand of
 * type `void *`; the operand gets an explicit cast. The same goes for
 * integers converted to an enum type (`enum color c = 1;`), which C++ only
 * does with a cast. Taking the address of a compound literal has no C++
 * equivalent (the object would be a temporary): that is an error.
 * cxx_rewrite also runs the passes of cxx_math.c (C's <math.h> choice),
 * cxx_scope.c (struct-nested types, _Noreturn, `f()`, complex), cxx_jump.c
 * (jumps past initializations) and cxx_const.c (pointer conversions).
 */
#include "pragreduce.h"

#include <string.h>

typedef struct {
    const Source *src;
    EditList *edits;
    bool ok;
} Ctx;

static bool is_void_pointer(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_Pointer &&
           clang_getCanonicalType(clang_getPointeeType(c)).kind == CXType_Void;
}

static bool is_object_pointer(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind != CXType_Pointer)
        return false;
    enum CXTypeKind pk = clang_getCanonicalType(clang_getPointeeType(c)).kind;
    return pk != CXType_Void && pk != CXType_FunctionProto && pk != CXType_FunctionNoProto;
}

static bool range_offsets(const Source *src, CXCursor c, unsigned *s, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    return source_offset(src, clang_getRangeStart(r), s) &&
           source_offset(src, clang_getRangeEnd(r), e) && *e > *s;
}

/* Index of field `name` in the struct type `t`, or -1. */
typedef struct {
    const char *name;
    int index, at;
} FieldFind;

static enum CXVisitorResult find_field(CXCursor c, CXClientData data)
{
    FieldFind *f = data;
    CXString s = clang_getCursorSpelling(c);
    if (strcmp(clang_getCString(s), f->name) == 0)
        f->index = f->at;
    clang_disposeString(s);
    f->at++;
    return f->index >= 0 ? CXVisit_Break : CXVisit_Continue;
}

/* Designated initializers C++ (and g++ behind nvcc) rejects: array
 * designators, and field designators out of declaration order. */
static void check_designators(Ctx *ctx, CXCursor list)
{
    unsigned s, e;
    if (!range_offsets(ctx->src, list, &s, &e) || source_in_macro(ctx->src, s, e))
        return;
    CXType t = clang_getCanonicalType(clang_getCursorType(list));
    const Source *src = ctx->src;
    size_t i = source_token_at(src, s);
    if (i >= src->ntokens || strcmp(src->tokens[i].text, "{") != 0)
        return;
    int depth = 0, last_field = -1;
    bool element_start = true;
    for (; i < src->ntokens && src->tokens[i].offset < e; i++) {
        const char *tx = src->tokens[i].text;
        if (!strcmp(tx, "{") || !strcmp(tx, "(") || !strcmp(tx, "[")) {
            if (depth == 1 && element_start && !strcmp(tx, "[")) {
                diag_at(src, src->tokens[i].offset, DIAG_ERROR,
                        "array designators ('[index] = value') are C only, and nvcc compiles "
                        "the output as C++: list the elements in order instead");
                ctx->ok = false;
                return;
            }
            depth++;
            element_start = depth == 1;
            continue;
        }
        if (!strcmp(tx, "}") || !strcmp(tx, ")") || !strcmp(tx, "]")) {
            depth--;
            element_start = false;
            continue;
        }
        if (depth == 1 && !strcmp(tx, ",")) {
            element_start = true;
            continue;
        }
        if (depth == 1 && element_start && !strcmp(tx, ".") && i + 1 < src->ntokens &&
            t.kind == CXType_Record) {
            FieldFind f = {src->tokens[i + 1].text, -1, 0};
            clang_Type_visitFields(t, find_field, &f);
            if (f.index >= 0 && f.index < last_field) {
                diag_at(src, src->tokens[i].offset, DIAG_ERROR,
                        "designated initializers must follow the order the fields are declared "
                        "in for C++, which nvcc compiles the output as: put '.%s' before the "
                        "fields declared after it",
                        f.name);
                ctx->ok = false;
                return;
            }
            if (f.index >= 0)
                last_field = f.index;
        }
        element_start = false;
    }
}

/* sizeof('a') is sizeof(int) in C, sizeof(char) in C++ */
static void check_sizeof_char(Ctx *ctx, CXCursor c)
{
    CXCursor child = cursor_first_child(c);
    while (!clang_Cursor_isNull(child) && clang_getCursorKind(child) == CXCursor_ParenExpr) {
        CXCursor inner = cursor_first_child(child);
        child = inner;
    }
    unsigned s, e;
    if (!clang_Cursor_isNull(child) && clang_getCursorKind(child) == CXCursor_CharacterLiteral &&
        range_offsets(ctx->src, child, &s, &e) && !source_in_macro(ctx->src, s, e)) {
        edits_add(ctx->edits, s, s, xstrdup("(int)"));
    }
}

/* Array parameters C++ cannot take as written. `double a[n]` is a pointer
 * in C; C++ has no variable-length array parameters, so the run-time length
 * goes: `double a[]`; `[static 3]` loses its `static`. A second
 * run-time dimension (`double m[r][c]`) changes how the rows are indexed,
 * which C++ cannot say. */
static void rewrite_vla_parameter(Ctx *ctx, CXCursor parm)
{
    CXType t = clang_getCursorType(parm);
    if (t.kind != CXType_VariableArray && t.kind != CXType_ConstantArray &&
        t.kind != CXType_IncompleteArray)
        return;
    const Source *src = ctx->src;
    unsigned s, e;
    if (!range_offsets(src, parm, &s, &e) || source_in_macro(src, s, e))
        return;
    CXType elem = clang_getCanonicalType(clang_getArrayElementType(t));
    if (t.kind == CXType_VariableArray && elem.kind == CXType_VariableArray) {
        diag_at(src, s, DIAG_ERROR,
                "a parameter with a run-time row length (a variable-length 2-D array) is C only, "
                "and nvcc compiles the output as C++: pass a pointer and index it as "
                "'p[r * cols + c]'");
        ctx->ok = false;
        return;
    }
    /* the first '[' after the parameter's name, to its matching ']' */
    CXString name = clang_getCursorSpelling(parm);
    const char *nm = clang_getCString(name);
    size_t i = source_token_at(src, s);
    while (i < src->ntokens && src->tokens[i].offset < e && strcmp(src->tokens[i].text, nm) != 0)
        i++;
    clang_disposeString(name);
    while (i < src->ntokens && src->tokens[i].offset < e && strcmp(src->tokens[i].text, "[") != 0)
        i++;
    if (i >= src->ntokens || src->tokens[i].offset >= e)
        return;
    size_t open = i;
    int depth = 0;
    for (; i < src->ntokens && src->tokens[i].offset < e; i++) {
        if (!strcmp(src->tokens[i].text, "["))
            depth++;
        else if (!strcmp(src->tokens[i].text, "]") && --depth == 0)
            break;
    }
    if (i >= src->ntokens || src->tokens[i].offset >= e)
        return;
    if (t.kind == CXType_VariableArray) {
        /* `[n]`, `[restrict n]`, `[static n]` -> `[]` */
        if (src->tokens[i].offset > src->tokens[open].end)
            edits_add(ctx->edits, src->tokens[open].end, src->tokens[i].offset, xstrdup(""));
    } else if (open + 1 < i && strcmp(src->tokens[open + 1].text, "static") == 0) {
        /* `[static 3]`: a C promise about the argument, which C++ lacks */
        edits_add(ctx->edits, src->tokens[open + 1].offset, src->tokens[open + 1].end, xstrdup(""));
    }
}

/* `char tag[4] = "abcd";` fills the array without the terminating NUL,
 * which C allows and C++ does not: the characters become a list. */
static void rewrite_exact_string(Ctx *ctx, CXCursor var)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    if (t.kind != CXType_ConstantArray)
        return;
    enum CXTypeKind ek = clang_getCanonicalType(clang_getArrayElementType(t)).kind;
    if (ek != CXType_Char_S && ek != CXType_Char_U && ek != CXType_SChar && ek != CXType_UChar)
        return;
    CXCursor init = cursor_last_child(var);
    while (!clang_Cursor_isNull(init) && (clang_getCursorKind(init) == CXCursor_UnexposedExpr ||
                                          clang_getCursorKind(init) == CXCursor_ParenExpr)) {
        CXCursor inner = cursor_first_child(init);
        init = inner;
    }
    if (clang_Cursor_isNull(init) || clang_getCursorKind(init) != CXCursor_StringLiteral)
        return;
    const Source *src = ctx->src;
    unsigned s, e;
    if (!range_offsets(src, init, &s, &e) || source_in_macro(src, s, e))
        return;
    size_t i = source_token_at(src, s);
    if (i >= src->ntokens || src->tokens[i].offset != s || src->tokens[i].end != e ||
        src->tokens[i].text[0] != '"')
        return; /* prefixed or concatenated literals: left as they are */
    const char *p = src->tokens[i].text + 1, *end = src->tokens[i].text + strlen(src->tokens[i].text) - 1;
    StrBuf list = {0};
    strbuf_puts(&list, "{");
    const char *sep = "";
    long long count = 0;
    for (; p < end; count++) {
        const char *q = p + 1;
        if (*p == '\\') {
            if (q < end && (*q == 'x' || *q == 'X')) {
                q++;
                while (q < end && strchr("0123456789abcdefABCDEF", *q))
                    q++;
            } else if (q < end && *q >= '0' && *q <= '7') {
                for (int k = 0; k < 3 && q < end && *q >= '0' && *q <= '7'; k++)
                    q++;
            } else {
                q++;
            }
        }
        if (*p == '\'') /* written bare in a string, escaped in a character */
            strbuf_printf(&list, "%s'\\''", sep);
        else
            strbuf_printf(&list, "%s'%.*s'", sep, (int)(q - p), p);
        sep = ", ";
        p = q;
    }
    strbuf_puts(&list, "}");
    /* only when the characters fill the array exactly (no room for the NUL) */
    if (count == clang_getArraySize(t))
        edits_add(ctx->edits, s, e, strbuf_steal(&list));
    else
        strbuf_free(&list);
}

/* `c++` on an enum variable: C++ has no ++ or -- for enums. Where the
 * expression's value is not used (a statement, a for loop's step) it
 * becomes `c = (enum T)(c + 1)`; elsewhere it is an error. */
static void rewrite_enum_step(Ctx *ctx, CXCursor op, CXCursor parent)
{
    enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(op);
    if (k != CXUnaryOperator_PostInc && k != CXUnaryOperator_PreInc &&
        k != CXUnaryOperator_PostDec && k != CXUnaryOperator_PreDec)
        return;
    CXCursor operand = cursor_first_child(op);
    if (clang_Cursor_isNull(operand) ||
        clang_getCanonicalType(clang_getCursorType(operand)).kind != CXType_Enum)
        return;
    const Source *src = ctx->src;
    unsigned s, e, os, oe;
    if (!range_offsets(src, op, &s, &e) || source_in_macro(src, s, e) ||
        !range_offsets(src, operand, &os, &oe))
        return;
    enum CXCursorKind pk = clang_getCursorKind(parent);
    char *type = type_cxx_name(clang_getCursorType(operand));
    if ((pk != CXCursor_CompoundStmt && pk != CXCursor_ForStmt) || !type) {
        diag_at(src, s, DIAG_ERROR,
                "'%s' on an enum is C only, and nvcc compiles the output as C++: write "
                "'v = v + 1' with a cast to the enum type",
                k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PreInc ? "++" : "--");
        ctx->ok = false;
        return;
    }
    char *v = source_text(src, os, oe);
    const char *sign = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PreInc ? "+" : "-";
    edits_add(ctx->edits, s, e, xformat("%s = (%s)((%s) %s 1)", v, type, v, sign));
}

/* `b++` on a _Bool: C++17 has no ++ on bool and never had --. Each form
 * becomes an expression of the same value and effect (the operand, free
 * of side effects, is evaluated twice): `++b` sets it, `b++` sets it and
 * yields the old value, `--b`/`b--` flip it (b - 1 is nonzero for 0). */
static void rewrite_bool_step(Ctx *ctx, CXCursor op)
{
    enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(op);
    if (k != CXUnaryOperator_PostInc && k != CXUnaryOperator_PreInc &&
        k != CXUnaryOperator_PostDec && k != CXUnaryOperator_PreDec)
        return;
    CXCursor operand = cursor_first_child(op);
    if (clang_Cursor_isNull(operand) ||
        clang_getCanonicalType(clang_getCursorType(operand)).kind != CXType_Bool)
        return;
    const Source *src = ctx->src;
    unsigned s, e, os, oe;
    if (!range_offsets(src, op, &s, &e) || !range_offsets(src, operand, &os, &oe))
        return;
    bool plain = !source_in_macro(src, s, e);
    for (size_t t = source_token_at(src, os); plain && t < src->ntokens && src->tokens[t].offset < oe;
         t++) {
        const char *x = src->tokens[t].text;
        if (!strcmp(x, "(") || !strcmp(x, "++") || !strcmp(x, "--") || strchr(x, '='))
            plain = false;
    }
    bool inc = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PreInc;
    if (!plain) {
        diag_at(src, s, DIAG_ERROR,
                "'%s' on a _Bool is C only, and nvcc compiles the output as C++: write "
                "'%s'",
                inc ? "++" : "--", inc ? "b = 1" : "b = !b");
        ctx->ok = false;
        return;
    }
    char *v = source_text(src, os, oe);
    char *text;
    if (k == CXUnaryOperator_PreInc)
        text = xformat("((%s) = true)", v);
    else if (k == CXUnaryOperator_PostInc)
        text = xformat("((%s) ? true : ((%s) = true, false))", v, v);
    else if (k == CXUnaryOperator_PreDec)
        text = xformat("((%s) = !(%s))", v, v);
    else
        text = xformat("((%s) = !(%s), !(%s))", v, v, v);
    edits_add(ctx->edits, s, e, text);
}

/* `c += 1` on an enum: C++ has no compound assignment for enums. As a
 * statement or a for loop's step, with an operand free of side effects
 * (evaluated twice after the rewrite), it becomes `c = (enum T)(c + 1)`;
 * elsewhere it is an error. */
static void rewrite_enum_compound(Ctx *ctx, CXCursor op, CXCursor parent)
{
    CXCursor lhs = cursor_first_child(op), rhs = cursor_last_child(op);
    if (clang_Cursor_isNull(lhs) ||
        clang_getCanonicalType(clang_getCursorType(lhs)).kind != CXType_Enum)
        return;
    const Source *src = ctx->src;
    unsigned s, e, ls, le, rs, re;
    if (!range_offsets(src, op, &s, &e) || source_in_macro(src, s, e) ||
        !range_offsets(src, lhs, &ls, &le) || !range_offsets(src, rhs, &rs, &re))
        return;
    /* the operator token between the operands: `+=` -> `+` */
    size_t t = source_token_at(src, le);
    if (t >= src->ntokens || src->tokens[t].offset >= rs)
        return;
    const char *tok = src->tokens[t].text;
    size_t oplen = strlen(tok);
    bool plain_lhs = true;
    for (size_t k = source_token_at(src, ls); k < src->ntokens && src->tokens[k].offset < le; k++) {
        const char *x = src->tokens[k].text;
        if (!strcmp(x, "(") || !strcmp(x, "++") || !strcmp(x, "--") || strchr(x, '='))
            plain_lhs = false;
    }
    /* a statement of its own (`if (x) c += 1;` too), or a for loop's step */
    size_t first = source_token_at(src, s), next = source_token_at(src, e);
    const char *before = first > 0 ? src->tokens[first - 1].text : ";";
    bool statement = next < src->ntokens && !strcmp(src->tokens[next].text, ";") &&
                     (!strcmp(before, ";") || !strcmp(before, "{") || !strcmp(before, "}") ||
                      !strcmp(before, ")") || !strcmp(before, ":") || !strcmp(before, "else") ||
                      !strcmp(before, "do"));
    bool for_step = clang_getCursorKind(parent) == CXCursor_ForStmt && next < src->ntokens &&
                    (!strcmp(src->tokens[next].text, ")") ||
                     (!strcmp(src->tokens[next].text, ";") && !strcmp(before, "(")));
    bool value_unused = statement || for_step;
    char *type = type_cxx_name(clang_getCursorType(lhs));
    if (!value_unused || !type || !plain_lhs ||
        oplen < 2 || tok[oplen - 1] != '=') {
        diag_at(src, s, DIAG_ERROR,
                "'%s' on an enum is C only, and nvcc compiles the output as C++: write "
                "'v = v op e' with a cast to the enum type",
                tok);
        ctx->ok = false;
        return;
    }
    char *v = source_text(src, ls, le);
    edits_add(ctx->edits, src->tokens[t].offset, src->tokens[t].end,
              xformat("= (%s)((%s) %.*s (", type, v, (int)(oplen - 1), tok));
    edits_add(ctx->edits, re, re, xstrdup("))"));
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    Ctx *ctx = data;
    if (!source_cursor_in_main(ctx->src, c))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_VarDecl)
        rewrite_exact_string(ctx, c);
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
        rewrite_enum_step(ctx, c, parent);
        rewrite_bool_step(ctx, c);
    }
    if (clang_getCursorKind(c) == CXCursor_CompoundAssignOperator)
        rewrite_enum_compound(ctx, c, parent);
    if (clang_getCursorKind(c) == CXCursor_ParmDecl)
        rewrite_vla_parameter(ctx, c);
    if (clang_getCursorKind(c) == CXCursor_InitListExpr)
        check_designators(ctx, c);
    if (clang_getCursorKind(c) == CXCursor_UnaryExpr)
        check_sizeof_char(ctx, c);
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
        CXCursor child = cursor_first_child(c);
        while (!clang_Cursor_isNull(child) && clang_getCursorKind(child) == CXCursor_ParenExpr) {
            CXCursor inner = cursor_first_child(child);
            child = inner;
        }
        unsigned s, e;
        if (!clang_Cursor_isNull(child) &&
            clang_getCursorKind(child) == CXCursor_CompoundLiteralExpr &&
            clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Invalid &&
            clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
            range_offsets(ctx->src, c, &s, &e)) {
            diag_at(ctx->src, s, DIAG_ERROR,
                    "the address of a compound literal cannot be taken in C++, which nvcc "
                    "compiles the output as; declare a variable and take its address");
            ctx->ok = false;
        }
    }
    if (clang_getCursorKind(c) == CXCursor_UnexposedExpr &&
        clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Enum) {
        CXCursor child = cursor_first_child(c);
        unsigned s, e;
        CXType from = clang_getCanonicalType(clang_getCursorType(child));
        CXType to = clang_getCanonicalType(clang_getCursorType(c));
        if (!clang_Cursor_isNull(child) && clang_isExpression(clang_getCursorKind(child)) &&
            !clang_equalTypes(from, to) && (type_is_integer(from) || type_is_floating(from) || from.kind == CXType_Enum) &&
            range_offsets(ctx->src, child, &s, &e) && !source_in_macro(ctx->src, s, e)) {
            char *type = type_cxx_name(clang_getCursorType(c));
            if (type) {
                edits_add(ctx->edits, s, s, xformat("(%s)(", type));
                edits_add(ctx->edits, e, e, xstrdup(")"));
            }
        }
    }
    if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && is_object_pointer(clang_getCursorType(c))) {
        CXCursor child = cursor_first_child(c);
        unsigned s, e;
        if (!clang_Cursor_isNull(child) && clang_isExpression(clang_getCursorKind(child)) &&
            is_void_pointer(clang_getCursorType(child)) && range_offsets(ctx->src, child, &s, &e) &&
            !source_in_macro(ctx->src, s, e)) {
            char *type = type_cxx_name(clang_getCursorType(c));
            if (type) {
                edits_add(ctx->edits, s, s, xformat("(%s)(", type));
                edits_add(ctx->edits, e, e, xstrdup(")"));
            }
        }
    }
    return CXChildVisit_Recurse;
}

/* _Generic has no C++ form. (C11's
 * _Static_assert, _Alignof, _Alignas and _Thread_local are macros for their
 * C++ keywords in the runtime header, so loop bodies copied into kernels
 * get them too.) */
static void respell_keywords(Ctx *ctx)
{
    const Source *src = ctx->src;
    for (size_t i = 0; i < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        if (t->kind != CXToken_Keyword && t->kind != CXToken_Identifier)
            continue;
        if (strcmp(t->text, "_Generic") == 0) {
            diag_at(src, t->offset, DIAG_ERROR,
                    "_Generic is C only, and nvcc compiles the output as C++: call the function "
                    "for the type directly");
            ctx->ok = false;
        }
    }
}

/* A function with a result whose body does not end in a return: C lets
 * control reach its `}` when the caller does not use the value (C89 code's
 * implicit-int functions that return nothing: Rodinia backprop's
 * `bpnn_randomize_weights(w, m, n) float **w; ... {`), C++ makes reaching
 * it undefined and g++ -O2 compiles the end as unreachable (the call ran
 * on into the next function's code). `return {};` before the `}` returns
 * the value-initialized result instead, which a C caller may not read
 * either; the GPU copies of the function take it too. Not main, which
 * returns 0 at its end in C and C++. */
static void return_at_end(Ctx *ctx, CXCursor fn)
{
    const Source *src = ctx->src;
    CXType r = clang_getCanonicalType(clang_getResultType(clang_getCursorType(fn)));
    if (r.kind == CXType_Void || r.kind == CXType_Invalid)
        return;
    CXString name = clang_getCursorSpelling(fn);
    bool is_main = strcmp(clang_getCString(name), "main") == 0;
    clang_disposeString(name);
    CXCursor body = cursor_last_child(fn);
    if (is_main || clang_Cursor_isNull(body) || clang_getCursorKind(body) != CXCursor_CompoundStmt)
        return;
    CXCursor last = cursor_last_child(body);
    /* (`done: return out;`: a label's statement is its last child) */
    while (!clang_Cursor_isNull(last) && clang_getCursorKind(last) == CXCursor_LabelStmt)
        last = cursor_last_child(last);
    if (!clang_Cursor_isNull(last) && clang_getCursorKind(last) == CXCursor_ReturnStmt)
        return;
    unsigned s, e;
    if (!range_offsets(src, body, &s, &e) || e == 0 || e > src->size || src->text[e - 1] != '}' ||
        source_in_macro(src, e - 1, e))
        return;
    edits_add(ctx->edits, e - 1, e - 1, xstrdup("return {}; "));
}

/* File-scope declarations of the main file, for the checks below. */
typedef struct {
    Ctx *ctx;
    CXCursor *vars; /* tentative definitions: no initializer, not extern */
    int nvars;
} TopLevel;

static bool single_declarator(const Source *src, unsigned start)
{
    for (size_t i = source_token_at(src, start); i < src->ntokens; i++) {
        const char *t = src->tokens[i].text;
        if (!strcmp(t, ";"))
            return true;
        if (!strcmp(t, ",") || !strcmp(t, "=") || !strcmp(t, "(") || !strcmp(t, "{"))
            return false;
    }
    return false;
}

static enum CXChildVisitResult scan_top_level(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    TopLevel *top = data;
    const Source *src = top->ctx->src;
    if (!source_cursor_in_main(src, c))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    unsigned at;
    if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        clang_Cursor_getNumArguments(c) > 0 && source_offset(src, clang_getCursorLocation(c), &at)) {
        /* K&R: the parameter list holds names only, their declarations follow it */
        size_t i = source_token_at(src, at) + 1;
        int depth = 0;
        for (; i < src->ntokens; i++) {
            if (!strcmp(src->tokens[i].text, "("))
                depth++;
            else if (!strcmp(src->tokens[i].text, ")") && --depth == 0)
                break;
        }
        size_t name_tok = source_token_at(src, at);
        CXString fname = clang_getCursorSpelling(c);
        /* a name spelled by a macro: its tokens are not the declarator's */
        bool spelled = name_tok < src->ntokens && src->tokens[name_tok].offset == at &&
                       !strcmp(src->tokens[name_tok].text, clang_getCString(fname)) &&
                       name_tok + 1 < src->ntokens && !strcmp(src->tokens[name_tok + 1].text, "(");
        clang_disposeString(fname);
        /* (every parameter undeclared, `f(a, n) {`, is K&R too: all int) */
        bool knr = spelled && i + 1 < src->ntokens &&
                   ((strcmp(src->tokens[i + 1].text, "{") != 0 &&
                     strcmp(src->tokens[i + 1].text, "__attribute__") != 0 &&
                     strcmp(src->tokens[i + 1].text, "__asm__") != 0 &&
                     strcmp(src->tokens[i + 1].text, "asm") != 0) ||
                    cxx_knr_identifier_list(src, c, name_tok + 1));
        size_t body = i + 1;
        while (knr && body < src->ntokens && strcmp(src->tokens[body].text, "{") != 0)
            body++;
        if (knr && (body == src->ntokens ||
                    !cxx_knr_rewrite(src, c, src->tokens[name_tok + 1].offset,
                                     src->tokens[body].offset, top->ctx->edits)))
            top->ctx->ok = false;
    }
    if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c))
        return_at_end(top->ctx, c);
    if (k == CXCursor_VarDecl && clang_Cursor_getStorageClass(c) != CX_SC_Extern) {
        /* (the last child of `int a[3]` is its size, not an initializer) */
        bool has_init = !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(c));
        if (!has_init) {
            top->vars = xrealloc(top->vars, (size_t)(top->nvars + 1) * sizeof(CXCursor));
            top->vars[top->nvars++] = c;
        }
    }
    return CXChildVisit_Continue;
}

/* `const int limit;` at file scope is a definition with the value zero in
 * C (no other definition initializes it), an error in C++: `= {}` says
 * zero in C++. */
static void zero_const_definition(Ctx *ctx, CXCursor var)
{
    unsigned s, e;
    CXType t = clang_getCursorType(var);
    while (clang_getArrayElementType(t).kind != CXType_Invalid)
        t = clang_getArrayElementType(t);
    if (!clang_isConstQualifiedType(t) && !strstr(type_spelling(t), "const"))
        return;
    if (!range_offsets(ctx->src, var, &s, &e) || source_in_macro(ctx->src, s, e))
        return;
    edits_add(ctx->edits, e, e, xstrdup(" = {}"));
    /* C++ gives a namespace-scope const internal linkage: `extern` keeps
     * C's external one, so that another file's `extern const int limit;`
     * links (one declarator: `const int a, b;` would get it twice) */
    if (clang_getCursorLinkage(var) == CXLinkage_External && single_declarator(ctx->src, s))
        edits_add(ctx->edits, s, s, xstrdup("extern "));
}

/* `int counter; int counter;` declares one variable twice, which C allows
 * (tentative definitions) and C++ does not: all but the definition become
 * `extern` declarations. */
static void merge_tentative(Ctx *ctx, TopLevel *top)
{
    const Source *src = ctx->src;
    for (int i = 0; i < top->nvars; i++) {
        CXCursor canon = clang_getCanonicalCursor(top->vars[i]);
        int first = -1, count = 0;
        for (int j = 0; j < top->nvars; j++)
            if (clang_equalCursors(clang_getCanonicalCursor(top->vars[j]), canon)) {
                if (first < 0)
                    first = j;
                count++;
            }
        /* an initialized definition elsewhere makes every tentative one a
         * declaration; else the first stays the definition */
        CXCursor def = clang_getCursorDefinition(top->vars[i]);
        bool initialized = false;
        if (!clang_Cursor_isNull(def)) {
            initialized = !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(def));
        }
        if (initialized ? false : (count < 2 || i == first)) {
            zero_const_definition(ctx, top->vars[i]);
            continue;
        }
        unsigned s, e;
        if (!range_offsets(src, top->vars[i], &s, &e) || source_in_macro(src, s, e))
            continue;
        if (!single_declarator(src, s)) {
            CXString n = clang_getCursorSpelling(top->vars[i]);
            diag_at(src, s, DIAG_ERROR,
                    "'%s' is declared again at file scope, which C allows and C++ (what nvcc "
                    "compiles) does not: declare it once, or the other times with 'extern'",
                    clang_getCString(n));
            clang_disposeString(n);
            ctx->ok = false;
            continue;
        }
        size_t t = source_token_at(src, s);
        if (t < src->ntokens && !strcmp(src->tokens[t].text, "static"))
            edits_add(ctx->edits, src->tokens[t].offset, src->tokens[t].end, xstrdup("extern"));
        else
            edits_add(ctx->edits, s, s, xstrdup("extern "));
    }
}

bool cxx_rewrite(const Source *src, EditList *edits)
{
    Ctx ctx = {src, edits, true};
    TopLevel top = {&ctx, NULL, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), scan_top_level, &top);
    merge_tentative(&ctx, &top);
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit, &ctx);
    respell_keywords(&ctx);
    ctx.ok &= cxx_math_promotion(src, edits);
    ctx.ok &= cxx_scope_rewrite(src, edits);
    ctx.ok &= cxx_jump_rewrite(src, edits);
    cxx_const_casts(src, edits);
    return ctx.ok;
}
