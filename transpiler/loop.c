/*
 * loop.c - checks that a marked `for` is canonical and extracts its facts.
 *
 * Accepted forms:
 *   init:  T i = lo  |  i = lo                    (T an integer type)
 *   cond:  i < hi  i <= hi  i > hi  i >= hi  (either operand order)
 *          i != hi                                (when the step is 1)
 *   step:  i++  ++i  i--  --i  i += c  i -= c  i = i + c  i = c + i  i = i - c
 * where c is a nonzero integer constant, or an unsigned loop-invariant
 * variable (checked for 0 at run time). lo, hi and c are evaluated once,
 * which is exact because the body may not modify what they read
 * (reduction.c enforces that).
 */
#include "pragreduce.h"

#include <stdio.h>
#include <string.h>

static bool is_iv(Node *n, const Var *iv)
{
    n = ast_strip(n);
    return n && n->kind == N_DECLREF && n->var == iv;
}

static bool extract_init(const Source *src, Node *loop, LoopInfo *li)
{
    Node *init = ast_for_init(loop);
    if (!init) {
        diag_at(src, loop->start, DIAG_ERROR,
                "the marked loop has no initialization; write 'for (i = first; i < bound; i++)'");
        return false;
    }
    if (init->kind == N_DECLSTMT) {
        if (init->nkids != 1 || init->kids[0]->kind != N_VARDECL || init->kids[0]->nkids < 1) {
            diag_at(src, init->start, DIAG_ERROR,
                    "the marked loop must declare exactly one induction variable with an initial "
                    "value");
            return false;
        }
        Node *decl = init->kids[0];
        li->iv = decl->var;
        li->iv_declared_in_loop = true;
        li->lo_node = decl->kids[decl->nkids - 1];
    } else if (init->kind == N_ASSIGN && strcmp(init->op, "=") == 0 &&
               ast_strip(init->kids[0])->kind == N_DECLREF && ast_strip(init->kids[0])->var) {
        li->iv = ast_strip(init->kids[0])->var;
        li->lo_node = init->kids[1];
    } else {
        diag_at(src, init->start, DIAG_ERROR,
                "unsupported loop initialization; expected 'i = first' or 'int i = first'");
        return false;
    }
    if (!li->iv) {
        diag_at(src, init->start, DIAG_ERROR, "the loop initialization does not name a variable");
        return false;
    }
    if (!type_is_integer(li->iv->type) || clang_getCanonicalType(li->iv->type).kind == CXType_Bool) {
        diag_at(src, init->start, DIAG_ERROR,
                "the induction variable '%s' has type '%s'; a marked loop needs an integer "
                "induction variable",
                li->iv->name, type_spelling(li->iv->type));
        return false;
    }
    if (li->iv->is_volatile) {
        diag_at(src, init->start, DIAG_ERROR, "the induction variable '%s' is volatile",
                li->iv->name);
        return false;
    }
    li->iv_type = type_cxx_name(li->iv->type);
    if (!li->iv_type) {
        diag_at(src, init->start, DIAG_ERROR,
                "the type of induction variable '%s' cannot be named outside its function",
                li->iv->name);
        return false;
    }
    /* `int i` may be `const int` in no valid loop, but strip it anyway */
    if (strncmp(li->iv_type, "const ", 6) == 0)
        li->iv_type += 6;
    return true;
}

static const char *cmp_text(LoopCmp c)
{
    static const char *t[] = {"<", "<=", ">", ">=", "!="};
    return t[c];
}

static bool extract_cond(const Source *src, Node *loop, LoopInfo *li)
{
    Node *cond = ast_for_cond(loop);
    if (!cond) {
        diag_at(src, loop->start, DIAG_ERROR,
                "the marked loop has no condition; a reduction needs a trip count");
        return false;
    }
    Node *c = ast_strip(cond);
    static const struct { const char *op; LoopCmp cmp, flipped; } ops[] = {
        {"<", CMP_LT, CMP_GT}, {"<=", CMP_LE, CMP_GE}, {">", CMP_GT, CMP_LT},
        {">=", CMP_GE, CMP_LE}, {"!=", CMP_NE, CMP_NE},
    };
    if (c->kind == N_BINARY) {
        for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
            if (strcmp(c->op, ops[k].op) != 0)
                continue;
            if (is_iv(c->kids[0], li->iv) && !ast_mentions(c->kids[1], li->iv)) {
                li->cmp = ops[k].cmp;
                li->hi_node = c->kids[1];
                return true;
            }
            if (is_iv(c->kids[1], li->iv) && !ast_mentions(c->kids[0], li->iv)) {
                li->cmp = ops[k].flipped;
                li->hi_node = c->kids[0];
                return true;
            }
        }
    }
    diag_at(src, cond->start, DIAG_ERROR,
            "the loop condition must compare the induction variable '%s' with a bound using <, "
            "<=, >, >= or !=",
            li->iv->name);
    return false;
}

