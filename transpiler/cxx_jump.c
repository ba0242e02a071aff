/*
 * cxx_jump.c - jumps past initializations.
 *
 * C lets `goto` (and `switch` to a `case`) jump into the scope of a
 * variable past its initialization, leaving it indeterminate; C++ forbids
 * the jump when the variable has an initializer. The initialization becomes
 * an assignment (`int k = e;` -> `int k; k = e;`), which means the same in
 * C: the jump skips the assignment instead. What cannot be assigned (arrays,
 * brace initializers, const objects, several declarators) is an error.
 */
#include "pragreduce.h"

#include <string.h>

typedef struct {
    CXCursor var;
    unsigned decl_start, decl_end;   /* its declaration statement */
    unsigned block_start, block_end; /* the block (or for) it is declared in */
    bool in_block;                   /* a statement of a block, which can be split */
} Local;

typedef struct {
    unsigned from, to; /* a jump from offset `from` to the label at `to` */
} Jump;

typedef struct {
    const Source *src;
    EditList *edits;
    bool ok;
    Local *locals;
    int nlocals;
    Jump *jumps;
    int njumps;
    CXCursor scope; /* the parent of the DeclStmt being visited */
} JumpCtx;

static bool offsets(const Source *src, CXCursor c, unsigned *s, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    return source_offset(src, clang_getRangeStart(r), s) &&
           source_offset(src, clang_getRangeEnd(r), e) && *e > *s;
}

static void add_jump(JumpCtx *ctx, unsigned from, CXCursor label)
{
    unsigned s, e;
    if (!offsets(ctx->src, label, &s, &e))
        return;
    ctx->jumps = xrealloc(ctx->jumps, (size_t)(ctx->njumps + 1) * sizeof(Jump));
    ctx->jumps[ctx->njumps++] = (Jump){from, s};
}

/* The case and default labels of one switch (not of switches inside it). */
typedef struct {
    JumpCtx *ctx;
    unsigned from;
} SwitchScan;

static enum CXChildVisitResult scan_cases(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    SwitchScan *sw = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_SwitchStmt)
        return CXChildVisit_Continue;
    if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt)
        add_jump(sw->ctx, sw->from, c);
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, void *data)
{
    JumpCtx *ctx = data;
    const Source *src = ctx->src;
    if (!source_cursor_in_main(src, c))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    unsigned s, e;
    if (k == CXCursor_GotoStmt && offsets(src, c, &s, &e)) {
        CXCursor label = clang_getCursorReferenced(cursor_first_child(c));
        if (clang_getCursorKind(label) == CXCursor_LabelStmt)
            add_jump(ctx, s, label);
    } else if (k == CXCursor_SwitchStmt && offsets(src, c, &s, &e)) {
        SwitchScan sw = {ctx, s};
        clang_visitChildren(c, scan_cases, &sw);
    } else if (k == CXCursor_VarDecl && clang_getCursorKind(parent) == CXCursor_DeclStmt &&
               clang_Cursor_getStorageClass(c) != CX_SC_Static &&
               clang_Cursor_getStorageClass(c) != CX_SC_Extern && offsets(src, parent, &s, &e)) {
        /* its scope: the block (or for statement) around the declaration */
        unsigned bs, be;
        if (offsets(src, ctx->scope, &bs, &be)) {
            Local l = {c, s, e, bs, be,
                       clang_getCursorKind(ctx->scope) == CXCursor_CompoundStmt};
            ctx->locals = xrealloc(ctx->locals, (size_t)(ctx->nlocals + 1) * sizeof(Local));
            ctx->locals[ctx->nlocals++] = l;
        }
    }
    if (k == CXCursor_DeclStmt)
        ctx->scope = parent;
    return CXChildVisit_Recurse;
}

static bool has_initializer(CXCursor var, CXCursor *init)
{
    CXCursor last = cursor_last_child(var);
    if (clang_Cursor_isNull(last) || !clang_isExpression(clang_getCursorKind(last)))
        return false;
    *init = last;
    return true;
}

static bool crossed(const Local *l, const Jump *j)
{
    bool label_in_scope = j->to >= l->decl_end && j->to < l->block_end && j->to >= l->block_start;
    bool from_in_scope = j->from >= l->decl_end && j->from < l->block_end;
    return label_in_scope && !from_in_scope;
}

/* `T name = init;` -> `T name; name = init;`: the `=` becomes `; name =`. */
static void split_initialization(JumpCtx *ctx, const Local *l, CXCursor init)
{
    const Source *src = ctx->src;
    char *name = cursor_spelling(l->var);
    CXType t = clang_getCanonicalType(clang_getCursorType(l->var));
    unsigned is, ie;
    bool assignable = l->in_block && t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray &&
                      t.kind != CXType_VariableArray && !clang_isConstQualifiedType(t) &&
                      clang_getCursorKind(init) != CXCursor_InitListExpr &&
                      offsets(src, init, &is, &ie) && !source_in_macro(src, l->decl_start, l->decl_end);
    /* one declarator: the statement's only `=` at depth 0 is the one */
    size_t eq = src->ntokens;
    int depth = 0, declarators = 1;
    for (size_t k = source_token_at(src, l->decl_start);
         assignable && k < src->ntokens && src->tokens[k].offset < l->decl_end; k++) {
        const char *tx = src->tokens[k].text;
        if (!strcmp(tx, "(") || !strcmp(tx, "[") || !strcmp(tx, "{"))
            depth++;
        else if (!strcmp(tx, ")") || !strcmp(tx, "]") || !strcmp(tx, "}"))
            depth--;
        else if (depth == 0 && !strcmp(tx, ","))
            declarators++;
        else if (depth == 0 && !strcmp(tx, "=") && eq == src->ntokens)
            eq = k;
    }
    if (!assignable || declarators != 1 || eq == src->ntokens || src->tokens[eq].end > is) {
        unsigned at = 0;
        (void)source_offset(src, clang_getCursorLocation(l->var), &at);
        diag_at(src, at, DIAG_ERROR,
                "a jump (goto, or switch to a case) passes the initialization of '%s', which C "
                "allows and C++ (what nvcc compiles) does not: declare it without an "
                "initializer and assign it, or move the declaration before the jump",
                name);
        ctx->ok = false;
        return;
    }
    edits_add(ctx->edits, src->tokens[eq - 1].end, src->tokens[eq].end, xformat("; %s =", name));
}

bool cxx_jump_rewrite(const Source *src, EditList *edits)
{
    JumpCtx ctx = {src, edits, true, NULL, 0, NULL, 0, clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), collect, &ctx);
    if (ctx.njumps == 0)
        return true;
    for (int i = 0; i < ctx.nlocals; i++) {
        Local *l = &ctx.locals[i];
        CXCursor init;
        if (!has_initializer(l->var, &init))
            continue;
        for (int j = 0; j < ctx.njumps; j++)
            if (crossed(l, &ctx.jumps[j])) {
                split_initialization(&ctx, l, init);
                break;
            }
    }
    return ctx.ok;
}
