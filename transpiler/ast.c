/*
 * ast.c - a small tree over libclang cursors.
 *
 * libclang's C API hides operators and the roles of a `for`'s children; this
 * file recovers them once so that the analyses can match shapes directly.
 * Operators come from clang's own printing of the expression (which sees
 * through macros), the `for` header from the positions of its semicolons.
 * Reference cursors (type names, member names) are dropped.
 */
#include "pragreduce.h"

#include <stdlib.h>
#include <string.h>

/* uthash allocates from the arena so that nothing outlives a run. */
#define uthash_malloc(sz) xmalloc(sz)
#define uthash_free(ptr, sz) ((void)(ptr), (void)(sz))
#include <uthash.h>

typedef struct {
    char *key; /* "offset:line:col:name" of the declaration */
    Var *var;
    UT_hash_handle hh;
} VarEntry;

static VarEntry *var_table;

/* The variable of each declaration cursor already asked for: a reference
 * then costs a hash of the cursor, not its location and name formatted
 * into a key (a 90-term body is hundreds of references). Open
 * addressing, cap a power of two. */
typedef struct {
    CXCursor decl;
    Var *var;
} DeclEntry;

static DeclEntry *decls;
static size_t ndecls, decls_cap;

/* Trees already built, by root cursor: the analyses ask for the tree of the
 * same function or loop many times (each of a loop's checks, each
 * accumulator), and a 90-term body is a thousand nodes. The trees are read
 * only after build(), so one copy serves every caller. */
typedef struct {
    unsigned hash;
    CXCursor cursor;
    Node *tree;
    struct ScratchChunk *own; /* a loop's tree (ast_build_loop): its chunks */
} TreeEntry;

/* The tree of an entry whose loop's tree was freed (ast_free_loop): built
 * again if asked for. */
static Node freed_tree;

static TreeEntry *trees;
static size_t ntrees, trees_cap; /* open addressing, cap a power of two */

/* Trees built for one loop's use and freed after it (the function around
 * a loop, whose scope a check searches): in the cache, a big file's loops
 * would each be held twice to the end. Each has chunks of its own (its
 * nodes and child arrays; its variables are interned as any), so that
 * ast_build, asked for it before it is freed, keeps it instead: one tree
 * of a cursor at a time, as before. */
typedef struct ScratchChunk {
    struct ScratchChunk *next;
    size_t used, cap;
    max_align_t data[];
} ScratchChunk;

#define SCRATCH_CHUNK (256 * 1024)

typedef struct {
    CXCursor cursor;
    Node *tree;
    ScratchChunk *chunks;
} ScratchTree;

static ScratchTree *scratch_trees;
static size_t nscratch;
static ScratchChunk **building_chunks; /* the scratch tree being built, or NULL */
static bool building_own; /* ... a loop's own (ast_build_loop): its chunks freed, not spared */
#define OWN_CHUNK (64 * 1024)
/* Chunks of freed scratch trees, for the next ones: freed memory given
 * back to malloc came back as holes the rest of the run split up. */
static ScratchChunk *spare_chunks;

/* At each new parse (parse.c): the trees and variables name cursors of the
 * unit before. */
void ast_reset(void)
{
    var_table = NULL;
    decls = NULL;
    ndecls = decls_cap = 0;
    trees = NULL;
    ntrees = trees_cap = 0;
    ast_scratch_release();
    spare_chunks = NULL; /* (the arena's: freed with it) */
}

/* A chunk of at least `size` bytes: a spare one when it is big enough
 * (for a scratch tree). */
static ScratchChunk *new_chunk(size_t size)
{
    ScratchChunk *c = spare_chunks;
    if (!building_own && c && c->cap >= size) {
        spare_chunks = c->next;
        c->used = 0;
        return c;
    }
    /* (not cleared here: node_alloc clears what it hands out, and the
     * pages of a chunk's unused end are never touched) */
    size_t chunk = building_own ? OWN_CHUNK : SCRATCH_CHUNK;
    size_t cap = size > chunk ? size : chunk;
    c = xmalloc(sizeof *c + cap);
    c->next = NULL;
    c->used = 0;
    c->cap = cap;
    return c;
}

/* A zeroed node or child array: from the chunks of the scratch tree being
 * built, else the arena's. */
