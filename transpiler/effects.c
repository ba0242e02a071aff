/*
 * effects.c - what host code writes, for residency.c.
 *
 * Answers, for a statement or a function of the file: which variables it
 * assigns and which types it writes through memory (Facts), whether an
 * expression means before the statement what it means in it (invariant)
 * and whether it may be evaluated anywhere (safe: no load a guard may
 * protect, no division by a variable), which library calls write nothing
 * of ours (pure) or known bytes at an argument (models), and what each
 * function of the file writes (FnSummary: only its locals, through which
 * pointer parameters, or other memory).
 */
#include "pragreduce.h"

#include <string.h>

/* The set of regioned functions is looked up at every call of the file:
 * a hash table (open addressing) keeps 10,000 functions linear. */
static int *regioned_slot(const Effects *r, CXCursor canon)
{
    unsigned mask = (unsigned)r->nregioned_slots - 1;
    for (unsigned h = clang_hashCursor(canon) & mask;; h = (h + 1) & mask) {
        int *slot = &r->regioned_slots[h];
        if (*slot == 0 || clang_equalCursors(r->regioned[*slot - 1], canon))
            return slot;
    }
}

bool fx_is_regioned(const Effects *r, CXCursor fn)
{
    if (!r->nregioned)
        return false;
    return *regioned_slot(r, clang_getCanonicalCursor(fn)) != 0;
}

static void rehash_regioned(Effects *r)
{
    r->nregioned_slots = r->nregioned_slots ? 2 * r->nregioned_slots : 64;
    r->regioned_slots = xcalloc((size_t)r->nregioned_slots, sizeof(int));
    for (int i = 0; i < r->nregioned; i++)
        *regioned_slot(r, r->regioned[i]) = i + 1;
}

void fx_add_regioned(Effects *r, CXCursor fn)
{
    if (fx_is_regioned(r, fn))
        return;
    r->regioned = xrealloc(r->regioned, (size_t)(r->nregioned + 1) * sizeof(CXCursor));
    r->regioned[r->nregioned++] = clang_getCanonicalCursor(fn);
    if (2 * r->nregioned > r->nregioned_slots)
        rehash_regioned(r); /* also inserts the new one */
    else
        *regioned_slot(r, r->regioned[r->nregioned - 1]) = r->nregioned;
}

bool fx_type_is_aggregate(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray ||
           c.kind == CXType_VariableArray || c.kind == CXType_Record;
}

bool fx_is_addr_taken(const Effects *r, const Var *v)
{
    for (int i = 0; i < r->naddr; i++)
        if (r->addr_taken[i] == v)
            return true;
    return false;
}

/* Locals whose address the function takes (&v, or an array member that decays). */
void fx_collect_addr_taken(Effects *r, const Node *n)
{
    /* &v, &s.f, and s.arr decaying to a pointer to its first element */
    bool decays = n->kind == N_IMPLICIT && n->nkids == 1 &&
                  clang_getCanonicalType(n->kids[0]->type).kind == CXType_ConstantArray &&
                  clang_getCanonicalType(n->type).kind == CXType_Pointer;
    if ((n->kind == N_UNARY && !strcmp(n->op, "&") && n->nkids == 1) || decays) {
        const Node *t = ast_strip(n->kids[0]);
        while (t && t->kind == N_MEMBER && !strcmp(t->op, ".") && t->nkids)
            t = ast_strip(t->kids[0]);
        if (t && t->kind == N_DECLREF && t->var && !fx_is_addr_taken(r, t->var)) {
            r->addr_taken = xrealloc(r->addr_taken, (size_t)(r->naddr + 1) * sizeof(Var *));
            r->addr_taken[r->naddr++] = t->var;
        }
    }
    for (int i = 0; i < n->nkids; i++)
        fx_collect_addr_taken(r, n->kids[i]);
}

/* A local the function alone can write by name: not static, not an array
 * (arrays are memory marked loops read), address never taken. */
