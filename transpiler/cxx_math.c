/*
 * cxx_math.c - calls of <math.h> and <stdlib.h> functions keep C's meaning.
 *
 * In C, `sqrt(x)` with a `float x` converts x to double and calls the
 * double sqrt: `sqrt` has one prototype. C++ (what nvcc compiles) overloads
 * it, so the same call picks `sqrt(float)` and loses precision; `abs(2.5)`
 * is 2 in C and 2.5 in C++, `abs(some_long)` truncates in C only, and in
 * kernels CUDA has `pow(double, int)` of its own. So each argument whose
 * type is not the C prototype's parameter type gets an explicit cast to it
 * (`sqrt((double)(x))`): the conversion C makes, written out, after which
 * the C++ overload chosen is the C function. Applied to the whole file, and
 * so to the loop bodies and helpers copied into kernels.
 *
 * With <tgmath.h> the type-generic meaning is intended, and the C++
 * overloads give it: such a file is left alone.
 */
#include "pragreduce.h"

#include <string.h>

/* C11 <math.h> functions taking arithmetic arguments; each also has `f`
 * and `l` suffixed forms. */
static const char *const math_functions[] = {
    "acos", "asin", "atan", "atan2", "cos", "sin", "tan", "acosh", "asinh", "atanh", "cosh",
    "sinh", "tanh", "exp", "exp2", "expm1", "frexp", "ilogb", "ldexp", "log", "log10", "log1p",
    "log2", "logb", "modf", "scalbn", "scalbln", "cbrt", "fabs", "hypot", "pow", "sqrt", "erf",
    "erfc", "lgamma", "tgamma", "ceil", "floor", "nearbyint", "rint", "lrint", "llrint", "round",
    "lround", "llround", "trunc", "fmod", "remainder", "remquo", "copysign", "nextafter",
    "nexttoward", "fdim", "fmax", "fmin", "fma",
};

/* <stdlib.h> functions C++ overloads for other integer types */
static const char *const stdlib_functions[] = {"abs", "labs", "llabs", "div", "ldiv", "lldiv"};

static bool listed(const char *name, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, list[i]) == 0)
            return true;
    return false;
}

static bool is_c_math_function(const char *name)
{
    const size_t nmath = sizeof math_functions / sizeof math_functions[0];
    if (listed(name, math_functions, nmath) ||
        listed(name, stdlib_functions, sizeof stdlib_functions / sizeof stdlib_functions[0]))
        return true;
    size_t len = strlen(name);
    if (len < 2 || (name[len - 1] != 'f' && name[len - 1] != 'l'))
        return false;
    char base[32];
    if (len > sizeof base)
        return false;
    memcpy(base, name, len - 1);
    base[len - 1] = '\0';
    return listed(base, math_functions, nmath);
}

static bool includes_tgmath(const Source *src)
{
    for (size_t i = 0; i < src->ntokens; i++)
        if (src->tokens[i].kind == CXToken_Identifier && strcmp(src->tokens[i].text, "tgmath") == 0)
            return true;
    return false;
}

static bool same_type(CXType a, CXType b)
{
    a = clang_getUnqualifiedType(clang_getCanonicalType(a));
    b = clang_getUnqualifiedType(clang_getCanonicalType(b));
    return clang_equalTypes(a, b);
}

typedef struct {
    const Source *src;
    EditList *edits;
    bool ok;
    /* casts already written into macro bodies: each expansion of the
     * macro reaches the same argument again */
    unsigned *in_macro;
    size_t nin_macro, cap_in_macro;
} MathCtx;

/* The expression under the implicit conversion libclang shows as an
 * unexposed expression of the parameter's type, or null when the
 * argument already has that type. */
static CXCursor converted_operand(CXCursor arg, CXType param)
{
    CXCursor none = clang_getNullCursor();
    if (clang_getCursorKind(arg) != CXCursor_UnexposedExpr)
        return none;
    CXCursor inner = cursor_first_child(arg);
    if (clang_Cursor_isNull(inner) || !clang_isExpression(clang_getCursorKind(inner)))
        return none;
    CXType from = clang_getCursorType(inner);
    if (!type_is_arithmetic(from) || same_type(from, param))
        return none;
    return inner;
}