static void *node_alloc(size_t size)
{
    if (!building_chunks)
        return arena_small(size);
    size = (size + sizeof(void *) - 1) & ~(sizeof(void *) - 1); /* (as arena_small's) */
    ScratchChunk *c = *building_chunks;
    if (!c || c->cap - c->used < size) {
        c = new_chunk(size);
        c->next = *building_chunks;
        *building_chunks = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

static void spare(ScratchChunk *c)
{
    while (c) {
        ScratchChunk *next = c->next;
        c->next = spare_chunks;
        spare_chunks = c;
        c = next;
    }
}

void ast_scratch_release(void)
{
    for (size_t i = 0; i < nscratch; i++)
        spare(scratch_trees[i].chunks);
    free(scratch_trees);
    scratch_trees = NULL;
    nscratch = 0;
}

/* The scratch tree of `c`, taken out of the scratch list (its chunks then
 * live to the end, as the arena's), or NULL. */
static Node *keep_scratch(CXCursor c)
{
    for (size_t i = 0; i < nscratch; i++) {
        if (!clang_equalCursors(scratch_trees[i].cursor, c))
            continue;
        Node *tree = scratch_trees[i].tree;
        scratch_trees[i] = scratch_trees[--nscratch];
        return tree;
    }
    return NULL;
}

char *cursor_spelling(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    const char *t = clang_getCString(s);
    char *r = xstrdup(t ? t : "");
    clang_disposeString(s);
    return r;
}

char *type_spelling(CXType t)
{
    CXString s = clang_getTypeSpelling(t);
    const char *text = clang_getCString(s);
    char *r = xstrdup(text ? text : "");
    clang_disposeString(s);
    return r;
}

bool type_is_integer(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind >= CXType_Bool && c.kind <= CXType_Int128 && c.kind != CXType_Char16 &&
           c.kind != CXType_Char32 && c.kind != CXType_WChar;
}

bool type_is_floating(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_Float || c.kind == CXType_Double;
}

bool type_is_arithmetic(CXType t) { return type_is_integer(t) || type_is_floating(t); }

static void remove_word(char *s, const char *word)
{
    size_t n = strlen(word);
    for (char *p = strstr(s, word); p; p = strstr(p, word)) {
        bool left = p == s || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
                                (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9'));
        char r = p[n];
        bool right = !(r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') ||
                       (r >= '0' && r <= '9'));
        if (left && right) {
            size_t skip = n + (r == ' ' ? 1 : 0);
            memmove(p, p + skip, strlen(p + skip) + 1);
        } else {
            p += n;
        }
    }
    size_t len = strlen(s);
    while (len && s[len - 1] == ' ')
        s[--len] = '\0';
}

/* True when the type's name is visible at file scope (not declared inside a
 * function, not anonymous). */
static bool type_name_visible(CXType t)
{
    CXCursor decl = clang_getTypeDeclaration(t);
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(decl) == CXCursor_NoDeclFound)
        return true;
    CXCursor parent = clang_getCursorSemanticParent(decl);
    enum CXCursorKind k = clang_getCursorKind(parent);
    return k == CXCursor_TranslationUnit || k == CXCursor_StructDecl ||
           k == CXCursor_UnionDecl || clang_isInvalid(k);
}

char *type_cxx_name(CXType t)
{
    CXType canon = clang_getCanonicalType(t);
    if (canon.kind == CXType_Bool)
        return xstrdup(clang_isConstQualifiedType(t) ? "const bool" : "bool");
    CXType named = t;
    if (t.kind == CXType_Elaborated)
        named = clang_Type_getNamedType(t);
    char *s;
    if (named.kind == CXType_Typedef && !type_name_visible(named)) {
        /* a typedef local to the function: fall back to what it names */
        s = type_spelling(canon);
        if (clang_isConstQualifiedType(t) && strncmp(s, "const ", 6) != 0)
            s = xformat("const %s", s);
    } else {
        s = type_spelling(t);
    }
    if ((canon.kind == CXType_Record || canon.kind == CXType_Enum) && !type_name_visible(canon) &&
        named.kind != CXType_Typedef)
        return NULL;
    if (strstr(s, "(unnamed") || strstr(s, "(anonymous"))
        return NULL;
    remove_word(s, "restrict");
    remove_word(s, "__restrict");
    remove_word(s, "volatile");
    return s;
}

static DeclEntry *decl_slot(DeclEntry *table, size_t cap, CXCursor c)
{
    for (size_t i = clang_hashCursor(c) & (cap - 1);; i = (i + 1) & (cap - 1))
        if (!table[i].var || clang_equalCursors(table[i].decl, c))
            return &table[i];
}

static void decls_grow(void)
{
    size_t cap = decls_cap ? 2 * decls_cap : 256;
    DeclEntry *table = xcalloc(cap, sizeof *table);
    for (size_t i = 0; i < decls_cap; i++)
        if (decls[i].var)
            *decl_slot(table, cap, decls[i].decl) = decls[i];
    decls = table;
    decls_cap = cap;
}

static Var *var_by_key(CXCursor decl);

Var *ast_var_for(CXCursor decl)
{
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
        return NULL;
    if (2 * (ndecls + 1) > decls_cap)
        decls_grow();
    DeclEntry *e = decl_slot(decls, decls_cap, decl);
    if (!e->var) {
        *e = (DeclEntry){decl, var_by_key(decl)};
        ndecls++;
    }
    return e->var;
}

/* The variable of a declaration, interned by its file, offset, line and
 * name. */
static Var *var_by_key(CXCursor decl)
{
    CXFile file;
    unsigned line, col, off;
    clang_getFileLocation(clang_getCursorLocation(decl), &file, &line, &col, &off);
    CXString spelling = clang_getCursorSpelling(decl);
    const char *sp = clang_getCString(spelling);
    CXString fname = clang_getFileName(file);
    const char *fn = clang_getCString(fname);
    /* the key in a buffer of its own: a reference to a known variable (most
     * of them) then allocates nothing that outlives the lookup */
    StrBuf key = {0};
    strbuf_printf(&key, "%s:%u:%u:%s", fn ? fn : "?", off, line, sp ? sp : "");
    clang_disposeString(fname);

    VarEntry *e;
    HASH_FIND_STR(var_table, key.buf, e);
    if (e) {
        strbuf_free(&key);
        clang_disposeString(spelling);
        return e->var;
    }
    Var *v = xcalloc(1, sizeof *v);
    v->name = xstrdup(sp ? sp : "");
    clang_disposeString(spelling);
    v->decl = decl;
    v->type = clang_getCursorType(decl);
    v->decl_offset = UINT32_MAX;
    CXSourceLocation loc = clang_getCursorLocation(decl);
    if (clang_Location_isFromMainFile(loc))
        v->decl_offset = off;
    enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(decl));
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
    if (pk == CXCursor_TranslationUnit)
        v->storage = VAR_GLOBAL;
    else if (sc == CX_SC_Static || sc == CX_SC_Extern)
        v->storage = sc == CX_SC_Extern ? VAR_GLOBAL : VAR_STATIC;
    else
        v->storage = VAR_LOCAL;
    v->is_register = sc == CX_SC_Register;
    v->is_volatile = clang_isVolatileQualifiedType(v->type) != 0;
    e = xcalloc(1, sizeof *e);
    e->key = strbuf_steal(&key);
    e->var = v;
    HASH_ADD_KEYPTR(hh, var_table, e->key, strlen(e->key), e);
    return v;
}

/* ------------------------------------------------------------ building */

typedef struct {
    CXCursor *items;
    int count, cap;
} CursorList;

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    CursorList *list = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_isReference(k) || k == CXCursor_TypeRef || clang_isAttribute(k))
        return CXChildVisit_Continue;
    if (list->count == list->cap) {
        /* (libc's: freed once the node's children are built) */
        list->cap = list->cap ? 2 * list->cap : 4;
        list->items = plain_realloc(list->items, (size_t)list->cap * sizeof(CXCursor));
    }
    list->items[list->count++] = c;
    return CXChildVisit_Continue;
}