bool fx_plain_local(const Effects *r, const Var *v)
{
    if (!v || v->storage != VAR_LOCAL || fx_is_addr_taken(r, v))
        return false;
    CXType c = clang_getCanonicalType(v->type);
    return c.kind != CXType_ConstantArray && c.kind != CXType_IncompleteArray &&
           c.kind != CXType_VariableArray;
}

/* The variable at the root of `a.b.c` (struct members by value), or NULL. */
const Var *fx_dot_root(const Node *n)
{
    n = ast_strip((Node *)n);
    while (n && n->kind == N_MEMBER && !strcmp(n->op, ".") && n->nkids)
        n = ast_strip(n->kids[0]);
    return n && n->kind == N_DECLREF ? n->var : NULL;
}

/* ------------------------------------------------------------ statement facts */

static bool is_modeled(Effects *r, const Node *call);

CXCursor fx_callee(const Node *call)
{
    CXCursor ref = clang_getCursorReferenced(call->cursor);
    if (clang_Cursor_isNull(ref) || clang_getCursorKind(ref) != CXCursor_FunctionDecl)
        return clang_getNullCursor();
    /* a call through a pointer references the pointer, not a function */
    const Node *callee = call->nkids ? ast_strip(call->kids[0]) : NULL;
    if (!callee || callee->kind != N_DECLREF || callee->var)
        return clang_getNullCursor();
    return ref;
}

static void facts_add_written(Facts *f, const Var *v)
{
    f->written = xrealloc(f->written, (size_t)(f->nwritten + 1) * sizeof(Var *));
    f->written[f->nwritten++] = v;
}

void fx_facts(Effects *r, const Node *n, Facts *f)
{
    /* declared inside the statement: no value (or another variable) before it */
    if (n->kind == N_VARDECL && n->var)
        facts_add_written(f, n->var);
    if ((n->kind == N_ASSIGN && n->nkids) ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--") || !strcmp(n->op, "&")) &&
         n->nkids)) {
        const Node *t = ast_strip(n->kids[0]);
        const Var *root = fx_dot_root(t);
        if (root)
            facts_add_written(f, root);
        else if (strcmp(n->op, "&") != 0) {
            f->mem_types = xrealloc(f->mem_types, (size_t)(f->nmem + 1) * sizeof(CXType));
            f->mem_types[f->nmem++] = t->type;
        }
    } else if (n->kind == N_CALL) {
        CXCursor fn = fx_callee(n);
        if (!clang_Cursor_isNull(fn) && is_modeled(r, n)) {
            /* writes bytes at an argument: any type */
            f->mem_types = xrealloc(f->mem_types, (size_t)(f->nmem + 1) * sizeof(CXType));
            f->mem_types[f->nmem++] = n->type.kind == CXType_Pointer ? n->type : n->type;
            f->any_bytes = true;
        } else if (clang_Cursor_isNull(fn) || !(fx_pure_call(r, n) || fx_harmless(r, fn))) {
            f->opaque_call = true;
        }
    } else if (n->kind == N_ASM) {
        f->opaque_call = true; /* (a statement expression: its statements, below) */
    }
    if (n->kind == N_SIZEOF)
        return;
    for (int i = 0; i < n->nkids; i++)
        fx_facts(r, n->kids[i], f);
}

bool fx_char_type(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_Char_S || c.kind == CXType_Char_U || c.kind == CXType_SChar ||
           c.kind == CXType_UChar;
}

/* Whether a write of type `w` may change an object of type `v`. */
static bool may_alias(CXType w, CXType v)
{
    CXType a = clang_getCanonicalType(w), b = clang_getCanonicalType(v);
    if (fx_char_type(a) || a.kind == CXType_Record || b.kind == CXType_Record)
        return true;
    if (a.kind == CXType_Pointer || b.kind == CXType_Pointer)
        return a.kind == b.kind;
    if (type_is_integer(a) && type_is_integer(b))
        return clang_Type_getSizeOf(a) == clang_Type_getSizeOf(b);
    return a.kind == b.kind;
}

