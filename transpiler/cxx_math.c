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
static bool spelled_arguments(const Source *src, CXCursor call, const char *name, int nargs,
                              unsigned (*args)[2])
{
    CXSourceRange r = clang_getCursorExtent(call);
    unsigned s, e;
    if (!source_offset(src, clang_getRangeStart(r), &s) ||
        !source_offset(src, clang_getRangeEnd(r), &e) || e <= s)
        return false;
    size_t i = source_token_at(src, s);
    if (i + 1 >= src->ntokens || src->tokens[i].offset != s || strcmp(src->tokens[i].text, name) ||
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
        if (close && --depth == 0)
            return t->end == e && n == nargs;
    }
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
    for (int i = 0; i < nargs; i++) {
        CXType param = clang_getArgType(proto, (unsigned)i);
        if (!type_is_arithmetic(param))
            continue;
        CXCursor from = converted_operand(clang_Cursor_getArgument(call, (unsigned)i), param);
        if (clang_Cursor_isNull(from))
            continue;
        /* a whole argument as written (a macro invocation such as `N`
         * included) is exactly the expression C converts */
        bool placed = spelled && args[i][1] > args[i][0];
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
    MathCtx m = {src, edits, true};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_calls, &m);
    return m.ok;
}