static NodeKind kind_of(CXCursor c, int nkids)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: return N_DECLREF;
    case CXCursor_IntegerLiteral: return N_INTLIT;
    case CXCursor_FloatingLiteral: return N_FLOATLIT;
    case CXCursor_CharacterLiteral: return N_CHARLIT;
    case CXCursor_StringLiteral: return N_STRINGLIT;
    case CXCursor_ParenExpr: return N_PAREN;
    case CXCursor_CStyleCastExpr: return N_CAST;
    case CXCursor_UnexposedExpr: return nkids == 1 ? N_IMPLICIT : N_OTHER;
    case CXCursor_BinaryOperator: return N_BINARY;
    case CXCursor_CompoundAssignOperator: return N_ASSIGN;
    case CXCursor_UnaryOperator: return N_UNARY;
    case CXCursor_UnaryExpr: return N_SIZEOF;
    case CXCursor_ConditionalOperator: return N_COND;
    case CXCursor_CallExpr: return N_CALL;
    case CXCursor_ArraySubscriptExpr: return N_SUBSCRIPT;
    case CXCursor_MemberRefExpr: return N_MEMBER;
    case CXCursor_InitListExpr: return N_INITLIST;
    case CXCursor_CompoundStmt: return N_COMPOUND;
    case CXCursor_DeclStmt: return N_DECLSTMT;
    case CXCursor_VarDecl: return N_VARDECL;
    case CXCursor_IfStmt: return N_IF;
    case CXCursor_ForStmt: return N_FOR;
    case CXCursor_WhileStmt: return N_WHILE;
    case CXCursor_DoStmt: return N_DO;
    case CXCursor_SwitchStmt: return N_SWITCH;
    case CXCursor_CaseStmt: return N_CASE;
    case CXCursor_DefaultStmt: return N_DEFAULT;
    case CXCursor_BreakStmt: return N_BREAK;
    case CXCursor_ContinueStmt: return N_CONTINUE;
    case CXCursor_ReturnStmt: return N_RETURN;
    case CXCursor_GotoStmt:
    case CXCursor_IndirectGotoStmt: return N_GOTO;
    case CXCursor_LabelStmt: return N_LABEL;
    case CXCursor_NullStmt: return N_NULLSTMT;
    case CXCursor_GCCAsmStmt:
    case CXCursor_MSAsmStmt: return N_ASM;
    case CXCursor_StmtExpr: return N_STMTEXPR;
    default: return N_OTHER;
    }
}