/* Whether `v` has, before the statement, the value it has where it is used
 * in it (`exempt`: the variable the statement assigns a call's result to). */
static bool invariant_var(const Effects *r, const Facts *f, const Var *v, const Var *exempt)
{
    if (!v)
        return true; /* functions, enum constants */
    for (int i = 0; i < f->nwritten; i++)
        if (f->written[i] == v && v != exempt)
            return false;
    if (fx_plain_local(r, v))
        return true;
    if (f->opaque_call || f->any_bytes)
        return false;
    for (int i = 0; i < f->nmem; i++)
        if (may_alias(f->mem_types[i], v->type))
            return false;
    return true;
}

/* Whether a read of memory of type `t` may see a write of the statement. */
static bool load_invariant(const Facts *f, CXType t)
{
    if (f->opaque_call || f->any_bytes)
        return false;
    for (int i = 0; i < f->nmem; i++)
        if (may_alias(f->mem_types[i], t))
            return false;
    return true;
}

/* No side effects, and every variable and every memory the expression reads
 * unchanged by the statement (except `skip`, induction variables of host
 * loops handled by the caller). `top`: `n` is the location written, whose
 * address is taken, not read. */
bool fx_invariant_at(const Effects *r, const Facts *f, const Node *n, const Var *exempt,
                         const Var *const *skip, int nskip, bool top)
{
    if (n->from_macro && n->kind == N_CALL)
        return false;
    CXType t = clang_getCanonicalType(n->type);
    bool array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                 t.kind == CXType_VariableArray;
    switch (n->kind) {
    case N_ASSIGN:
    case N_CALL:
    case N_ASM:
    case N_STMTEXPR:
        return false;
    case N_SIZEOF:
        return true; /* not evaluated (no variable-length arrays here) */
    case N_UNARY:
        if (!strcmp(n->op, "++") || !strcmp(n->op, "--"))
            return false;
        if (!strcmp(n->op, "*") && !top && !array && !load_invariant(f, n->type))
            return false;
        if (!strcmp(n->op, "&") && n->nkids)
            return fx_invariant_at(r, f, n->kids[0], exempt, skip, nskip, true);
        break;
    case N_SUBSCRIPT:
        if (!top && !array && !load_invariant(f, n->type))
            return false;
        break;
    case N_MEMBER:
        if (!top && !array && !load_invariant(f, n->type))
            return false;
        if (!strcmp(n->op, ".") && n->nkids) /* the struct's address, not a load */
            return fx_invariant_at(r, f, n->kids[0], exempt, skip, nskip, true);
        break;
    case N_DECLREF: {
        for (int i = 0; i < nskip; i++)
            if (skip[i] == n->var)
                return true;
        if (!n->var)
            return true;
        if (array && clang_getCursorKind(n->var->decl) != CXCursor_ParmDecl)
            return true; /* an array's address never changes */
        if (top)
            return true; /* the variable itself is written: its address is fixed */
        if (clang_isVolatileQualifiedType(n->var->type))
            return false;
        return invariant_var(r, f, n->var, exempt);
    }
    default:
        break;
    }
    for (int i = 0; i < n->nkids; i++)
        if (!fx_invariant_at(r, f, n->kids[i], exempt, skip, nskip, false))
            return false;
    return true;
}

bool fx_invariant(const Effects *r, const Facts *f, const Node *n, const Var *exempt,
                           const Var *const *skip, int nskip)
{
    return fx_invariant_at(r, f, n, exempt, skip, nskip, false);
}

/* ------------------------------------------------------------ calls */

static bool name_in(const char *name, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(name, *list))
            return true;
    return false;
}