static bool extract_step(const Source *src, Node *loop, LoopInfo *li)
{
    Node *inc = ast_for_inc(loop);
    const char *bad = "unsupported loop increment; expected i++, ++i, i--, --i, i += c, i -= c or "
                      "i = i + c";
    if (!inc) {
        diag_at(src, loop->start, DIAG_ERROR,
                "the marked loop has no increment; a reduction needs a trip count");
        return false;
    }
    Node *n = ast_strip(inc);
    li->step_node = NULL;
    if (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")) &&
        is_iv(n->kids[0], li->iv)) {
        li->step = xstrdup("1");
        li->step_down = n->op[0] == '-';
        return true;
    }
    if (n->kind == N_ASSIGN && is_iv(n->kids[0], li->iv)) {
        if (!strcmp(n->op, "+=") || !strcmp(n->op, "-=")) {
            li->step_node = n->kids[1];
            li->step_down = n->op[0] == '-';
        } else if (!strcmp(n->op, "=")) {
            Node *r = ast_strip(n->kids[1]);
            if (r->kind == N_BINARY && (!strcmp(r->op, "+") || !strcmp(r->op, "-"))) {
                if (is_iv(r->kids[0], li->iv) && !ast_mentions(r->kids[1], li->iv)) {
                    li->step_node = r->kids[1];
                    li->step_down = r->op[0] == '-';
                } else if (r->op[0] == '+' && is_iv(r->kids[1], li->iv) &&
                           !ast_mentions(r->kids[0], li->iv)) {
                    li->step_node = r->kids[0];
                }
            }
        }
    }
    if (!li->step_node) {
        diag_at(src, inc->start, DIAG_ERROR, "%s", bad);
        return false;
    }
    if (ast_mentions(li->step_node, li->iv)) {
        diag_at(src, inc->start, DIAG_ERROR, "%s", bad);
        return false;
    }
    Node *sn = ast_strip(li->step_node);
    if (!type_is_integer(sn->type)) {
        diag_at(src, li->step_node->start, DIAG_ERROR, "the loop step must be an integer");
        return false;
    }
    CXEvalResult ev = clang_Cursor_Evaluate(sn->cursor);
    if (ev && clang_EvalResult_getKind(ev) == CXEval_Int) {
        long long v = clang_EvalResult_getAsLongLong(ev);
        bool is_unsigned = clang_EvalResult_isUnsignedInt(ev);
        clang_EvalResult_dispose(ev);
        if (v == 0) {
            diag_at(src, li->step_node->start, DIAG_ERROR,
                    "the loop step is 0, so the loop would never end");
            return false;
        }
        if (!is_unsigned && v < 0) {
            li->step_down = !li->step_down;
            v = -v;
        }
        li->step = xformat("%lluULL", (unsigned long long)v);
        return true;
    }
    if (ev)
        clang_EvalResult_dispose(ev);
    CXType canon = clang_getCanonicalType(sn->type);
    bool is_unsigned = canon.kind == CXType_UChar || canon.kind == CXType_UShort ||
                       canon.kind == CXType_UInt || canon.kind == CXType_ULong ||
                       canon.kind == CXType_ULongLong || canon.kind == CXType_UInt128;
    if (!is_unsigned) {
        char *text = ast_expr_text(src, li->step_node);
        diag_at(src, li->step_node->start, DIAG_ERROR,
                "the loop step '%s' is not a constant and its sign is unknown; use a constant, "
                "or an unsigned variable",
                text);
        return false;
    }
    li->step = ast_expr_text(src, li->step_node);
    li->step_runtime_check = true;
    return true;
}

static bool check_direction(const Source *src, Node *loop, LoopInfo *li)
{
    Node *cond = ast_for_cond(loop);
    switch (li->cmp) {
    case CMP_LT:
    case CMP_LE:
        if (li->step_down) {
            diag_at(src, cond->start, DIAG_ERROR,
                    "the condition '%s %s ...' expects '%s' to increase, but the step decreases it",
                    li->iv->name, cmp_text(li->cmp), li->iv->name);
            return false;
        }
        return true;
    case CMP_GT:
    case CMP_GE:
        if (!li->step_down) {
            diag_at(src, cond->start, DIAG_ERROR,
                    "the condition '%s %s ...' expects '%s' to decrease, but the step increases it",
                    li->iv->name, cmp_text(li->cmp), li->iv->name);
            return false;
        }
        return true;
    case CMP_NE:
        if (strcmp(li->step, "1") != 0 && strcmp(li->step, "1ULL") != 0) {
            diag_at(src, cond->start, DIAG_ERROR,
                    "a '!=' loop condition needs a step of 1 or -1; with another step the loop "
                    "may step over its bound");
            return false;
        }
        return true;
    }
    PR_UNREACHABLE();
}