/* One copy of each operator's spelling: a tree holds thousands of
 * operator nodes and the analyses only read and compare them. */
static const char *interned_operator(const char *spelling)
{
    static const char *seen[64];
    static int nseen;
    for (int i = 0; i < nseen; i++)
        if (!strcmp(seen[i], spelling))
            return seen[i];
    const char *copy = xstrdup(spelling);
    if (nseen < (int)(sizeof seen / sizeof seen[0]))
        seen[nseen++] = copy;
    return copy;
}

/* The operator of a binary, assignment or unary node, from libclang (17+),
 * which sees through macros. */
static void find_operator(Node *n)
{
    CXString sp;
    if (n->kind == N_UNARY) {
        enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(n->cursor);
        n->postfix = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PostDec;
        sp = clang_getUnaryOperatorKindSpelling(k);
    } else {
        sp = clang_getBinaryOperatorKindSpelling(clang_getCursorBinaryOperatorKind(n->cursor));
    }
    const char *t = clang_getCString(sp);
    n->op = interned_operator(t && *t ? t : "?");
    clang_disposeString(sp);
}

/* Makes kids[kid] the `for`'s init (which 0), cond (1) or inc (2). */
static void set_for_part(Node *n, int which, int kid)
{
    PR_ASSERT(kid < 31);
    n->for_parts = (unsigned short)((n->for_parts & ~(31u << (5 * which))) | ((unsigned)(kid + 1) << (5 * which)));
}

/* Assigns a `for`'s children to init, cond, inc and body by the positions of
 * the semicolons in its header. */
static void split_for(Node *n, const Source *src)
{
    size_t t = source_token_at(src, n->start);
    unsigned semi[2] = {0, 0}, close = 0;
    int nsemi = 0, depth = 0;
    bool found = false;
    if (!n->from_macro && t < src->ntokens && strcmp(src->tokens[t].text, "for") == 0) {
        for (size_t i = t + 1; i < src->ntokens; i++) {
            const char *s = src->tokens[i].text;
            if (strcmp(s, "(") == 0) {
                depth++;
            } else if (strcmp(s, ")") == 0) {
                if (--depth == 0) {
                    close = src->tokens[i].offset;
                    found = nsemi == 2;
                    break;
                }
            } else if (strcmp(s, ";") == 0 && depth == 1 && nsemi < 2) {
                semi[nsemi++] = src->tokens[i].offset;
            }
        }
    }
    Node *body = n->nkids ? n->kids[n->nkids - 1] : NULL;
    if (found) {
        for (int i = 0; i < n->nkids; i++) {
            Node *k = n->kids[i];
            if (k->start > close) {
                body = k;
            } else if (k->start < semi[0]) {
                set_for_part(n, 0, i);
            } else if (k->start < semi[1]) {
                set_for_part(n, 1, i);
            } else {
                set_for_part(n, 2, i);
            }
        }
    } else if (n->nkids == 4) {
        set_for_part(n, 0, 0);
        set_for_part(n, 1, 1);
        set_for_part(n, 2, 2);
    }
    /* kids[] keeps every child; the last one is the body. */
    (void)body;
}