/* Library functions that write no memory a marked loop may read. */
static const char *const pure_names[] = {
    "sqrt", "sqrtf", "cbrt", "cbrtf", "pow", "powf", "exp", "expf", "exp2", "exp2f", "expm1",
    "log", "logf", "log2", "log2f", "log10", "log10f", "log1p", "sin", "sinf", "cos", "cosf", "tan",
    "tanf", "asin", "acos", "atan", "atan2", "atan2f", "sinh", "cosh", "tanh", "fabs", "fabsf",
    "floor", "floorf", "ceil", "ceilf", "round", "roundf", "trunc", "truncf", "fmod", "fmodf",
    "fmin", "fmax", "fminf", "fmaxf", "hypot", "hypotf", "erf", "erfc", "tgamma", "lgamma",
    "lround", "llround", "lrint", "rint", "nearbyint", "copysign", "ldexp", "isnan", "isinf",
    "isfinite", "abs", "labs", "llabs", "printf", "fprintf", "puts", "putchar", "fputs", "fputc",
    "putc", "fflush", "perror", "strlen", "strcmp", "strncmp", "memcmp", "strchr", "strrchr",
    "strstr", "atoi", "atol", "atoll", "atof", "rand", "srand", "clock", "malloc", "calloc",
    "aligned_alloc", "exit", "abort", "_Exit", "__assert_fail", "__assert", "fopen", "fclose",
    "isalpha", "isdigit", "isspace", "isupper", "islower", "isalnum", "toupper", "tolower",
    "getenv", "expect", "fesetround", "fegetround", "huge_val", "huge_valf", "inf", "inff",
    "nan", "nanf", "isnan", "isinf_sign", "fpclassify", "signbit",
    /* OpenMP's clocks and queries (not its locks: other threads' writes
     * become visible at them) */
    "omp_get_wtime", "omp_get_wtick", "omp_get_thread_num", "omp_get_num_threads",
    "omp_get_max_threads", "omp_get_num_procs", "omp_in_parallel", "omp_get_level",
    "omp_get_active_level", "omp_get_dynamic", "omp_get_nested", "omp_get_thread_limit",
    "omp_get_max_active_levels", "omp_get_num_devices", "omp_get_default_device",
    "omp_is_initial_device", "omp_get_initial_device", "omp_get_team_size",
    "omp_get_ancestor_thread_num", "omp_in_final", "omp_get_num_teams", "omp_get_team_num",
    "omp_get_cancellation", "omp_get_proc_bind",
    /* ... and its settings of numbers (Rodinia srad_v2 sets the thread
     * count in every step: its copies were all made stale each time) */
    "omp_set_num_threads", "omp_set_dynamic", "omp_set_nested", "omp_set_max_active_levels",
    "omp_set_default_device", "omp_set_schedule",
    /* random numbers from the C library's own state */
    "drand48", "lrand48", "mrand48", "srand48", "random", "srandom",
    /* MPI's clocks and barrier: no buffer (nothing another rank writes here) */
    "MPI_Wtime", "MPI_Wtick", "MPI_Barrier", NULL};

/* strtol(s, NULL or &local, base) and time(NULL) write nothing of ours. */
static bool null_or_local_address(const Effects *r, const Node *arg)
{
    const Node *a = ast_strip((Node *)arg);
    while (a && a->kind == N_CAST && a->nkids)
        a = ast_strip(a->kids[a->nkids - 1]);
    if (!a)
        return false;
    if (a->kind == N_INTLIT || a->kind == N_OTHER /* NULL as ((void *)0) or __null */)
        return a->kind == N_INTLIT || a->nkids == 0;
    if (a->kind == N_UNARY && !strcmp(a->op, "&")) {
        const Node *t = ast_strip(a->kids[0]);
        return t->kind == N_DECLREF && t->var && t->var->storage == VAR_LOCAL &&
               !fx_type_is_aggregate(t->var->type);
    }
    (void)r;
    return false;
}

/* The name of a direct call of a function defined outside the file (a
 * library's), or NULL (a call through a pointer, or the file's own
 * function of that name). */
static const char *library_callee(const Effects *r, const Node *call)
{
    CXCursor fn = fx_callee(call);
    if (clang_Cursor_isNull(fn) || !call->name)
        return NULL;
    CXCursor def = clang_getCursorDefinition(fn);
    if (!clang_Cursor_isNull(def) && source_cursor_in_main(r->src, def))
        return NULL;
    return call->name;
}