/* The call as written in the file: `name ( arg , arg )`, each argument's
 * [start, end) in args. False when a macro spells the call or its
 * argument list (a cast written into a macro's arguments could change
 * other uses of them). */
/* The argument list of the call whose name is token i: each argument's
 * [start, end) in args; the index of its closing parenthesis in *close_at. */
static bool arguments_at(const Source *src, size_t i, const char *name, int nargs,
                         unsigned (*args)[2], size_t *close_at)
{
    if (i + 1 >= src->ntokens || strcmp(src->tokens[i].text, name) ||
        strcmp(src->tokens[i + 1].text, "("))
        return false;
    int depth = 0, n = 0;
    unsigned arg_start = src->tokens[i + 1].end;
    for (i++; i < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        if (!strcmp(t->text, "(") || !strcmp(t->text, "[") || !strcmp(t->text, "{")) {
            depth++;
            continue;
        }
        bool close = !strcmp(t->text, ")") || !strcmp(t->text, "]") || !strcmp(t->text, "}");
        if ((close && depth == 1) || (depth == 1 && !strcmp(t->text, ","))) {
            if (n == nargs)
                return false;
            size_t first = source_token_at(src, arg_start);
            if (first >= i)
                return false; /* an empty argument: the arguments come from a macro */
            args[n][0] = src->tokens[first].offset;
            args[n][1] = src->tokens[i - 1].end;
            n++;
            arg_start = t->end;
        }
        if (close && --depth == 0) {
            *close_at = i;
            return n == nargs;
        }
    }
    return false;
}

static bool spelled_arguments(const Source *src, CXCursor call, const char *name, int nargs,
                              unsigned (*args)[2])
{
    CXSourceRange r = clang_getCursorExtent(call);
    unsigned s, e;
    if (!source_offset(src, clang_getRangeStart(r), &s) ||
        !source_offset(src, clang_getRangeEnd(r), &e) || e <= s)
        return false;
    size_t i = source_token_at(src, s), close;
    return i < src->ntokens && src->tokens[i].offset == s &&
           arguments_at(src, i, name, nargs, args, &close) && src->tokens[close].end == e;
}

/* The token index of the `#define` that holds the main file's token at
 * `offset` (its logical line, continuations included), or SIZE_MAX. */
static size_t define_holding(const Source *src, unsigned offset)
{
    size_t k = source_token_at(src, offset);
    if (k >= src->ntokens || src->tokens[k].offset != offset)
        return SIZE_MAX;
    for (size_t i = k + 1; i-- > 0;) {
        if (!source_starts_line(src, src->tokens[i].offset) ||
            source_continues_line(src, src->tokens[i].offset))
            continue;
        bool define = i + 1 < src->ntokens && strcmp(src->tokens[i].text, "#") == 0 &&
                      strcmp(src->tokens[i + 1].text, "define") == 0;
        return define && i + 2 < k ? i : SIZE_MAX;
    }
    return SIZE_MAX;
}

/* Is `text` one of the parameters of the function-like macro whose
 * `#define` starts at token d? */
static bool macro_parameter(const Source *src, size_t d, const char *text)
{
    size_t name = d + 2;
    if (name + 1 >= src->ntokens || strcmp(src->tokens[name + 1].text, "(") ||
        src->tokens[name + 1].offset != src->tokens[name].end)
        return false; /* an object-like macro */
    for (size_t k = name + 2; k < src->ntokens && strcmp(src->tokens[k].text, ")"); k++)
        if (strcmp(src->tokens[k].text, text) == 0)
            return true;
    return false;
}

/* A call a macro of this file spells whole in its body
 * (`#define A pow(5.0, 13)`): each argument's [start, end) there, or
 * {0, 0} for one that uses a macro parameter (its type may change from one
 * use to the next). The other arguments' tokens are the same in every
 * expansion, so the conversion C makes is the same at every use and the
 * cast can be written in the body. */