/* A `for` body without braces that starts or ends inside a macro invocation
 * (`IDX(G, i, j) = ...;` starts at `G`, where clang maps the first token)
 * spans the whole invocation, so that the body's text copied into a kernel
 * is the statement as written, not cut from the middle of the macro. Done
 * here, once for every tree, since trees are shared (ast_build). */
static void widen_body_to_macro(const Source *src, const Node *loop, Node *body)
{
    unsigned ms, me;
    if (body->kind == N_COMPOUND || body->end <= body->start)
        return;
    if (source_macro_span(src, body->start, &ms, &me) && ms >= loop->start && me <= loop->end)
        body->start = ms;
    if (source_macro_span(src, body->end - 1, &ms, &me) && ms >= body->start && me <= loop->end &&
        me > body->end)
        body->end = me;
}

/* A node's name: its variable's when it has that spelling (one copy for
 * all its references), else a copy beside the node (freed with a scratch
 * tree, no block of its own). */
static const char *node_name(CXCursor c, const Var *v)
{
    CXString s = clang_getCursorSpelling(c);
    const char *t = clang_getCString(s);
    if (!t)
        t = "";
    const char *name = v && !strcmp(v->name, t) ? v->name : NULL;
    if (!name) {
        size_t len = strlen(t);
        char *copy = node_alloc(len + 1);
        memcpy(copy, t, len + 1);
        name = copy;
    }
    clang_disposeString(s);
    return name;
}

static Node *build(const Source *src, CXCursor c, Node *parent)
{
    Node *n = node_alloc(sizeof *n);
    n->cursor = c;
    n->type = clang_getCursorType(c);
    n->parent = parent;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned s = 0, e = 0;
    bool ok_s = source_offset(src, clang_getRangeStart(r), &s);
    bool ok_e = source_offset(src, clang_getRangeEnd(r), &e);
    if (!ok_s || !ok_e || e < s) {
        /* outside the main file (a macro from a header, say) */
        n->from_macro = true;
        if (!ok_s)
            s = parent ? parent->start : 0;
        if (!ok_e || e < s)
            e = s;
    }
    n->start = s;
    n->end = e;
    if (!n->from_macro)
        n->from_macro = source_in_macro(src, s, e);

    CursorList kids = {0};
    clang_visitChildren(c, collect_child, &kids);
    n->kind = kind_of(c, kids.count);
    if (kids.count) {
        n->kids = node_alloc((size_t)kids.count * sizeof(Node *));
        for (int i = 0; i < kids.count; i++)
            n->kids[n->nkids++] = build(src, kids.items[i], n);
    }
    free(kids.items);

    switch (n->kind) {
    case N_DECLREF: {
        n->var = ast_var_for(clang_getCursorReferenced(c));
        n->name = node_name(c, n->var);
        break;
    }
    case N_VARDECL:
        n->var = ast_var_for(c);
        n->name = node_name(c, n->var);
        break;
    case N_CALL:
        n->name = node_name(c, NULL);
        break;
    case N_MEMBER: {
        n->name = node_name(c, NULL);
        n->op = ".";
        if (n->nkids && clang_getCanonicalType(ast_strip(n->kids[0])->type).kind == CXType_Pointer)
            n->op = "->";
        break;
    }
    case N_BINARY:
    case N_ASSIGN:
        if (n->nkids == 2) {
            find_operator(n);
            if (n->kind == N_BINARY && strcmp(n->op, "=") == 0)
                n->kind = N_ASSIGN;
        } else {
            n->kind = N_OTHER;
        }
        break;
    case N_UNARY:
        if (n->nkids == 1)
            find_operator(n);
        else
            n->kind = N_OTHER;
        break;
    case N_SUBSCRIPT:
        /* `i[a]` is legal C: make kids[0] the pointer or array */
        if (n->nkids == 2) {
            enum CXTypeKind k0 = clang_getCanonicalType(ast_strip(n->kids[0])->type).kind;
            if (k0 != CXType_Pointer && k0 != CXType_ConstantArray &&
                k0 != CXType_IncompleteArray && k0 != CXType_VariableArray) {
                Node *tmp = n->kids[0];
                n->kids[0] = n->kids[1];
                n->kids[1] = tmp;
            }
        } else {
            n->kind = N_OTHER;
        }
        break;
    case N_FOR:
        split_for(n, src);
        if (n->nkids)
            widen_body_to_macro(src, n, n->kids[n->nkids - 1]);
        break;
    default:
        break;
    }
    return n;
}