bool fx_pure_call(const Effects *r, const Node *call)
{
    const char *name = library_callee(r, call);
    if (!name)
        return false;
    if (!strncmp(name, "__builtin_", 10))
        name += 10; /* HUGE_VAL, INFINITY, NAN, __builtin_expect, ... */
    if (name_in(name, pure_names))
        return true;
    if ((!strcmp(name, "time") && call->nkids == 2) ||
        ((!strncmp(name, "strto", 5)) && call->nkids >= 3))
        return null_or_local_address(r, call->kids[!strcmp(name, "time") ? 1 : 2]);
    return false;
}

/* Library functions that write a known number of bytes at an argument;
 * free and realloc (no count) drop the block's copies. */
const FxModel fx_models[FX_NMODELS] = {{"clock_gettime", 2, -1, 0}, {"gettimeofday", 1, -1, 0}, {"timespec_get", 1, -1, 0},
              {"time", 1, -1, 0},    {"strftime", 1, 2, 0},
              {"memset", 1, 3, 0},   {"memcpy", 1, 3, 0},    {"memmove", 1, 3, 0},
              {"strncpy", 1, 3, 0},  {"fread", 1, 2, 3},     {"fgets", 1, 2, 0},
              {"snprintf", 1, 2, 0}, {"vsnprintf", 1, 2, 0}, {"qsort", 1, 2, 3},
              {"free", 1, 0, 0},     {"realloc", 1, 0, 0},   {"rand_r", 1, -1, 0},
              {"sprintf", 1, -2, 0}, {"vsprintf", 1, -2, 0}, {"strcpy", 1, -2, 0},
              {"MPI_Comm_rank", 2, -1, 0}, {"MPI_Comm_size", 2, -1, 0}};

int fx_model_of(Effects *r, const Node *call)
{
    const char *name = library_callee(r, call);
    if (!name)
        return -1;
    if (!strncmp(name, "__builtin_", 10))
        name += 10;
    for (int k = 0; k < FX_NMODELS; k++) {
        if (strcmp(name, fx_models[k].name) != 0 || call->nkids <= fx_models[k].dst ||
            call->nkids <= fx_models[k].n1 || call->nkids <= fx_models[k].n2)
            continue;
        /* qsort calls its comparator: one that may write makes it unknown */
        if (!strcmp(name, "qsort")) {
            const Node *cmp = call->nkids > 4 ? ast_strip(call->kids[4]) : NULL;
            while (cmp && cmp->kind == N_CAST && cmp->nkids)
                cmp = ast_strip(cmp->kids[cmp->nkids - 1]);
            CXCursor f = cmp && cmp->kind == N_DECLREF && !cmp->var
                             ? clang_getCursorReferenced(cmp->cursor)
                             : clang_getNullCursor();
            if (clang_Cursor_isNull(f) || clang_getCursorKind(f) != CXCursor_FunctionDecl ||
                !fx_harmless(r, f))
                return -1;
        }
        return k;
    }
    return -1;
}

/* Blocking MPI calls (nonblocking ones write after they return: unknown).
 * MPI_Allreduce and MPI_Reduce read their receive buffer too (MPI_IN_PLACE). */
const FxMpiModel fx_mpi_models[FX_NMPI] = {
    {"MPI_Send", 6, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0},
    {"MPI_Recv", 7, 1, 2, 3, 0, 0, 0, 0, 0, 0, 7},
    {"MPI_Sendrecv", 12, 6, 7, 8, 1, 2, 3, 0, 0, 0, 12},
    {"MPI_Bcast", 5, 1, 2, 3, 1, 2, 3, 0, 0, 0, 0},
    {"MPI_Allreduce", 6, 2, 3, 4, 1, 3, 4, 2, 3, 4, 0},
    {"MPI_Reduce", 7, 2, 3, 4, 1, 3, 4, 2, 3, 4, 0},
};