bool loop_analyze_one(const Source *src, Node *loop, LoopInfo *li)
{
    memset(li, 0, sizeof *li);
    if (!extract_init(src, loop, li) || !extract_cond(src, loop, li) ||
        !extract_step(src, loop, li) || !check_direction(src, loop, li))
        return false;
    li->init = ast_for_init(loop);
    li->cond = ast_for_cond(loop);
    li->inc = ast_for_inc(loop);
    li->body = loop->kids[loop->nkids - 1];
    if (li->body == li->init || li->body == li->cond || li->body == li->inc) {
        diag_at(src, loop->start, DIAG_ERROR, "the marked loop has no body");
        return false;
    }
    li->lo = ast_expr_text(src, li->lo_node);
    li->hi = ast_expr_text(src, li->hi_node);
    return true;
}

/* The loop a collapsed level holds: its body is that loop alone, perhaps
 * in braces; NULL when the nest is not perfect. */
static Node *nested_for(Node *body)
{
    Node *b = body;
    while (b && b->kind == N_COMPOUND && b->nkids == 1)
        b = b->kids[0];
    return b && b->kind == N_FOR ? b : NULL;
}

static bool mentions_outer_iv(const Site *site, int level, const Node *n)
{
    if (!n)
        return false;
    if (ast_mentions(n, site->info.iv))
        return true;
    for (int k = 0; k < level; k++)
        if (ast_mentions(n, site->inner[k].iv))
            return true;
    return false;
}

bool loop_analyze(const Source *src, Site *site, Node *loop)
{
    if (!loop_analyze_one(src, loop, &site->info))
        return false;
    site->ninner = 0;
    site->innermost = loop;
    for (int level = 1; level < site->pragma.collapse; level++) {
        Node *outer = site->innermost;
        Node *next = nested_for(outer->kids[outer->nkids - 1]);
        if (!next) {
            Node *body = outer->kids[outer->nkids - 1];
            diag_at(src, body->start, DIAG_ERROR,
                    "collapse(%d) needs %d perfectly nested 'for' loops, but the body of loop %d "
                    "is not a single 'for' loop",
                    site->pragma.collapse, site->pragma.collapse, level);
            return false;
        }
        LoopInfo *li = &site->inner[level - 1];
        if (!loop_analyze_one(src, next, li))
            return false;
        const Node *bounds[] = {li->lo_node, li->hi_node, li->step_node};
        for (int b = 0; b < 3; b++) {
            if (mentions_outer_iv(site, level - 1, bounds[b])) {
                diag_at(src, bounds[b]->start, DIAG_ERROR,
                        "collapse(%d) needs rectangular loops: '%s', in the header of loop %d, "
                        "depends on an outer loop's induction variable",
                        site->pragma.collapse, ast_expr_text(src, bounds[b]), level + 1);
                return false;
            }
        }
        bool same = li->iv == site->info.iv;
        for (int k = 0; k < level - 1; k++)
            same |= li->iv == site->inner[k].iv;
        if (same) {
            diag_at(src, li->init->start, DIAG_ERROR,
                    "the collapsed loops need induction variables of their own; '%s' is already "
                    "an outer loop's",
                    li->iv->name);
            return false;
        }
        site->ninner = level;
        site->innermost = next;
    }
    /* the body each point of the iteration space runs */
    site->info.body = site->ninner ? site->inner[site->ninner - 1].body : site->info.body;
    return true;
}

bool site_is_iv(const Site *site, const Var *v)
{
    if (!v)
        return false;
    if (v == site->info.iv)
        return true;
    for (int k = 0; k < site->ninner; k++)
        if (v == site->inner[k].iv)
            return true;
    return false;
}

/* The loop's text ends after its body; a body that is a single statement
 * ends before its ';', which belongs to the loop too. */
unsigned loop_text_end(const Source *src, const Node *loop)
{
    const Node *body = loop->kids[loop->nkids - 1];
    unsigned end = loop->end;
    if (body->kind == N_COMPOUND)
        return end;
    size_t t = source_token_at(src, end);
    if (t < src->ntokens && strcmp(src->tokens[t].text, ";") == 0)
        return src->tokens[t].end;
    return end;
}