static TreeEntry *tree_slot(TreeEntry *table, size_t cap, CXCursor c, unsigned hash)
{
    for (size_t i = hash & (cap - 1);; i = (i + 1) & (cap - 1))
        if (!table[i].tree || (table[i].hash == hash && clang_equalCursors(table[i].cursor, c)))
            return &table[i];
}

static void trees_grow(void)
{
    size_t cap = trees_cap ? 2 * trees_cap : 256;
    TreeEntry *table = xcalloc(cap, sizeof *table);
    for (size_t i = 0; i < trees_cap; i++)
        if (trees[i].tree)
            *tree_slot(table, cap, trees[i].cursor, trees[i].hash) = trees[i];
    trees = table;
    trees_cap = cap;
}

Node *ast_build(const Source *src, CXCursor cursor)
{
    if (2 * (ntrees + 1) > trees_cap)
        trees_grow();
    unsigned hash = clang_hashCursor(cursor);
    TreeEntry *e = tree_slot(trees, trees_cap, cursor, hash);
    if (e->tree == &freed_tree) {
        e->tree = build(src, cursor, NULL);
    } else if (!e->tree) {
        Node *kept = keep_scratch(cursor);
        *e = (TreeEntry){hash, cursor, kept ? kept : build(src, cursor, NULL), NULL};
        ntrees++;
    }
    return e->tree;
}

/* A marked loop's tree, in the cache, with chunks of its own: freed by
 * ast_free_loop once its code is emitted, but for its root (a node of
 * the arena's, whose position later stages read). */
Node *ast_build_loop(const Source *src, CXCursor cursor)
{
    if (2 * (ntrees + 1) > trees_cap)
        trees_grow();
    unsigned hash = clang_hashCursor(cursor);
    TreeEntry *e = tree_slot(trees, trees_cap, cursor, hash);
    if (e->tree && e->tree != &freed_tree)
        return e->tree;
    if (!e->tree)
        ntrees++;
    ScratchChunk *own = NULL;
    building_chunks = &own;
    building_own = true;
    Node *built = build(src, cursor, NULL);
    building_chunks = NULL;
    building_own = false;
    Node *root = arena_small(sizeof *root);
    *root = *built;
    for (int i = 0; i < root->nkids; i++)
        root->kids[i]->parent = root;
    *e = (TreeEntry){hash, cursor, root, own};
    return root;
}

void ast_free_loop(Node *root)
{
    if (!root || !trees_cap)
        return;
    TreeEntry *e = tree_slot(trees, trees_cap, root->cursor, clang_hashCursor(root->cursor));
    if (e->tree != root || !e->own)
        return;
    for (ScratchChunk *c = e->own; c;) {
        ScratchChunk *next = c->next;
        arena_release(c);
        c = next;
    }
    e->own = NULL;
    e->tree = &freed_tree;
    root->nkids = 0;
    root->kids = NULL;
    root->for_parts = 0;
}

/* The cached tree of `cursor` when there is one (no second copy), else
 * one built for now: gone at the next ast_scratch_release(). */
Node *ast_build_scratch(const Source *src, CXCursor cursor)
{
    if (trees_cap) {
        TreeEntry *e = tree_slot(trees, trees_cap, cursor, clang_hashCursor(cursor));
        if (e->tree && e->tree != &freed_tree)
            return e->tree;
    }
    for (size_t i = 0; i < nscratch; i++)
        if (clang_equalCursors(scratch_trees[i].cursor, cursor))
            return scratch_trees[i].tree;
    ScratchTree t = {cursor, NULL, NULL};
    building_chunks = &t.chunks;
    t.tree = build(src, cursor, NULL);
    building_chunks = NULL;
    scratch_trees = plain_realloc(scratch_trees, (nscratch + 1) * sizeof *scratch_trees);
    scratch_trees[nscratch++] = t;
    return t.tree;
}