int fx_mpi_model_of(Effects *r, const Node *call)
{
    const char *name = library_callee(r, call);
    if (!name)
        return -1;
    for (int k = 0; k < FX_NMPI; k++)
        if (!strcmp(name, fx_mpi_models[k].name) && call->nkids == fx_mpi_models[k].nargs + 1)
            return k;
    return -1;
}

static bool is_modeled(Effects *r, const Node *call)
{
    return fx_model_of(r, call) >= 0 || fx_mpi_model_of(r, call) >= 0;
}

/* The variable an lvalue's address derives from: through subscripts, `*`,
 * members and pointer arithmetic; NULL when none. */
/* A pointer value the address is computed from: the root variable or
 * arithmetic on it may be one; a pointer read from memory (p->data[i],
 * a[k][j] through double **, *q[i]) points elsewhere. */
static bool loaded_pointer(const Node *n)
{
    CXType t = clang_getCanonicalType(n->type);
    if (t.kind != CXType_Pointer)
        return false;
    return n->kind == N_SUBSCRIPT || n->kind == N_MEMBER || n->kind == N_CALL ||
           (n->kind == N_UNARY && !strcmp(n->op, "*")) || n->kind == N_OTHER;
}

const Node *fx_address_root(const Node *n)
{
    n = ast_strip((Node *)n);
    for (int depth = 0; n && depth < 32; depth++) {
        const Node *next;
        switch (n->kind) {
        case N_DECLREF:
            return n;
        case N_SUBSCRIPT:
        case N_MEMBER:
        case N_CAST:
            next = n->nkids ? ast_strip(n->kids[n->kind == N_CAST ? n->nkids - 1 : 0]) : NULL;
            break;
        case N_UNARY:
            if ((strcmp(n->op, "*") != 0 && strcmp(n->op, "&") != 0) || !n->nkids)
                return NULL;
            next = ast_strip(n->kids[0]);
            break;
        case N_BINARY: {
            if ((strcmp(n->op, "+") != 0 && strcmp(n->op, "-") != 0) || n->nkids != 2)
                return NULL;
            CXType t0 = clang_getCanonicalType(ast_strip(n->kids[0])->type);
            bool p0 = t0.kind == CXType_Pointer || t0.kind == CXType_ConstantArray ||
                      t0.kind == CXType_IncompleteArray;
            next = ast_strip(n->kids[p0 ? 0 : 1]);
            break;
        }
        default:
            return NULL;
        }
        if (!next || loaded_pointer(next))
            return NULL;
        n = next;
    }
    return NULL;
}

/* Where a pointer value points: the root of the address it was computed
 * from (`a`, `&s.v[2]`, `p + k`), or NULL when the value itself was loaded
 * from memory (`tab[k]`, `s->data`, `*pp`): that points anywhere, not into
 * the object it was read from. */
const Node *fx_pointee_root(const Node *ptr)
{
    const Node *n = ast_strip((Node *)ptr);
    return n && loaded_pointer(n) ? NULL : fx_address_root(n);
}

/* Position of a parameter of `def`, or -1. */
static int param_position(CXCursor def, const Var *v)
{
    if (!v || clang_getCursorKind(v->decl) != CXCursor_ParmDecl)
        return -1;
    int n = clang_Cursor_getNumArguments(def);
    for (int i = 0; i < n && i < 64; i++)
        if (clang_equalCursors(clang_getCanonicalCursor(clang_Cursor_getArgument(def, (unsigned)i)),
                               clang_getCanonicalCursor(v->decl)))
            return i;
    return -1;
}

typedef struct {
    Effects *r;
    CXCursor def;
    Facts facts; /* the function's: parameters it assigns */
    bool ok;
    unsigned long long params; /* parameters written through */
} HarmCtx;

FnSummary *fx_summary(Effects *r, CXCursor fn);

/* A write at an address derived from `root`: the function's own memory
 * (a local or a local array), through a parameter it never reassigns, or
 * other memory. */
static void harm_root(HarmCtx *h, const Node *root);

static void harm_write(HarmCtx *h, const Node *lv)
{
    const Var *v = fx_dot_root(lv);
    if (v && fx_plain_local(h->r, v))
        return;
    harm_root(h, fx_address_root(lv));
}