static bool spelled_in_macro_body(const Source *src, CXCursor call, const char *name, int nargs,
                                  unsigned (*args)[2])
{
    CXFile f;
    unsigned s;
    clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(call)), &f, NULL, NULL, &s);
    if (!f || !clang_File_isEqual(f, src->file))
        return false;
    size_t d = define_holding(src, s), i = source_token_at(src, s), close;
    if (d == SIZE_MAX || !arguments_at(src, i, name, nargs, args, &close) ||
        define_holding(src, src->tokens[close].offset) != d)
        return false;
    for (int a = 0; a < nargs; a++)
        for (size_t k = source_token_at(src, args[a][0]); k < src->ntokens && src->tokens[k].offset < args[a][1]; k++)
            if (src->tokens[k].kind == CXToken_Identifier && macro_parameter(src, d, src->tokens[k].text)) {
                args[a][0] = args[a][1] = 0;
                break;
            }
    return true;
}

static bool cast_written_at(MathCtx *m, unsigned offset)
{
    for (size_t i = 0; i < m->nin_macro; i++)
        if (m->in_macro[i] == offset)
            return true;
    if (m->nin_macro == m->cap_in_macro) {
        m->cap_in_macro = m->cap_in_macro ? 2 * m->cap_in_macro : 8;
        m->in_macro = xrealloc(m->in_macro, m->cap_in_macro * sizeof *m->in_macro);
    }
    m->in_macro[m->nin_macro++] = offset;
    return false;
}

static void promote_call(MathCtx *m, CXCursor call)
{
    CXCursor fn = clang_getCursorReferenced(call);
    if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
        !clang_Location_isInSystemHeader(clang_getCursorLocation(fn)))
        return;
    char *name = cursor_spelling(fn);
    if (!is_c_math_function(name))
        return;
    CXType proto = clang_getCursorType(fn);
    int nargs = clang_Cursor_getNumArguments(call);
    if (proto.kind != CXType_FunctionProto || nargs != clang_getNumArgTypes(proto))
        return;
    unsigned args[nargs > 0 ? nargs : 1][2];
    const bool spelled = spelled_arguments(m->src, call, name, nargs, args);
    const bool in_body = !spelled && spelled_in_macro_body(m->src, call, name, nargs, args);
    for (int i = 0; i < nargs; i++) {
        CXType param = clang_getArgType(proto, (unsigned)i);
        if (!type_is_arithmetic(param))
            continue;
        CXCursor from = converted_operand(clang_Cursor_getArgument(call, (unsigned)i), param);
        if (clang_Cursor_isNull(from))
            continue;
        /* a whole argument as written (a macro invocation such as `N`
         * included) is exactly the expression C converts */
        bool placed = (spelled || in_body) && args[i][1] > args[i][0];
        char *type = type_cxx_name(param);
        if (!placed || !type) {
            unsigned at = 0;
            if (!source_offset(m->src, clang_getCursorLocation(call), &at))
                (void)source_offset(m->src, clang_getRangeStart(clang_getCursorExtent(call)), &at);
            char *from_type = type_spelling(clang_getCursorType(from));
            diag_at(m->src, at, DIAG_ERROR,
                    "argument %d of '%s' is %s, which C converts to %s, and C++ (what nvcc "
                    "compiles) may pass to another overload of '%s': write the cast '(%s)' "
                    "where the macro is used",
                    i + 1, name, from_type, type ? type : "the parameter's type", name,
                    type ? type : "type");
            m->ok = false;
            continue;
        }
        /* a macro body's cast serves every expansion of it: written once */
        if (in_body && cast_written_at(m, args[i][0]))
            continue;
        edits_add(m->edits, args[i][0], args[i][0], xformat("(%s)(", type));
        edits_add(m->edits, args[i][1], args[i][1], xstrdup(")"));
    }
}

static enum CXChildVisitResult visit_calls(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    MathCtx *m = data;
    if (!source_cursor_in_main(m->src, c))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_CallExpr)
        promote_call(m, c);
    return CXChildVisit_Recurse;
}

bool cxx_math_promotion(const Source *src, EditList *edits)
{
    if (includes_tgmath(src))
        return true;
    MathCtx m = {src, edits, true, NULL, 0, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_calls, &m);
    return m.ok;
}