Node *ast_strip_implicit(Node *n)
{
    while (n && n->kind == N_IMPLICIT)
        n = n->kids[0];
    return n;
}

Node *ast_strip(Node *n)
{
    while (n && (n->kind == N_IMPLICIT || n->kind == N_PAREN) && n->nkids == 1)
        n = n->kids[0];
    return n;
}

static void print_node(StrBuf *sb, const Node *n);

static void print_kids(StrBuf *sb, const Node *n, int from, const char *sep)
{
    for (int i = from; i < n->nkids; i++) {
        if (i > from)
            strbuf_puts(sb, sep);
        print_node(sb, n->kids[i]);
    }
}

/* Constants print as their value: literals spelled inside macros have no
 * text of their own, and sizeof has no operand in the tree. */
static bool print_constant(StrBuf *sb, const Node *n)
{
    if (n->kind != N_INTLIT && n->kind != N_CHARLIT && n->kind != N_FLOATLIT &&
        n->kind != N_SIZEOF)
        return false;
    CXEvalResult ev = clang_Cursor_Evaluate(n->cursor);
    if (!ev)
        return false;
    bool ok = true;
    switch (clang_EvalResult_getKind(ev)) {
    case CXEval_Int: {
        /* in the constant's own type: `u > -1` compares in unsigned as C
         * does, not in long long */
        CXType t = clang_getCanonicalType(n->type);
        const char *name = t.kind == CXType_LongLong || t.kind == CXType_ULongLong ? NULL : type_cxx_name(t);
        if (name)
            strbuf_printf(sb, "((%s)", name);
        if (clang_EvalResult_isUnsignedInt(ev))
            strbuf_printf(sb, "%lluULL", clang_EvalResult_getAsUnsigned(ev));
        else
            strbuf_printf(sb, "(%lldLL)", clang_EvalResult_getAsLongLong(ev));
        if (name)
            strbuf_puts(sb, ")");
        break;
    }
    case CXEval_Float:
        strbuf_printf(sb, "%s%.17g%s", "(", clang_EvalResult_getAsDouble(ev),
                      clang_getCanonicalType(n->type).kind == CXType_Float ? "f)" : ")");
        break;
    default:
        ok = false;
    }
    clang_EvalResult_dispose(ev);
    return ok;
}

/* ast_print_replacing's table: nodes printed as a name instead */
static const Node *const *replaced_nodes;
static const char *const *replacing_names;
static size_t nreplaced;

static void print_node(StrBuf *sb, const Node *n)
{
    for (size_t k = 0; k < nreplaced; k++)
        if (replaced_nodes[k] == n) {
            strbuf_puts(sb, replacing_names[k]);
            return;
        }
    if (print_constant(sb, n))
        return;
    switch (n->kind) {
    case N_DECLREF: {
        /* an enum constant of the function has no name outside it */
        char *value = n->var ? NULL : cxx_local_enum_text(n->cursor);
        strbuf_puts(sb, value ? value : n->name);
        return;
    }
    case N_IMPLICIT:
        print_node(sb, n->kids[0]);
        return;
    case N_PAREN:
        strbuf_puts(sb, "(");
        print_kids(sb, n, 0, "");
        strbuf_puts(sb, ")");
        return;
    case N_CAST:
        strbuf_printf(sb, "((%s)", type_spelling(n->type));
        if (n->nkids)
            print_node(sb, n->kids[n->nkids - 1]);
        strbuf_puts(sb, ")");
        return;
    case N_BINARY:
    case N_ASSIGN:
        strbuf_puts(sb, "(");
        print_node(sb, n->kids[0]);
        strbuf_printf(sb, " %s ", n->op);
        print_node(sb, n->kids[1]);
        strbuf_puts(sb, ")");
        return;
    case N_UNARY:
        strbuf_puts(sb, "(");
        if (!n->postfix)
            strbuf_puts(sb, n->op);
        print_node(sb, n->kids[0]);
        if (n->postfix)
            strbuf_puts(sb, n->op);
        strbuf_puts(sb, ")");
        return;
    case N_COND:
        strbuf_puts(sb, "(");
        print_node(sb, n->kids[0]);
        if (n->nkids == 3) {
            strbuf_puts(sb, " ? ");
            print_node(sb, n->kids[1]);
            strbuf_puts(sb, " : ");
            print_node(sb, n->kids[2]);
        } else {
            strbuf_puts(sb, " ?: ");
            print_node(sb, n->kids[n->nkids - 1]);
        }
        strbuf_puts(sb, ")");
        return;
    case N_CALL:
        strbuf_printf(sb, "%s(", n->name ? n->name : "?");
        print_kids(sb, n, 1, ", ");
        strbuf_puts(sb, ")");
        return;
    case N_SUBSCRIPT:
        print_node(sb, n->kids[0]);
        strbuf_puts(sb, "[");
        print_node(sb, n->kids[1]);
        strbuf_puts(sb, "]");
        return;
    case N_MEMBER:
        if (n->nkids)
            print_node(sb, n->kids[0]);
        strbuf_printf(sb, "%s%s", n->op ? n->op : ".", n->name);
        return;
    case N_STRINGLIT:
    default:
        strbuf_puts(sb, "<?>");
        return;
    }
}