/* `&v` or `&v.a.b` for a variable of the function's own (automatic, not a
 * parameter): what a callee writes there dies with the call
 * (clock_gettime(CLOCK_MONOTONIC, &t) in a timer). */
static bool address_of_own_local(const Node *ptr)
{
    const Node *n = ast_strip((Node *)ptr);
    while (n && n->kind == N_CAST && n->nkids)
        n = ast_strip(n->kids[n->nkids - 1]);
    if (!n || n->kind != N_UNARY || strcmp(n->op, "&") != 0 || !n->nkids)
        return false;
    const Var *v = fx_dot_root(n->kids[0]);
    return v && v->storage == VAR_LOCAL && clang_getCursorKind(v->decl) != CXCursor_ParmDecl;
}

/* A write through the pointer value `ptr` (a callee's or memcpy's
 * destination): where it points, not the variable holding it. */
static void harm_write_through(HarmCtx *h, const Node *ptr)
{
    if (address_of_own_local(ptr))
        return;
    harm_root(h, fx_pointee_root(ptr));
}

static void harm_root(HarmCtx *h, const Node *root)
{
    if (root && root->var && root->var->storage == VAR_LOCAL &&
        clang_getCursorKind(root->var->decl) != CXCursor_ParmDecl &&
        clang_getCanonicalType(root->var->type).kind == CXType_ConstantArray && !fx_is_addr_taken(h->r, root->var))
        return; /* its own local array */
    int k = root ? param_position(h->def, root->var) : -1;
    if (k >= 0 && !fx_is_addr_taken(h->r, root->var)) {
        for (int i = 0; i < h->facts.nwritten; i++)
            if (h->facts.written[i] == root->var)
                k = -1;
        enum CXTypeKind tk = clang_getCanonicalType(root->var->type).kind;
        /* `double a[]`, `long c[K]` parameters are pointers too */
        if (k >= 0 && (tk == CXType_Pointer || tk == CXType_ConstantArray || tk == CXType_IncompleteArray ||
                       tk == CXType_VariableArray)) {
            h->params |= 1ull << k;
            return;
        }
    }
    h->ok = false;
}

static void walk_harmless(HarmCtx *h, const Node *n)
{
    if (!h->ok)
        return;
    Effects *r = h->r;
    if ((n->kind == N_ASSIGN && n->nkids) ||
        (n->kind == N_UNARY && (!strcmp(n->op, "++") || !strcmp(n->op, "--")) && n->nkids)) {
        harm_write(h, n->kids[0]);
    } else if (n->kind == N_VARDECL && n->var && n->var->storage != VAR_LOCAL && n->nkids) {
        h->ok = false; /* a static initialized... only once, but keep it simple */
    } else if (n->kind == N_CALL) {
        CXCursor fn = fx_callee(n);
        int k = clang_Cursor_isNull(fn) ? -1 : fx_model_of(r, n);
        if (clang_Cursor_isNull(fn)) {
            h->ok = false;
        } else if (fx_pure_call(r, n)) {
        } else if (k >= 0 && fx_models[k].n1) {
            harm_write_through(h, n->kids[fx_models[k].dst]);
        } else if (k >= 0) {
            h->ok = false; /* free, realloc */
        } else {
            CXCursor def = clang_getCursorDefinition(fn);
            FnSummary *s = clang_Cursor_isNull(def) || !source_cursor_in_main(r->src, def)
                               ? NULL
                               : fx_summary(r, def);
            if (!s || s->state == 3) {
                h->ok = false;
            } else {
                /* what the callee writes through its parameters, we write
                 * through our arguments */
                for (int j = 0; j < 64 && j + 1 < n->nkids; j++)
                    if (s->params >> j & 1)
                        harm_write_through(h, n->kids[j + 1]);
            }
        }
    } else if (n->kind == N_ASM) {
        h->ok = false; /* (a statement expression: its statements, below) */
    }
    for (int i = 0; i < n->nkids && h->ok; i++)
        walk_harmless(h, n->kids[i]);
}

