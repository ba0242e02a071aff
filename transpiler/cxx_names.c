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
 * mean the same in both languages and are left alone. Headers are not
 * rewritten: a C++ keyword used as an identifier in an included header of
 * the user's is beyond this pass.
 */
#include "pragreduce.h"

#include <string.h>

static const char *const cxx_only_keywords[] = {
    "catch", "class", "co_await", "co_return", "co_yield", "concept", "consteval", "constexpr",
    "constinit", "const_cast", "decltype", "delete", "dynamic_cast", "explicit", "export",
    "friend", "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private",
    "protected", "public", "reinterpret_cast", "requires", "static_cast", "template", "this",
    "throw", "try", "typeid", "typename", "using", "virtual",
};

static bool is_cxx_only_keyword(const char *s)
{
    for (size_t i = 0; i < sizeof cxx_only_keywords / sizeof cxx_only_keywords[0]; i++)
        if (strcmp(s, cxx_only_keywords[i]) == 0)
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

/* A clause name of `#pragma reduce` (an identifier before '(' at the top
 * level of the directive), such as private(...): part of the pragma's own
 * language, not a C identifier. */
static bool is_pragma_clause(const Source *src, size_t i)
{
    if (i + 1 >= src->ntokens || strcmp(src->tokens[i + 1].text, "(") != 0)
        return false;
    int depth = 0;
    for (size_t k = i; k-- > 0;) {
        const Token *t = &src->tokens[k];
        if (memchr(src->text + t->end, '\n', src->tokens[k + 1].offset - t->end))
            return false;
        if (!strcmp(t->text, ")"))
            depth++;
        else if (!strcmp(t->text, "("))
            depth--;
        else if (!strcmp(t->text, "reduce") && k >= 2 && !strcmp(src->tokens[k - 1].text, "pragma") &&
                 !strcmp(src->tokens[k - 2].text, "#"))
            return depth == 0;
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

char *cxx_rename_keywords(const Source *src, size_t *size)
{
    const char *prefix = NULL;
    StrBuf out = {0};
    size_t pos = 0;
    for (size_t i = 0; i < src->ntokens; i++) {
        const Token *t = &src->tokens[i];
        if (t->kind != CXToken_Identifier || !is_cxx_only_keyword(t->text) || names_a_file(src, i) ||
            is_pragma_clause(src, i))
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
    return strbuf_steal(&out);
}