char *ast_print(const Node *n)
{
    StrBuf sb = {0};
    if (n)
        print_node(&sb, n);
    return strbuf_steal(&sb);
}

char *ast_print_replacing(const Node *n, const Node *const *nodes, const char *const *names, size_t count)
{
    replaced_nodes = nodes;
    replacing_names = names;
    nreplaced = count;
    char *text = ast_print(n);
    nreplaced = 0;
    return text;
}

static bool mentions_local_enum(const Node *n)
{
    if (n->kind == N_DECLREF && !n->var && cxx_local_enum_text(n->cursor))
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (mentions_local_enum(n->kids[i]))
            return true;
    return false;
}

char *ast_expr_text(const Source *src, const Node *n)
{
    if (src && !n->from_macro && source_text_whole(src, n->start, n->end) && !mentions_local_enum(n))
        return source_text(src, n->start, n->end);
    return ast_print(n);
}

bool ast_int_constant(const Node *n, long long *value)
{
    n = ast_strip((Node *)n);
    if (!n)
        return false;
    CXEvalResult ev = clang_Cursor_Evaluate(n->cursor);
    if (!ev)
        return false;
    bool ok = clang_EvalResult_getKind(ev) == CXEval_Int;
    if (ok)
        *value = clang_EvalResult_getAsLongLong(ev);
    clang_EvalResult_dispose(ev);
    return ok;
}

bool ast_same_expr(const Source *src, const Node *a, const Node *b)
{
    (void)src;
    return strcmp(ast_print(ast_strip((Node *)a)), ast_print(ast_strip((Node *)b))) == 0;
}

bool ast_mentions(const Node *n, const Var *v)
{
    if (!n)
        return false;
    if ((n->kind == N_DECLREF || n->kind == N_VARDECL) && n->var == v)
        return true;
    for (int i = 0; i < n->nkids; i++)
        if (ast_mentions(n->kids[i], v))
            return true;
    return false;
}

static enum CXChildVisitResult take_first(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
}

static enum CXChildVisitResult take_last(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    *(CXCursor *)data = c;
    return CXChildVisit_Continue;
}

CXCursor cursor_first_child(CXCursor c)
{
    CXCursor out = clang_getNullCursor();
    clang_visitChildren(c, take_first, &out);
    return out;
}

CXCursor cursor_last_child(CXCursor c)
{
    CXCursor out = clang_getNullCursor();
    clang_visitChildren(c, take_last, &out);
    return out;
}

Node *ast_find_for(Node *tree, unsigned start)
{
    if (!tree)
        return NULL;
    if (tree->kind == N_FOR && tree->start == start)
        return tree;
    for (int i = 0; i < tree->nkids; i++) {
        Node *f = ast_find_for(tree->kids[i], start);
        if (f)
            return f;
    }
    return NULL;
}

const Node *ast_for_at(const Node *n, unsigned start)
{
    if (n->kind == N_FOR && n->start == start)
        return n;
    for (int i = 0; i < n->nkids; i++) {
        const Node *k = n->kids[i];
        if (k->start <= start && start < k->end) {
            const Node *f = ast_for_at(k, start);
            if (f)
                return f;
        }
    }
    return NULL;
}