/* What a function of the file writes, for its callers: nothing but its
 * locals (state 2), perhaps through some of its pointer parameters
 * (`params`), or other memory (state 3). A function with a region reports
 * its own writes: nothing for its callers to do. */
FnSummary *fx_summary(Effects *r, CXCursor def)
{
    CXCursor canon = clang_getCanonicalCursor(def);
    FnSummary *s = r->summaries;
    while (s && !clang_equalCursors(s->def, canon))
        s = s->next;
    if (s)
        return s; /* being computed: recursion adds nothing new */
    s = xcalloc(1, sizeof *s);
    s->def = canon;
    s->state = 1;
    s->next = r->summaries;
    r->summaries = s;
    if (fx_is_regioned(r, def)) {
        s->state = 2;
        return s;
    }
    Node *tree = ast_build(r->src, def);
    /* OpenMP: its threads, or the barriers and locks it waits at, may
     * write anything (what other threads wrote becomes this one's) */
    if (source_has_omp_line(r->src, tree->start, tree->end, NULL, 0)) {
        s->state = 3;
        return s;
    }
    Node *saved_fn = r->fn;
    Var **saved_addr = r->addr_taken;
    int saved_naddr = r->naddr;
    r->fn = tree;
    r->addr_taken = NULL;
    r->naddr = 0;
    fx_collect_addr_taken(r, tree);
    HarmCtx h = {r, def, {0}, true, 0};
    /* parameters assigned anywhere in the function (facts without calls) */
    fx_facts(r, tree, &h.facts);
    walk_harmless(&h, tree);
    r->fn = saved_fn;
    r->addr_taken = saved_addr;
    r->naddr = saved_naddr;
    s->state = h.ok ? 2 : 3;
    s->params = h.ok ? h.params : 0;
    return s;
}

/* A function of the file whose calls need no invalidation: it has a
 * region (its writes invalidate themselves), or it writes only its own
 * locals and calls only such functions. */
bool fx_harmless(Effects *r, CXCursor fn)
{
    CXCursor def = clang_getCursorDefinition(fn);
    if (clang_Cursor_isNull(def) || !source_cursor_in_main(r->src, def))
        return false;
    if (fx_is_regioned(r, def))
        return true;
    FnSummary *s = fx_summary(r, def);
    return s->state != 3 && s->params == 0;
}

/* Whether evaluating `n` anywhere in the statement is safe: no memory read
 * (a guard such as `if (p)` may protect it), no division by a variable,
 * no call or side effect. `top`: the location written, not read. */
bool fx_safe(const Node *n, bool top)
{
    CXType t = clang_getCanonicalType(n->type);
    bool array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray;
    switch (n->kind) {
    case N_CALL:
    case N_ASSIGN:
    case N_ASM:
    case N_STMTEXPR:
    case N_OTHER:
        return false;
    case N_SIZEOF:
        return true;
    case N_UNARY:
        if (!strcmp(n->op, "++") || !strcmp(n->op, "--"))
            return false;
        if (!strcmp(n->op, "*") && !top && !array)
            return false;
        if (!strcmp(n->op, "&") && n->nkids)
            return fx_safe(n->kids[0], true);
        break;
    case N_SUBSCRIPT:
        if (!top && !array)
            return false;
        break;
    case N_MEMBER:
        if (!top && !array)
            return false;
        if (!strcmp(n->op, ".") && n->nkids)
            return fx_safe(n->kids[0], true);
        break;
    case N_BINARY:
        if ((!strcmp(n->op, "/") || !strcmp(n->op, "%")) && n->nkids == 2) {
            const Node *d = ast_strip(n->kids[1]);
            if (d->kind != N_INTLIT || !strcmp(ast_print(d), "0"))
                return false;
        }
        break;
    default:
        break;
    }
    for (int i = 0; i < n->nkids; i++)
        if (!fx_safe(n->kids[i], false))
            return false;
    return true;
}

