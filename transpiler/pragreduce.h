/*
 * pragreduce.h - the one header of the transpiler, a section per file.
 *
 * Pipeline (main.c runs each stage over every site in order):
 *   parse.c    libclang translation unit, the input's bytes and tokens
 *   ast.c      a small tree (Node) built from libclang cursors
 *   pragma.c   finds `#pragma reduce(...)` in the token stream, parses it
 *   loop.c     canonical `for` analysis: induction variable, bounds, step
 *   reduction.c  update forms, body rules, the variables the loop captures
 *   access.c   affine subscripts -> index ranges to copy
 *   cost.c     launch plan
 *   segment.c  independent outer loops around marked loops: one launch
 *   emit.c     kernel, host wrapper and call text
 *   emit_segment.c  the segmented kernel and its wrapper pieces
 *   cxx.c      rewrites that let C compile as CUDA C++ (with cxx_math.c,
 *              cxx_scope.c, cxx_jump.c, cxx_const.c, cxx_enum.c)
 *   pin.c      --pin-host: pinned allocation of the arrays loops read
 *   data.c     `#pragma reduce data` / `update` directives
 *   effects.c  what host statements and functions write
 *   residency.c  device copies kept between loops: regions, invalidations
 *   splice.c   applies {start, end, text} edits in one pass
 *   diag.c     compiler-format diagnostics
 *   arena.c    allocation, growable strings
 */
#ifndef PRAGREDUCE_H
#define PRAGREDUCE_H

#include <clang-c/Index.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PRAGREDUCE_VERSION "0.1.0"

typedef struct Node Node;
typedef struct Var Var;
typedef struct Site Site;
typedef struct Source Source;

/* ---------------------------------------------------------------- arena.c */

/* Everything the transpiler allocates lives until arena_free_all() at exit. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xformat(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A zeroed object of pointer alignment (no larger member), for the many
 * small ones of a tree: carved from shared chunks, never passed to
 * xrealloc. */
void *arena_small(size_t size);
/* libc's realloc, checked: a temporary the caller frees with free(). */
void *plain_realloc(void *p, size_t size);
/* Frees a block of xmalloc's now rather than at exit. */
void arena_release(void *p);
void arena_free_all(void);

/* A growable string; the caller owns buf and releases it with strbuf_free. */
typedef struct {
    char *buf;
    size_t len, cap;
} StrBuf;

void strbuf_putn(StrBuf *sb, const char *s, size_t n);
void strbuf_puts(StrBuf *sb, const char *s);
void strbuf_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(StrBuf *sb, const char *fmt, va_list ap);
void strbuf_free(StrBuf *sb);
/* Moves the text into the arena and empties sb. */
char *strbuf_steal(StrBuf *sb);

#define PR_ASSERT(cond)                                                                \
    do {                                                                               \
        if (!(cond))                                                                   \
            pr_internal_error(__FILE__, __LINE__, #cond);                              \
    } while (0)
#define PR_UNREACHABLE() pr_internal_error(__FILE__, __LINE__, "unreachable")
_Noreturn void pr_internal_error(const char *file, int line, const char *what);

/* ---------------------------------------------------------------- diag.c */

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

/* Prints `file:line:col: level: message`, the source line and a caret at
 * byte offset `offset` of the main file. Errors are counted. */
void diag_at(const Source *src, unsigned offset, DiagLevel level, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_plain(DiagLevel level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A message that already starts with its own "file:line:col: error:". */
void diag_located(DiagLevel level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int diag_error_count(void);
void diag_reset(void);
/* Errors printed at most; later ones are counted, not printed. */
#define PR_ERROR_LIMIT 20
/* Inputs larger than this are refused (read with this bound). */
#define PR_INPUT_LIMIT (64 << 20)
/* Syntax trees deeper than this are refused (parse.c says why). */
#define PR_MAX_NESTING 10000
#define PR_STRINGIFY_(x) #x
#define PR_STRINGIFY(x) PR_STRINGIFY_(x)
/* When set, errors are printed as warnings (--keep-invalid) but still counted
 * by diag_soft_error_count(). */
void diag_set_errors_are_warnings(bool on);
bool diag_errors_are_warnings(void);
/* Counts without printing (fuzzing). */
void diag_set_quiet(bool on);
/* -fdiagnostics-color: -1 on a terminal (TERM not dumb), 0 never, 1 always. */
void diag_set_colour(int mode);
bool diag_is_quiet(void);
/* Diagnostics between diag_probe(true) and diag_probe(false) are dropped, not counted. */
void diag_probe(bool on);
/* The first error dropped since the outermost diag_probe(true), as
 * "line:col: message", or NULL. */
const char *diag_probe_first(void);

/* ---------------------------------------------------------------- parse.c */

typedef struct {
    CXTokenKind kind;
    unsigned offset, end; /* byte range in the main file */
    char *text;           /* arena */
} Token;

/* Where the lines of the main text come from when project headers were
 * inlined into it (headers.c): from merged line `line` on, the lines of
 * `path` counted from `first`. */
typedef struct {
    unsigned line;
    const char *path;
    unsigned first;
} LineOrigin;

struct Source {
    const char *path;       /* as given on the command line */
    char *text;             /* the main file's bytes, NUL-terminated */
    size_t size;
    CXIndex index;
    CXTranslationUnit tu;
    CXFile file;
    Token *tokens;          /* the main file's tokens, skipped #if regions removed */
    size_t ntokens;
    unsigned (*macro_ranges)[2]; /* [start, end) of each macro expansion, sorted */
    size_t nmacro_ranges;
    unsigned *line_starts;  /* offset of each line's first byte: source_line_col in log time */
    size_t nlines;
    unsigned *macro_max_end; /* the furthest end of macro_ranges[0..i] */
    LineOrigin *origins;    /* sorted by line; none when no header was inlined */
    const char *rename_prefix; /* cxx_names.c's prefix (diagnostics drop it), or NULL */
    size_t norigins;
    struct PragmaOperator *pragma_operators; /* pragma_operator.c's, sorted by offset */
    size_t npragma_operators;
    struct ElementInfo *elements; /* element.c's rewrite of element accumulators, or NULL */
};

typedef struct {
    const char **include_dirs;
    size_t ninclude_dirs;
    const char **system_dirs; /* -isystem DIR: its headers are system headers */
    size_t nsystem_dirs;
    const char **defines;
    size_t ndefines;
    const char **undefines;  /* -U NAME */
    size_t nundefines;
    const char *macro_order; /* 'D' or 'U' for each -D and -U, in the command line's order */
    const char *optimize;    /* -O, -O2, -Os...: clang's macros (__OPTIMIZE__) as gcc's; NULL */
    const char **forced;     /* -include FILE: found paths, read before the file */
    size_t nforced;
    bool openmp; /* -fopenmp: _OPENMP defined for the analysis, as gcc does */
    const char *std; /* -std=: the C dialect, NULL for gcc's default (gnu17) */
} ParseOptions;

/* _OPENMP under -fopenmp: OpenMP 4.5, what gcc defines. */
#define PR_OPENMP_VERSION "201511"
/* The directory, known only to libclang, that holds pragreduce's omp.h
 * (declarations for parsing; the output includes the host compiler's). */
#define PR_STUB_INCLUDE_DIR "/pragreduce-stub-include"

/* 3 when text starts with a UTF-8 byte-order mark, else 0. */
size_t utf8_bom_length(const char *text, size_t size);
/* Reads and parses `path` (without a leading byte-order mark). Returns
 * false after printing diagnostics. */
bool source_parse(Source *src, const char *path, const ParseOptions *opts);
/* The same from memory (tests, fuzzing). */
bool source_parse_buffer(Source *src, const char *path, const char *text, size_t size,
                         const ParseOptions *opts);
void source_dispose(Source *src);
/* 1-based line and byte column of an offset, in the file it comes from
 * (source_path_at: the main file, or a header inlined into it). */
void source_line_col(const Source *src, unsigned offset, unsigned *line, unsigned *col);
const char *source_path_at(const Source *src, unsigned offset);
/* Index of the first token at or after `offset` (ntokens when none). */
size_t source_token_at(const Source *src, unsigned offset);
/* Offset of a location in the main file; false when it is in another file. */
bool source_offset(const Source *src, CXSourceLocation loc, unsigned *offset);
char *source_text(const Source *src, unsigned start, unsigned end);
/* True when the cursor is in the main file (or expanded there). */
bool source_cursor_in_main(const Source *src, CXCursor c);
/* Whether the line holding `offset` continues the one above (a backslash
 * ends that one). */
bool source_continues_line(const Source *src, unsigned offset);
/* Whether token i is the '#' of a `#pragma omp` line. */
bool source_omp_line_at(const Source *src, size_t i);
/* Whether [start, end) holds a `#pragma omp` line other than those given
 * (`skip`: the OpenMP lines of valid marked loops, which go with them). */
bool source_has_omp_line(const Source *src, unsigned start, unsigned end, const struct Site *skip,
                         int nskip);
/* Whether token i is the '#' of a conditional directive (#if, #ifdef,
 * #else, #endif, ...): such lines may stand between a pragma, its OpenMP
 * lines and its loop (`#ifdef _OPENMP`), and are kept in the output. */
bool source_cond_line_at(const Source *src, size_t i);
/* The first token after the `#pragma omp` lines (and conditional
 * directives among them) starting at token i. */
size_t source_after_omp_lines(const Source *src, size_t i);
/* The first token of the logical line holding the token before `offset`;
 * false when nothing comes before. */
bool source_line_before(const Source *src, unsigned offset, size_t *first);
/* Whether a `#pragma omp` line ends right before `offset` (it applies to
 * the statement there). */
bool source_omp_line_before(const Source *src, unsigned offset);
/* pragma_operator.c: directives spelled `_Pragma(...)`, directly or through
 * macros. Finds them (after parsing); whether one is spelled in [start,
 * end) (only_omp: one that may be OpenMP). */
typedef struct PragmaOperator {
    unsigned offset; /* its _Pragma token, or the macro invocation holding it */
    bool maybe_omp;
} PragmaOperator;
void source_find_pragma_operators(Source *src);
bool source_pragma_operator_in(const Source *src, unsigned start, unsigned end, bool only_omp);
/* Whether the line before `offset` is a `#pragma` line or spells a _Pragma:
 * a directive (OpenMP, a loop hint) that applies to the statement there. */
bool source_pragma_line_before(const Source *src, unsigned offset);
/* Only blanks before `offset` on its line. */
bool source_starts_line(const Source *src, unsigned offset);
/* True when [start, end) is exactly a macro invocation: a node with that
 * range may be a piece of the macro's body rather than the invocation. */
bool source_in_macro(const Source *src, unsigned start, unsigned end);
/* Whether the offset lies strictly inside a macro invocation (after its
 * name: in its arguments or at a token of its expansion mapped there). */
bool source_inside_macro(const Source *src, unsigned offset);
/* Whether the file's text [start, end) spells what it holds after
 * expansion: every macro expansion it touches lies strictly inside it (the
 * middle of `BB((r+i),(c+k))`, or `M * 2` with `M` ending in `+ b`, does
 * not). Text taken from anywhere else is rebuilt from the tree. */
bool source_text_whole(const Source *src, unsigned start, unsigned end);
/* The outermost macro invocation holding the offset strictly inside it:
 * its [start, end); false when none does. */
bool source_macro_span(const Source *src, unsigned offset, unsigned *start, unsigned *end);
const char *clang_resource_dir(void);
/* parse.c's <omp.h> for the analysis, as an unsaved file */
struct CXUnsavedFile omp_stub_file(void);

/* element.c: `reduce(op: y[i])`, `reduce(op: s->f)`: accumulators that are
 * elements or members become scalars loaded before the loop and stored
 * after it (the file is parsed again); lines keep their numbers. */
typedef struct {
    const char *name; /* the scalar: "y_elem" */
    const char *text; /* what the user wrote: "y[i]" */
    bool row;         /* a section of a row or member, C[i][0:n]: `name` is a
                         pointer to the row ("C_row"), reduced as a section */
    bool member;      /* a pointer held in a struct, D.v or p->q->v, that the loop
                         reads: `name` is a copy of it made before the loop */
} ElementAcc;
typedef struct {
    unsigned offset; /* in the rewritten text */
    char *message;
} ElementError;
/* A pointer held in a struct that the loop may change, not copied before
 * it (reduction.c reports it for the loop at `loop`). */
typedef struct {
    unsigned offset; /* its first use, in the rewritten text */
    unsigned at;     /* where it may change (UINT32_MAX: no one place) */
    unsigned loop;   /* the loop's start */
    char *text, *why;
} MemberRefusal;
/* One edit of the rewrite: old [old_start, old_end) became new [new_start, new_end). */
typedef struct {
    unsigned new_start, new_end, old_start, old_end;
} TextMove;
typedef struct ElementInfo {
    const char *old_text; /* the text before the rewrite (diagnostics show it) */
    size_t old_size;
    ElementAcc *accs;
    size_t naccs;
    ElementError *errors; /* accumulators that could not be rewritten, and why */
    size_t nerrors;
    TextMove *moves;
    size_t nmoves;
    TextMove *redirects; /* inserted text standing for text of the loop (a member
                            pointer's copy: its first use), mapped there */
    size_t nredirects;
    MemberRefusal *refusals;
    size_t nrefusals;
} ElementInfo;
/* The rewritten text (NULL when nothing changed; *info is set whenever
 * there is something to report, NULL otherwise). */
char *element_rewrite(const Source *src, size_t *size, ElementInfo **info);
/* An offset of the rewritten text in the text before it. */
unsigned element_old_offset(const ElementInfo *ei, unsigned offset);
/* An offset in a member pointer's copy before the loop: its first use's
 * (where messages about it point); any other offset as it is. */
unsigned element_redirect(const ElementInfo *ei, unsigned offset);
/* The element accumulator whose scalar is `name`, or NULL (rows: NULL). */
const ElementAcc *element_named(const Source *src, const char *name);
/* The same for either kind, rows included: what the user wrote for `name`. */
const ElementAcc *element_as_written(const Source *src, const char *name);
/* Why the accumulator written at `offset` of a pragma was not rewritten, or NULL. */
const char *element_error_at(const Source *src, unsigned offset);

/* ------------------------------------------------------- param_extent.c */

/* Elements a pointer parameter of a function with internal linkage can
 * reach, from the arguments of every call of it in the file: each a whole
 * array of one constant size (or such a parameter); 0 when some call
 * passes something else or an array of another size, the function's
 * address is taken, or the function changes the parameter. */
long long param_extent_from_calls(const Source *src, const Var *param);

/* ---------------------------------------------------------------- ast.c */

typedef enum {
    N_OTHER,
    N_DECLREF,   /* name, var (NULL for functions and enum constants) */
    N_INTLIT,
    N_FLOATLIT,
    N_CHARLIT,
    N_STRINGLIT,
    N_PAREN,
    N_CAST,      /* explicit cast: kids[0] */
    N_IMPLICIT,  /* libclang "unexposed" expression with one child (implicit cast) */
    N_BINARY,    /* op, kids[0] op kids[1] */
    N_ASSIGN,    /* op is "=" or "+=" ...; kids[0] = kids[1] */
    N_UNARY,     /* op, postfix; kids[0] */
    N_SIZEOF,    /* sizeof / alignof */
    N_COND,      /* kids[0] ? kids[1] : kids[2] */
    N_CALL,      /* name = callee, kids[0] callee expr, kids[1..] args */
    N_SUBSCRIPT, /* kids[0][kids[1]] */
    N_MEMBER,    /* kids[0].name or ->name */
    N_INITLIST,
    N_COMPOUND,
    N_DECLSTMT,
    N_VARDECL,   /* var; kids[0] initializer when present */
    N_IF,        /* kids: cond, then, [else] */
    N_FOR,       /* ast_for_init/cond/inc (may be NULL), kids[last] body */
    N_WHILE,
    N_DO,
    N_SWITCH,
    N_CASE,
    N_DEFAULT,
    N_BREAK,
    N_CONTINUE,
    N_RETURN,
    N_GOTO,
    N_LABEL,
    N_NULLSTMT,
    N_ASM,
    N_STMTEXPR,
} NodeKind;

typedef enum {
    VAR_LOCAL,  /* automatic variable or parameter of a function */
    VAR_STATIC, /* static local */
    VAR_GLOBAL, /* file scope */
} VarStorage;

struct Var {
    const char *name;
    CXCursor decl;
    CXType type;
    VarStorage storage;
    unsigned decl_offset; /* in the main file; UINT32_MAX when elsewhere */
    bool is_volatile;
    bool is_register;
    Var *next; /* registry list */
};

/* (fields ordered to leave no padding: a big file has millions of nodes) */
struct Node {
    unsigned char kind; /* a NodeKind (a byte, beside the flags: 8 bytes a node less) */
    bool postfix : 1;
    bool from_macro : 1; /* start or end lies in a macro expansion */
    /* N_FOR: the kids[] positions + 1 of init, cond and inc, 5 bits each
     * (0: none), read by ast_for_init/cond/inc (three pointers a node less) */
    unsigned short for_parts;
    int nkids;
    unsigned start, end; /* byte range in the main file (expansion) */
    const char *op;   /* operators (one shared copy each); NULL otherwise */
    const char *name; /* DECLREF, CALL callee, MEMBER field */
    Var *var;         /* DECLREF / VARDECL of a variable */
    CXCursor cursor;
    CXType type;
    Node **kids;
    Node *parent;
};

/* A `for`'s init, cond and inc (NULL when absent, or not a `for`). */
static inline Node *ast_for_part(const Node *n, int which)
{
    unsigned k = (n->for_parts >> (5 * which)) & 31u;
    return k ? n->kids[k - 1] : NULL;
}
static inline Node *ast_for_init(const Node *n) { return ast_for_part(n, 0); }
static inline Node *ast_for_cond(const Node *n) { return ast_for_part(n, 1); }
static inline Node *ast_for_inc(const Node *n) { return ast_for_part(n, 2); }

/* Builds the tree rooted at `cursor`. Variables are interned so that one
 * declaration gives one Var. */
Node *ast_build(const Source *src, CXCursor cursor);
/* The same tree for one loop's use: the cached one if built, else a copy
 * freed by ast_scratch_release() (between loops, transpile.c), so that a
 * big file's functions are not all held to the end. */
Node *ast_build_scratch(const Source *src, CXCursor cursor);
/* A marked loop's tree (ast_build's), whose nodes ast_free_loop frees
 * once its code is emitted, all but the root (its position stays). */
Node *ast_build_loop(const Source *src, CXCursor cursor);
void ast_free_loop(Node *root);
void ast_scratch_release(void);
/* Skips parentheses and implicit conversions. */
Node *ast_strip(Node *n);
/* The `for` of tree `n` that starts at byte `start`, or NULL. */
const Node *ast_for_at(const Node *n, unsigned start);
/* Skips implicit conversions only. */
Node *ast_strip_implicit(Node *n);
/* Source text for an expression that can be re-evaluated elsewhere: the
 * file text when no macro is involved, else clang's printing of it. */
char *ast_expr_text(const Source *src, const Node *n);
/* The value of an integer constant expression (clang evaluates it). */
bool ast_int_constant(const Node *n, long long *value);
bool ast_same_expr(const Source *src, const Node *a, const Node *b);
/* ast_print with each of nodes[k] printed as names[k]. */
char *ast_print_replacing(const Node *n, const Node *const *nodes, const char *const *names, size_t count);
/* The expression printed from the tree (macros expanded). */
char *ast_print(const Node *n);
/* The for statement of `tree` that starts at `start`, or NULL. */
Node *ast_find_for(Node *tree, unsigned start);
/* True when `n` mentions variable `v` anywhere. */
bool ast_mentions(const Node *n, const Var *v);
Var *ast_var_for(CXCursor decl);
/* Forgets interned variables (their memory is the arena's). */
void ast_reset(void);
char *cursor_spelling(CXCursor c);
/* A cursor's first and last child (null cursors when it has none). */
CXCursor cursor_first_child(CXCursor c);
CXCursor cursor_last_child(CXCursor c);
char *type_spelling(CXType t);
bool type_is_integer(CXType t);
bool type_is_floating(CXType t);
bool type_is_arithmetic(CXType t);
/* cxx_names.c: the file's text with identifiers that are C++ keywords
 * renamed (`new` -> `cxx_new`), or NULL when it has none. */
/* The text with those names renamed (NULL: none); *prefix gets the prefix. */
char *cxx_rename_keywords(const Source *src, size_t *size, const char **prefix);
/* True when a project header (not a system one) the file includes uses a
 * C++ keyword as a name or declares one of CUDA's names (headers.c then
 * inlines the project headers so that the renames reach them). */
bool cxx_headers_need_renames(const Source *src);

/* ---------------------------------------------------------------- headers.c */

/* The main text with the project headers it includes (quoted includes found
 * beside the including file or in an -I folder, <...> ones found in an -I
 * folder) inlined between #line directives, and the line origins of the
 * result. */
/* The first header the file includes that has a `#pragma reduce` line, or
 * NULL: its loops are transpiled with the file only when it is a project
 * header, inlined. */
char *headers_marked(const Source *src);
char *headers_inline(const Source *src, const ParseOptions *opts, size_t *size,
                     LineOrigin **origins, size_t *norigins);

/* A type name usable in C++ (`_Bool` -> `bool`); NULL when unnamed. */
char *type_cxx_name(CXType t);

/* ---------------------------------------------------------------- pragma.c */

typedef enum {
    OP_ADD, OP_MUL, OP_MIN, OP_MAX, OP_BAND, OP_BOR, OP_BXOR, OP_LAND, OP_LOR,
    OP_MAXLOC, OP_MINLOC, /* a value and an index variable */
    OP_COUNT
} ReduceOp;

typedef struct {
    const char *spelling; /* as written in the pragma: "+", "min", ... */
    const char *functor;  /* runtime functor: "pragreduce::op_add" */
    bool integer_only;
} ReduceOpInfo;

extern const ReduceOpInfo reduce_ops[OP_COUNT];

/* A min/max update's form, which fixes what it does with a NaN:
 * KEEP  `if (x > m) m = x;`, `m = x > m ? x : m`: takes x only when the
 *       test holds, so a NaN x is never taken and a NaN m stays;
 * TAKE  `m = m > x ? m : x` (MAX(m, x)): keeps m only when the test holds,
 *       so a NaN x is taken and a NaN m is replaced;
 * FMAX, FMAXF  fmax/fmin (double), fmaxf/fminf (float): NaN operands ignored. */
typedef enum { MM_NONE, MM_KEEP, MM_TAKE, MM_FMAX, MM_FMAXF } MinMaxForm;

typedef struct {
    ReduceOp op;
    const char *name;
    unsigned offset; /* of the name in the pragma */
    Var *var;        /* resolved by reduction.c */
    int nupdates;
    /* maxloc/minloc: the value is loc_role 0, the index 1; partner is the
     * other one's position in the pragma's list */
    int loc_role, partner;
    int loc_last;    /* ties keep the last iteration (>=): 1, the first (>): 0, unknown: -1 */
    MinMaxForm form; /* min/max: how its updates treat NaN (all alike) */
    /* an array section `h[lo:len]`: each element its own reduction, updated
     * at subscripts the loop computes (histograms, column sums) */
    char *sec_lo, *sec_len; /* expression texts; NULL for a scalar */
} ReduceVar;

/* Whether rv is an array section (h[lo:len]) rather than a scalar. */
static inline bool is_section(const ReduceVar *rv) { return rv->sec_lo != NULL; }

/* Most subscripts an in() clause gives: a table of pointers to tables of
 * pointers to rows (`T ***t`, in(t[0:a][0:b][0:c])), and one more. */
#define PR_MAX_TABLE_DIMS 4

typedef struct {
    const char *name;
    unsigned offset;
    char *lo, *len; /* expression texts */
    /* a pointer table, in(rows[0:n][0:d]): the brackets after the first */
    char *more_lo[PR_MAX_TABLE_DIMS - 1], *more_len[PR_MAX_TABLE_DIMS - 1];
    int nmore;
} ArraySection;

/* private(v): a variable declared outside the loop that each iteration
 * writes before it reads it; the GPU gives every iteration its own. */
typedef struct {
    const char *name;
    unsigned offset; /* of the name in the pragma */
    Var *var;        /* resolved by reduction.c */
    bool implicit;   /* not named: scratch nothing outside the loop reads (reduction.c) */
} PrivateVar;

/* `#pragma omp parallel for ...` directly before `#pragma reduce` or
 * between it and its loop: the loop's OpenMP, given to its CPU fallback. */
typedef struct {
    unsigned start, end; /* its logical line, as Pragma's */
    char *text;          /* that text, continuation lines included */
    bool worksharing;    /* `omp for` / `omp for simd`: shares the loop among the threads
                            of the enclosing parallel region (emit_team.c) */
} OmpLine;

typedef struct {
    unsigned start, end;  /* the pragma's logical lines: '#' .. end of line (excl. newline),
                             the OpenMP lines beside it (omp) included */
    unsigned hash_offset; /* the '#' of `#pragma reduce` */
    OmpLine *omp;         /* in source order */
    int nomp;
    ReduceVar *vars;
    int nvars;
    ArraySection *sections;
    int nsections;
    int collapse;            /* collapse(N): loops in the nest; 1 without the clause */
    unsigned collapse_offset;
    char *summary;        /* "reduce(+: sum)" for messages */
    PrivateVar *privates; /* private(v, ...) */
    int nprivates;
    /* `#pragma reduce parallel`: the loop's iterations are independent; it
     * runs as a segmented loop (segment.c) whose reduce() clauses name
     * what it accumulates across them */
    bool parallel;
    unsigned parallel_offset;
    /* comm(C[, ordered]): the reduction is completed over the ranks of MPI
     * communicator C after the loop (emit_mpi.c); NULL without the clause */
    char *comm;              /* C's text */
    unsigned comm_offset;    /* of `comm` */
    bool comm_ordered;       /* partials folded in rank order on every rank */
} Pragma;

/* Finds every `#pragma reduce` of the main file. Malformed ones are
 * diagnosed and left out. */
Pragma *pragma_find_all(const Source *src, int *count);
/* The conditional directives (#ifdef _OPENMP, #endif, ...) among the lines
 * of pragma p and its OpenMP lines before offset `upto`, each with its
 * newline: what replaces the pragma keeps them, balanced. "" when none. */
char *pragma_kept_lines(const Source *src, const Pragma *p, unsigned upto);
/* `text` after pragma_kept_lines(src, p, upto). */
char *with_kept_lines(const Source *src, const Pragma *p, unsigned upto, char *text);
/* Pragma text for inside a comment (a "*" "/" in it broken up). */
char *escape_comment(const char *s);
/* `in(a[first:count], ...)` starting at toks[*i] (the `in`), appended to
 * *sections; *i moves past it. `where` names the clause or directive in the
 * message about an array named twice. */
bool pragma_parse_sections(const Source *src, const Token *toks, size_t ntoks, size_t *i,
                           unsigned line_end, const char *where, ArraySection **sections,
                           int *nsections);
/* Whether the `#pragma omp` line whose '#' is token `hash` is a loop
 * directive that runs the loop after it with threads or vector lanes
 * wherever it is called: parallel for [simd], parallel loop, simd. */
bool pragma_omp_is_loop_form(const Source *src, size_t hash);
/* `#pragma omp parallel` with clauses only (not `parallel for`, `parallel
 * sections`, ...) at token `hash`; *default_shared false under a
 * `default(...)` other than shared, where a team call may not name the
 * function's region (residency.c keeps nothing there, emit_team.c borrows
 * nothing: the two decide alike). */
bool pragma_omp_parallel_block(const Source *src, size_t hash, bool *default_shared);
/* The '#' of the first of the `#pragma omp` lines right before `offset`
 * (offset itself when none). */
unsigned source_omp_group_start(const Source *src, unsigned offset);
/* The same for any `#pragma` lines but `#pragma reduce` (`#pragma GCC
 * ivdep` must stay right before its loop when text goes before it). */
unsigned source_pragma_group_start(const Source *src, unsigned offset);
/* Parses pragma tokens [first, last) (starting at `reduce`). */
bool pragma_parse_tokens(const Source *src, const Token *toks, size_t ntoks, unsigned line_end,
                         Pragma *out);

/* ---------------------------------------------------------------- loop.c */

typedef enum { CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_NE } LoopCmp;

#define PR_MAX_COLLAPSE 4

typedef struct {
    Var *iv;
    bool iv_declared_in_loop;
    char *iv_type;   /* C++ spelling */
    char *lo, *hi;   /* expression texts */
    char *step;      /* magnitude, expression text */
    bool step_down;  /* i decreases */
    bool step_runtime_check; /* unsigned variable step: checked for 0 at run time */
    LoopCmp cmp;
    Node *init, *cond, *inc, *body;
    Node *lo_node, *hi_node, *step_node;
} LoopInfo;

/* Checks that `loop` (an N_FOR) is canonical. Diagnoses and returns false otherwise. */
bool loop_analyze_one(const Source *src, Node *loop, LoopInfo *li);
/* The marked loop and, under collapse(N), the N-1 loops nested in it
 * (perfectly, with bounds independent of the outer variables). */
bool loop_analyze(const Source *src, Site *site, Node *loop);
/* End of a loop's text: after its body, or after the ';' that ends a body
 * of one statement. */
unsigned loop_text_end(const Source *src, const Node *loop);
/* One of the site's induction variables (collapsed loops included). */
bool site_is_iv(const Site *site, const Var *v);

/* ---------------------------------------------------------------- reduction.c */

/* CAP_TABLE: a pointer to pointers (`float **rows`) read through its rows
 * (rows[i][j]) with extents from in(rows[0:n][0:d]); the GPU gets a copy
 * of the rows and a table of their device addresses (runtime table.cuh). */
typedef enum { CAP_SCALAR, CAP_ARRAY, CAP_TABLE } CaptureKind;

typedef struct {
    Var *var;
    CaptureKind kind;
    char *type;      /* C++ spelling of the scalar type, or of the element type */
    char *dims;      /* arrays of arrays: the element's dimensions, "[8][3]"; else NULL */
    bool elem_const;
    /* array extent: each subscript as coef * iv + off (see access.c) */
    struct Linear *ranges;
    int nranges;
    ArraySection *section; /* from an in() clause */
    unsigned first_use;    /* offset, for diagnostics */
    Node **subs;           /* subscripts of `var[...]` in the loop */
    int nsubs;
    bool deref0;           /* read as *var or var->field: element 0 */
    bool other_use;        /* used other than as `var[...]` */
    unsigned other_use_offset;
    const char *helper_use; /* other_use: only a called function reads it (a global), this one */
    long long elem_size;   /* bytes per element (arrays) */
    bool vec_ok;           /* every access is var[i] in the file's own text */
    bool written;          /* a fused output: the loop writes var[i] (copied back) */
    bool mutable_pointee;  /* the loop gives its value to a pointer without const
                              (`int *p = var;`, only read through: reduction.c), so
                              the copies' types keep the pointee as it is */
    unsigned write_offset; /* the first write, for diagnostics */
    /* a C++ condition under which the kernel writes every element of the
     * extents before any read (no copy to the GPU first: access.c), or NULL */
    char *overwrite_when;
    int levels;            /* CAP_TABLE: subscripts from the table to an element */
    char *leaf_type;       /* CAP_TABLE: the C++ spelling of the elements' type */
} Capture;

/* element_apart.c: whether the loop never reaches element accumulator rv
 * through `cap`, the array holding it (every access differs from it in
 * some subscript at every iteration); whether the loop as written must
 * accumulate in the elements themselves (some array may reach one). */
bool element_apart(const Source *src, const Site *site, const ReduceVar *rv, const Capture *cap);
bool element_homes_needed(const Source *src, const Site *site);
/* Whether every access the loop makes to the variable holding an element
 * accumulator (y of y[i], s of s.f) misses the element (other arrays are
 * checked for overlap at run time). */
bool element_base_apart(const Source *src, const Site *site);

bool reduction_analyze(const Source *src, Site *site);
/* The type each update accumulates: the variable's, or a section's elements'. */
CXType reduce_accum_type(const ReduceVar *rv);
/* Scratch a loop may privatize by itself: a scalar or fixed-size array
 * declared before it that each iteration writes before reading and that no
 * path after the loop reads before writing (C89-style temporaries). */
bool reduction_scratch_private(const Source *src, Site *site, Var *v);
/* Whether nothing after the marked loop reads its induction variable. */
bool reduction_iv_dead_after(const Source *src, const Site *site);
/* Notes its answer in the site, for emit.c. */
void reduction_note_iv_dead_after(const Source *src, Site *site);
/* No assignment, increment, statement expression, asm or call other than
 * of a <math.h> function: evaluating it again is evaluating it once. */
bool reduction_side_effect_free(const Node *n);
/* Whether a pointer may hold the address of the outer variable v (its
 * address taken outside the loop where the loop may see it, or v a
 * global with external linkage: *global). */
bool reduction_address_escapes(const Source *src, const Site *site, const Var *v, bool *global);

/* ---------------------------------------------------------------- access.c */

#define PR_MAX_TERMS 4

/* coef * iv + off + sum of coef_k * r_k, where each r_k is a range
 * variable: a collapsed loop's variable, or an inner loop's with bounds
 * the marked loop cannot change. */
typedef struct {
    int var;    /* index into Site.ranges */
    char *coef;
} LinearTerm;

typedef struct Linear {
    bool affine;
    char *coef; /* NULL means 0 */
    char *off;  /* NULL means 0 */
    bool coef_known, off_known; /* the values, when constant */
    long long coef_value, off_value;
    int nterms;
    LinearTerm terms[PR_MAX_TERMS];
} Linear;

/* A loop variable whose values a subscript may range over, besides the
 * marked loop's: [first, last] of `info`, within [start, end) of the text.
 * `info` is a copy, never a pointer into the Site: sites are moved (the
 * site list grows when segment.c appends outer loops). */
typedef struct {
    LoopInfo info;
    unsigned start, end;
    int level; /* k >= 1: level k of collapse(N), site->inner[k - 1] (its trip count is
                  computed anyway); 0: an inner loop of the body */
    bool follows_iv; /* a bound reads the marked loop's variable (j <= i): its values are
                        the union over the iterations a copy covers */
} RangeVar;

Linear access_linear(const Source *src, const Node *expr, const Var *iv);
/* c * iv + b with c a nonzero constant, b invariant: a new value each iteration. */
bool access_distinct_per_iteration(const Source *src, const Site *site, const Node *sub);
/* An integer expression the loop cannot change. */
bool access_invariant(const Source *src, const Site *site, const Node *n);
/* Why the loop may change the pointer held in a struct at `path` (D.v,
 * p->q->v), which element.c copied to a variable before it, and *at where
 * (UINT32_MAX: no one place); NULL: it cannot. */
const char *access_member_pointer_unproven(const Source *src, const Site *site, const Node *path, unsigned *at);
/* What a subscript stands for: a private scalar the loop sets once
 * (`c = x + y * nx;` before its uses in a block) by its value, followed
 * through such scalars; otherwise n itself (stripped). */
const Node *access_value_of(const Site *site, const Node *n);
/* Whether n mentions v, itself or through such scalars' values. */
bool access_value_mentions(const Site *site, const Node *n, const Var *v);

/* ---------------------------------------------------------------- disjoint.c */

/* Blocks an iteration owns (disjoint.c): `w` and `r` as `c * i + e + d`
 * with one e and constant c (*delta = dr - dw, *stride = |c|). */
bool access_same_block(const Source *src, const Site *site, const Node *w, const Node *r, long long *delta,
                       long long *stride);
/* Whether `sub` always lies in the iteration's row [i * w, i * w + w). */
bool access_row_block(const Source *src, const Site *site, const Node *sub, const Node **width);
/* Whether `sub` is `i * w + j` with j of a loop over exactly [0, w): a
 * whole row (*width = w). */
bool access_whole_row(const Source *src, const Site *site, const Node *sub, const Node **width);
/* `sub` as e + d, d an integer constant: e (NULL for a constant) and d. */
const Node *access_offset_form(const Node *sub, long long *d);
/* The inner loop around `at` over v, as find_inner_loops would take it (access.c). */
bool access_enclosing_range(const Source *src, const Site *site, const Node *at, const Var *v, LoopInfo *out);
/* Whether access k of an array the loop writes (subs: the first subscript
 * of each access; ref: a write) cannot meet another iteration's writes:
 * the same moving subscript as ref under another row, or a read whose
 * subscripts at some level lie apart from every write's. */
bool disjoint_from_writes(const Source *src, const Site *site, Node *const *subs, int nsubs, int ref, int k);
/* Whether the access at sub0 is assigned, incremented or has its address taken. */
bool access_is_write(const Node *sub0);
/* The subscripts of the access whose first subscript is sub0, outermost
 * first, and the type each level yields (a row, then an element). */
int access_levels(const Node *sub0, const Node **subs, CXType *types, int max);
/* The access's whole expression (`a[k][j]`), from its first subscript. */
const Node *access_top_ref(const Node *sub0);
/* The subscripts of the access whose first subscript is `sub`, down to the
 * first that mentions the loop's variable (their number; 0: none does). */
int access_element_chain(const Site *site, const Node *sub, const Node **out, int max);
bool access_analyze(const Source *src, Site *site);
/* The accesses of marked loop `m` (inside segment site `outer`) that read
 * consecutive elements of an array the segment never writes, `a[e + j]`
 * with j the marked loop's variable (step 1 upward) and e unchanged by the
 * loop: their subscript nodes' parents (the `a[...]` expressions) and
 * captures, for 16-byte loads along a group's share of the loop. Returns
 * the elements per vector (16 bytes of the widest such array), or 0. */
int access_unit_stride_refs(const Source *src, const Site *outer, const Site *m, const Node ***refs,
                            const Capture ***caps, int *nrefs);

/* ---------------------------------------------------------------- cost.c */

/* What the model knows of a GPU (datasheet figures; `achieved` is the
 * fraction of DRAM bandwidth a reduction can read, measured on the H100). */
typedef struct {
    const char *name, *arch;
    int sms, max_threads_sm, max_blocks_sm, regs_sm, smem_sm_kb;
    double dram_gbps, achieved, clock_ghz, latency_ns, launch_us, combine_us;
    int line_bytes, sector_bytes;
    double host_link_gbps; /* pageable host-to-device copies */
} GpuDesc;

extern const GpuDesc gpu_table[];
/* By name ("H100", "a100", ...) or architecture ("sm_90"); NULL if unknown. */
const GpuDesc *gpu_find(const char *name_or_arch);

typedef enum { STRIDE_ZERO, STRIDE_ONE, STRIDE_SMALL, STRIDE_LARGE, STRIDE_UNKNOWN } StrideClass;

typedef struct {
    const char *text;  /* "a[2 * i + 1]" */
    const char *array;
    StrideClass cls;
    long long stride;  /* elements per iteration, when known */
    int elem;          /* bytes per element */
    double bytes;      /* DRAM bytes per iteration this access costs */
    const char *inner; /* an inner loop's variable in the subscript, or NULL */
    bool inner_known;
    long long inner_stride; /* elements per step of `inner` */
} AccessFact;

/* The loop as the model sees it: a pure description, built from a Site by
 * cost_facts() or by hand in tests. */
typedef struct {
    AccessFact *accesses;
    int naccesses;
    double bytes_per_iter; /* DRAM bytes per iteration, each array counted once */
    double copy_per_iter;  /* host-to-device bytes per iteration */
    double ops_per_iter;   /* arithmetic, special functions weighted */
    int specials;
    int accum_bytes;       /* accumulator bytes per thread */
    int max_vector;        /* iterations one 16-byte load may cover; 1: none */
    int vector_arrays;     /* arrays read with vector loads */
    bool float_chain;      /* the CPU loop is a floating-point dependence chain */
} CostFacts;

typedef struct {
    int block;  /* threads per block */
    int unroll; /* loads (vectors) in flight per thread and array */
    int vector; /* iterations per vector load; 1: scalar loads */
    int waves;  /* grid cap in rounds of resident blocks; 0: a block per tile */
    const char *why;
    unsigned long long cpu_below; /* auto mode: trip counts below run on the CPU */
    /* and below this even when the arrays are already on the GPU (between
     * the two, where the arrays are decides) */
    unsigned long long cpu_below_kept;
    /* and below this where the host rewrote the arrays since they were
     * kept and the CPU path runs on OpenMP threads (0: as cpu_below) */
    unsigned long long cpu_below_rewritten;
    /* what cpu_below and cpu_below_kept come from, for a call whose inner
     * loops run other trip counts than the model's 16 (cost_work_expr):
     * ns per iteration on one core, of the copies at the link's rate and
     * through the staging buffers, of the kernel over kept arrays; the
     * iterations the staging buffers need; the fixed costs of a call */
    double cpu_ns, link_ns, staged_ns, kept_gpu_ns, staged_from, fixed_ns, kept_fixed_ns;
} LaunchPlan;

typedef struct {
    LaunchPlan plan;
    int regs, blocks_per_sm;
    double occupancy;       /* resident threads / max threads per SM */
    double inflight_kb;     /* bytes in flight per SM */
    double us_small, us_large; /* estimates at n = 2^16 and 2^26 */
} Candidate;

CostFacts cost_facts(const Source *src, const Site *site);
/* Frees the accesses array now (a plan per loop of a big file would keep
 * them all to the end); the texts stay. */
void cost_facts_free(CostFacts *f);
/* Estimated microseconds for n iterations with data on the device. */
double cost_estimate(const CostFacts *f, const GpuDesc *d, const LaunchPlan *p, double n,
                     Candidate *detail);
/* The plan with the least estimated time; fills `table` (up to 48 rows)
 * when not NULL. */
LaunchPlan cost_choose(const CostFacts *f, const GpuDesc *d, Candidate *table, int *ntable);
/* Trip count below which the CPU is estimated faster when the arrays start
 * on the host (ULLONG_MAX: never slower). */
unsigned long long cost_cpu_threshold(const CostFacts *f, const GpuDesc *d);
/* Trip count from which a call split over several GPUs saves more than
 * the split costs (one for every loop). */
unsigned long long cost_team_threshold(void);
/* The same with the arrays already on the GPU (no copies). */
unsigned long long cost_cpu_threshold_kept(const CostFacts *f, const GpuDesc *d);
unsigned long long cost_cpu_threshold_team(const CostFacts *f);
/* Overrides for experiments: "block=512,unroll=2,vector=4,waves=0" (any
 * subset); NULL keeps the model's choice. */
/* One iteration's arithmetic with the inner loops that are range variables
 * counted at their trips at run time (the wrapper's pr_trip_wK), over the
 * model's (16 a loop): a C++ expression, NULL when no such loop. */
char *cost_work_expr(const Site *site);
LaunchPlan cost_plan(const Source *src, const Site *site, const GpuDesc *d, const char *override);
/* True when unit-stride vector loads apply to the loop. */
bool cost_vectorizable(const Site *site, int *vector);
/* Segmented loops: inner trip counts up to *thread_max run a segment per
 * thread, up to *warp_max per warp, longer ones per block. */
void cost_segment_groups(long long *thread_max, long long *warp_max);
/* --explain: the site's facts, candidates and choice. */
void cost_explain(const Source *src, const Site *site, const GpuDesc *d, FILE *to);

/* ---------------------------------------------------------------- sites */

/* A function of the file called from a marked loop: checked like the loop
 * body and copied for the GPU as __host__ __device__ under a new name. */
typedef struct {
    CXCursor def;
    char *name;
    Node *tree;     /* the definition */
    Node **calls;   /* callee references inside it to other such functions */
    int ncalls;
    bool ok;
    /* parameters it writes through (`*seed = ...`): each call must pass the
     * address of storage the iteration owns (reduction.c) */
    bool *writes_param;
    /* parameters it reads as tables of pointers (`p[i][j]`, `p[i]`): each
     * call must pass a table the marked loop names in in() (reduction.c) */
    bool *table_param;
    int nparams;
    /* the program's globals it reads, itself or through the functions it
     * calls (reduction.c): the loop's captures, passed to its copy as extra
     * parameters under their own names (emit.c); the first read of each */
    Var **globals;
    unsigned *global_at;
    int nglobals;
} SiteFunction;

struct Site {
    int index;
    Pragma pragma;
    Node *loop;           /* N_FOR */
    unsigned loop_end;    /* end of the loop text, trailing ';' included */
    CXCursor function;    /* enclosing function definition */
    unsigned function_start; /* start of the line where the function begins */
    char *function_name;
    LoopInfo info;        /* the marked loop; info.body is the innermost body */
    LoopInfo inner[PR_MAX_COLLAPSE - 1]; /* collapse(N): the nested loops, outer first */
    int ninner;
    Node *innermost;      /* the loop whose body runs at each point */
    unsigned body_end;    /* end of that body's text */
    RangeVar *ranges;     /* variables subscripts may range over (access.c) */
    int nranges;
    Capture *captures;
    int ncaptures;
    LaunchPlan plan;
    SiteFunction **functions; /* each allocated alone: walks keep pointers */
    int nfunctions;
    Node **fn_calls;      /* callee references in the loop to such functions */
    int nfn_calls;
    Node **loc_stores;    /* `idx = x` of maxloc/minloc updates */
    int *loc_store_var;   /* the value variable's position for each */
    int nloc_stores;
    Node **nan_takes;     /* floating-point MM_TAKE updates: the kernel notes a NaN they take */
    int *nan_take_var;    /* the variable's position for each */
    int nnan_takes;
    bool rejected;
    bool absorbed;        /* a parallel pragma's site: the segmented site made from it replaces it */
    unsigned inside_marked_at; /* a marked loop inside another marked reduction loop (whose
                                  loop starts here; 0 otherwise): it runs as written in
                                  each iteration of that one, its pragma a comment */
    char *prefix;         /* "pr_loop0" */
    /* segmented reductions (segment.c): */
    Var **privates;       /* outer scalars each outer iteration writes before reading */
    int nprivates;
    bool *privates_kept;  /* privates[k] named in the parallel loop's private(): the
                             caller's value stays (OpenMP's private), not the last one's */
    struct Segment *segment; /* set on the site of an outer loop run as one launch */
    Site *segmented_by;   /* set on a marked or independent loop inside such an outer loop: the
                             innermost one around it, which calls it when the nest stays on the host */
    /* `if (x < mn) mn = x; else if (x > mx) mx = x;`: the min and the max
     * variable's positions in the pragma; the wrapper runs the loop on the
     * CPU unless mn <= mx before it (reduction.c explains why) */
    int (*minmax_pairs)[2];
    int nminmax_pairs;
    bool from_collapse;   /* the innermost loop of a parallel loop's collapse(N), a site of its own
                             with no text (transpile.c's expand_parallel_collapse) */
    bool inner_tried;     /* a parallel loop whose innermost loops were tried that way */
    bool collapse_auto;   /* ... found by itself, without the clause: dropped silently when its
                             iterations are not independent */
    bool auto_collapsed;  /* run as collapse(2) without the clause (transpile.c) */
    struct Site *uncollapsed; /* then the site as marked, analyzed: inside a segmented
                                 loop it runs so, its iterations shared by a group */
    /* answers noted at the end of its analysis, while its function's tree
     * is at hand (a scratch tree, not kept: ast_build_scratch), for the
     * stages after: 0 not noted, 1 no, 2 yes */
    signed char loops_around;  /* a written loop around it (segment_note_loops_around) */
    signed char iv_dead;       /* reduction_iv_dead_after, for iv_dead_iv in the loop at iv_dead_loop */
    const Var *iv_dead_iv;
    unsigned iv_dead_loop;
};

/* Whether a reduction variable of the site is an array section. */
static inline bool site_has_sections(const Site *site)
{
    for (int v = 0; v < site->pragma.nvars; v++)
        if (is_section(&site->pragma.vars[v]))
            return true;
    return false;
}

/* Whether the loop's OpenMP is `omp for`: every thread of the enclosing
 * team reaches it (emit_team.c). */
static inline bool site_in_team(const Site *site)
{
    for (int k = 0; k < site->pragma.nomp; k++)
        if (site->pragma.omp[k].worksharing)
            return true;
    return false;
}

/* Whether the site reads a table of pointers (CAP_TABLE). */
static inline bool site_has_tables(const Site *site)
{
    for (int i = 0; i < site->ncaptures; i++)
        if (site->captures[i].kind == CAP_TABLE)
            return true;
    return false;
}

/* ---------------------------------------------------------------- segment.c */

/* An independent outer loop around marked loops, run as one launch: each
 * outer iteration is a segment, given to a thread, a warp or a block. */
typedef struct Segment {
    Site **marked;        /* the marked loops inside, in source order */
    int nmarked;
    bool cooperative;     /* warps/blocks may share a marked loop's iterations */
    const char *solo_why; /* why not, for --explain */
    long long group_thread_max, group_warp_max; /* inner trip counts: thread below, warp below, else block */
    Node **guarded;       /* statements writing the segment's elements: one thread of a group runs them */
    int nguarded;
    Site **children;      /* sites whose segmented_by is this one: called when the nest stays on the host */
    int nchildren;
} Segment;

/* Finds, for every marked loop, the outermost enclosing loop whose
 * iterations are independent, and builds a site for it (appended to
 * *sites, which may move). --explain describes each decision. */
void segment_find_all(const Source *src, Site **sites, int *count, FILE *explain);
/* Notes in the site whether a written loop is around it (only those are
 * tried as segments). */
void segment_note_loops_around(const Source *src, Site *site);
/* "line 5 ('t' over [0, steps))": a host loop and what it runs over. */
void explain_loop_range(const Source *src, const Node *loop, StrBuf *sb);

/* --------------------------------------------------------- host_launches.c */

/* --explain: each marked loop launched from host loops (its function's, or
 * around calls of its function in the file): the launches a run makes, the
 * host writes in those loops that are copied again at each launch, and the
 * host loops to mark instead. */
void explain_host_launches(const Source *src, const Site *sites, int nsites, FILE *to);

/* ---------------------------------------------------------------- emit.c */

typedef struct {
    bool line_directives;
    const char *out_name; /* for #line back into the output */
    const struct EditList *cxx; /* C-to-C++ edits of the file (cxx.c), or NULL */
    const struct EditList *cxx_copied; /* more, for text copied out of a function, or NULL */
} EmitOptions;

/* Writes generated definitions (placed before the function) and the call
 * that replaces the loop. */
void emit_site(const Source *src, const Site *site, const EmitOptions *opts, StrBuf *defs,
               StrBuf *call);
extern const char pragreduce_runtime_text[];

/* emit_mpi.c: comm(C), a loop's reduction completed over MPI ranks. Errors
 * for what cannot be reproduced exactly; the call wrapped (call is taken). */
bool mpi_check_site(const Source *src, const Site *site);

/* emit_team.c: whether a loop under `#pragma omp for` can be shared so
 * (an error at the OpenMP line when not). */
bool team_check_site(const Source *src, const Site *site);
bool mpi_any_site(const Site *sites, int n);
char *mpi_wrap_call(const Source *src, const Site *site, char *call, bool line_directives);

/* ---------------------------------------------------------------- splice.c */

typedef struct {
    unsigned start, end; /* replaced range [start, end) of the input */
    char *text;
    int order;           /* ties at one offset keep this order */
} Edit;

typedef struct EditList {
    Edit *items;
    size_t count, cap;
    unsigned base; /* the input file's offset of the text's start (for splice_conflict) */
} EditList;

void edits_add(EditList *list, unsigned start, unsigned end, char *text);
/* A range to repeat starts at `at` (splice.c); edits_repeat(id)'s text, in
 * an edit at its end or later, stands for the range's output. */
void edits_mark(EditList *list, unsigned at, unsigned id);
char *edits_repeat(unsigned id);
/* Applies the edits to `text`; replaces each "#line @@OUT@@" marker with the
 * output line number. Returns the arena-allocated result. */
/* `#line LINE "PATH"` and a newline, the path escaped. */
void strbuf_line_directive(StrBuf *sb, unsigned line, const char *path);
char *splice_apply(const char *text, size_t size, EditList *list, const char *out_name,
                   bool line_directives);
/* Whether an edit crossed another's range (neither inside nor outside it)
 * in a splice since the last call; *offset: the first one's place in the
 * input file. Clears the count. */
bool splice_conflict(unsigned *offset);

/* ---------------------------------------------------------------- linkage.c */

/* The edits that leave system headers included at file scope outside the
 * program's extern "C" block (transpile.c opens and closes it). */
void linkage_rewrite(const Source *src, EditList *edits, bool line_directives);
/* `#include "x.h"` found beside the source, with the output written to
 * another folder: the path from that folder. */
void include_paths_rewrite(const Source *src, const char *out_name, EditList *edits);

/* ---------------------------------------------------------------- cxx.c */

/* Adds the edits that make the C file compile as C++ (casts of void * and
 * of integers to enums, and the cxx_*.c passes below); false after
 * diagnosing what C++ cannot express. */
bool cxx_rewrite(const Source *src, EditList *edits);
/* cxx_math.c: casts that keep C's choice of <math.h> function (`sqrt` of
 * a float is the double sqrt); false after diagnosing a call in a macro. */
bool cxx_math_promotion(const Source *src, EditList *edits);
/* cxx_scope.c: types defined inside structs moved out of them, _Noreturn,
 * `f()` declarations of functions called with arguments; false after
 * diagnosing <complex.h> or what cannot be moved. */
bool cxx_scope_rewrite(const Source *src, EditList *edits);
/* cxx_jump.c: `int k = e;` jumped over by goto or switch becomes
 * `int k; k = e;`; false after diagnosing what cannot be split. */
bool cxx_jump_rewrite(const Source *src, EditList *edits);
/* cxx_const.c: casts for pointer conversions that drop const (C allows
 * them), and for strchr & co. of const strings (C's `char *` result). */
void cxx_const_casts(const Source *src, EditList *edits);
/* A read-only array a marked loop passes to its helpers is `const T *` on
 * the GPU; a helper's parameter `T *` gets the cast C++ wants (the helper
 * only reads through it: effects.c refuses one that writes). Edits for the
 * copied loop text; false (with an error) when the argument is a macro's. */
bool cxx_read_only_args(const Source *src, const Site *sites, int nsites, EditList *copied);
/* cxx_enum.c: edits for text copied out of functions (wrappers, kernels):
 * enum constants declared in a function become their values; false after
 * diagnosing one that cannot (spelled by a macro in a marked loop). */
bool cxx_local_enum_values(const Source *src, const Site *sites, int nsites, EditList *copied);
/* The value of a reference to such a constant, as text; NULL for others. */
char *cxx_local_enum_text(CXCursor ref);

/* ---------------------------------------------------------------- pin.c */

/* --pin-host: edits that allocate the arrays reaching marked loops as
 * pinned memory and route free/realloc through the runtime; false (with a
 * warning, and no edits) when that cannot be done safely. */
bool pin_rewrite(const Source *src, const Site *sites, int nsites, EditList *edits);

/* ---------------------------------------------------------------- data.c */

/* `#pragma reduce data in(a[first:count], ...)` before a statement keeps
 * those arrays on the GPU while it runs; `#pragma reduce update
 * in(a[first:count])` refreshes them after a host write. */
typedef enum { DIR_DATA, DIR_UPDATE } DataKind;

typedef struct {
    DataKind kind;
    unsigned start, end;      /* the pragma's logical line, as Pragma */
    ArraySection *sections;
    int nsections;
    char *summary;            /* "data in(a[0:n])" */
    /* data.c's binding: the function and, for `data`, the statement */
    bool bound;
    CXCursor function;
    unsigned stmt_start, stmt_end; /* the statement's text (its ';' included) */
} DataDirective;

/* Finds and parses every data/update directive (malformed ones are
 * diagnosed and left out). */
DataDirective *data_find_all(const Source *src, int *count);
/* Binds each directive to its function and statement (a data directive's
 * statement must follow it in a block) and checks that every update names
 * an array of an enclosing data directive; false after errors. */
bool data_bind(const Source *src, DataDirective *dirs, int ndirs, const Site *sites, int nsites);
/* The text replacing a directive's line (a data region opens a block,
 * closed by a `}` after its statement). */
char *data_open_text(const Source *src, const DataDirective *d, int index, const char *prefix);
/* End of a statement's text, its ';' included. */
unsigned stmt_text_end(const Source *src, const Node *n);

/* ---------------------------------------------------------------- effects.c */

/* What host code writes, for residency.c. */
typedef struct FnSummary {
    CXCursor def;
    int state; /* 1 being computed, 2 writes only its locals (and through `params`), 3 other memory */
    unsigned long long params; /* pointer parameters it writes through */
    struct FnSummary *next;
} FnSummary;

typedef struct {
    const Source *src;
    CXCursor *regioned;  /* functions with regions: their writes invalidate themselves */
    int nregioned;
    int *regioned_slots; /* hash table of regioned's indices + 1 (0: empty), a power of 2 long */
    int nregioned_slots;
    Node *fn;            /* the function under analysis */
    Var **addr_taken;    /* its locals whose address is taken */
    int naddr;
    FnSummary *summaries;
} Effects;

/* What a statement does, for deciding what its addresses mean before it. */
typedef struct {
    const Var **written; /* variables assigned by name, declared, or whose address is taken */
    int nwritten;
    CXType *mem_types;   /* types written through memory */
    int nmem;
    bool opaque_call;    /* a call that may write anything (globals included) */
    bool any_bytes;      /* memset, memcpy, ...: bytes of any type */
} Facts;

/* A library function writing known bytes at argument `dst` (from 1): the
 * count is argument n1 (times n2 when not 0), one object when n1 is -1;
 * n1 0: free and realloc; n1 -2: no count (sprintf, strcpy): known only
 * when `dst` points into an array variable, which it then may fill. */
typedef struct {
    const char *name;
    int dst, n1, n2;
} FxModel;

#define FX_NMODELS 22
extern const FxModel fx_models[FX_NMODELS];

/* An MPI call that blocks until its buffers are done with: `count`
 * elements of the datatype `type` at `buf`, written (w) and read (r, r2),
 * and an MPI_Status it writes (argument positions from 1; 0: none). */
typedef struct {
    const char *name;
    int nargs;
    int wbuf, wcount, wtype;
    int rbuf, rcount, rtype;
    int r2buf, r2count, r2type;
    int status;
} FxMpiModel;
#define FX_NMPI 6
extern const FxMpiModel fx_mpi_models[FX_NMPI];

bool fx_is_regioned(const Effects *fx, CXCursor fn);
void fx_add_regioned(Effects *fx, CXCursor fn);
bool fx_type_is_aggregate(CXType t);
/* char, signed char or unsigned char: may read any object's bytes. */
bool fx_char_type(CXType t);
bool fx_is_addr_taken(const Effects *fx, const Var *v);
/* Sets fx->addr_taken for the function tree `n`. */
void fx_collect_addr_taken(Effects *fx, const Node *n);
/* A local only the function writes, by name: not static, not an array,
 * address never taken. */
bool fx_plain_local(const Effects *fx, const Var *v);
/* The variable at the root of `a.b.c`, or NULL. */
const Var *fx_dot_root(const Node *n);
/* The function a call calls directly (null for calls through pointers). */
CXCursor fx_callee(const Node *call);
void fx_facts(Effects *fx, const Node *n, Facts *f);
/* No side effects, and every variable and memory `n` reads unchanged by the
 * statement of `f` (`skip`: variables handled by the caller; `exempt`: the
 * variable assigned the call's result; `top`: `n` is the location written). */
bool fx_invariant_at(const Effects *fx, const Facts *f, const Node *n, const Var *exempt,
                     const Var *const *skip, int nskip, bool top);
bool fx_invariant(const Effects *fx, const Facts *f, const Node *n, const Var *exempt,
                  const Var *const *skip, int nskip);
/* Evaluating `n` anywhere cannot fault: no memory read, no division by a variable. */
bool fx_safe(const Node *n, bool top);
/* A library call that writes no memory a marked loop may read. */
bool fx_pure_call(const Effects *fx, const Node *call);
/* The model of a library call (index in fx_models), or -1. */
int fx_model_of(Effects *fx, const Node *call);
int fx_mpi_model_of(Effects *fx, const Node *call);
/* The variable an lvalue's address derives from (through subscripts, `*`,
 * members, pointer arithmetic), or NULL. */
const Node *fx_address_root(const Node *n);
/* Where a pointer value points (NULL when the value was loaded from memory). */
const Node *fx_pointee_root(const Node *ptr);
FnSummary *fx_summary(Effects *fx, CXCursor def);
/* A function of the file whose calls need no invalidation. */
bool fx_harmless(Effects *fx, CXCursor fn);

/* ---------------------------------------------------------------- residency.c */

/* Residency: each function with marked loops or data directives gets a
 * pragreduce::region, and every host statement of it that may write
 * memory is preceded by the invalidation of what it writes (a byte range
 * when the analysis can bound it, else everything). Adds the edits, the
 * data directives' included; false after errors (host writes to a data
 * region's array with no update after them). Describes every copy and
 * invalidation on `explain` when not NULL. */
/* After residency_rewrite: why function `fn`'s region keeps no device
 * copies (each call copies what it reads), or NULL when it keeps them. */
const char *residency_off_in(CXCursor fn);
bool residency_rewrite(const Source *src, const Site *sites, int nsites, DataDirective *dirs,
                       int ndirs, EditList *edits, FILE *explain, bool line_directives);

/* ---------------------------------------------------------------- driver */

typedef struct {
    ParseOptions parse;
    bool keep_invalid;
    const char *plan_override;
    const GpuDesc *gpu;   /* the target the plan is chosen for */
    FILE *explain;        /* --explain: where to describe each loop, or NULL */
    bool explain_brief;   /* --explain=brief: one line per loop instead */
    bool line_directives;
    bool pin_host;        /* --pin-host */
    bool runtime_library; /* --runtime=library: include pragreduce/runtime.cuh */
    const char *out_name;
} TranspileOptions;

/* ---------------------------------------------------------------- timing.c */

/* -ftime-report: timing_stage(NAME) ends the stage under way and starts
 * NAME (a stage met again adds to its time); timing_report() prints them
 * and the peak memory on stderr. Nothing happens unless enabled. */
void timing_enable(void);
void timing_stage(const char *name);
void timing_loops(int n);
void timing_report(void);
/* A long run's progress (more than 200 marked loops, or past 5 s): `done`
 * of `total` loops through stage `what`, on standard error when it is a
 * terminal; timing_progress_clear() takes the line away (before a
 * diagnostic, at the end). */
void timing_progress(const char *what, int done, int total);
void timing_progress_clear(void);

/* ---------------------------------------------------------------- cli.c */

/* The command line, parsed without exiting (the fuzzer calls it too). */
typedef struct {
    const char *in, *out;  /* out: NULL when not given, "-" for standard output */
    TranspileOptions opts; /* opts.explain is stdout with --explain */
    bool time_report;      /* -ftime-report */
    bool help, version;    /* asked for: nothing else is to be done */
} CommandLine;

/* Fills *cl from argv. Returns 0 when the command can run (or --help or
 * --version was asked), 2 after printing a usage error (unless quiet). */
int cli_parse(int argc, char **argv, CommandLine *cl);
void cli_usage(FILE *to);

/* Deep input recurses deeply (libclang's parser, the tree walks): the work
 * runs on a thread with a 1 GB stack above a 1 MB guard (*guard: its
 * address). False when no such thread could be had. */
#define PR_WORK_STACK_BYTES ((size_t)1 << 30)
#define PR_STACK_GUARD_BYTES ((size_t)1 << 20)
bool cli_run_on_large_stack(void *(*fn)(void *), void *arg, char **guard);
/* Makes libclang parse on the calling thread (call before any parse). */
void cli_parse_on_this_thread(void);

/* Runs every stage up to the plan over each site; *ok is false when errors
 * were reported (with keep_invalid, rejected sites are only warnings). */
Site *transpile_analyze(Source *src, const TranspileOptions *opts, int *count, bool *ok);
/* Transpiles a parsed source. Returns the output text (arena) or NULL when
 * errors were reported. */
char *transpile(Source *src, const TranspileOptions *opts);

/* ------------------------------------------------------------ cxx_dialect.c */

/* Old C gcc accepts with a warning, spelled out for C++.
 * `int ` where clang says the type is missing (implicit int); */
void cxx_implicit_int(const Source *src, EditList *edits);
/* a declaration before the first call of a function declared nowhere,
 * or, for a library function, an #include of its header appended to
 * `includes` (which the output reads before the program); */
bool cxx_implicit_declarations(const Source *src, EditList *edits, StrBuf *includes);
/* whether `fn` is the declaration C made at a call (clang puts it there); */
bool cxx_implicitly_declared(const Source *src, CXCursor fn);
/* `T name(A, B)` (no ';') from a function's definition or prototype, or
 * NULL when its result type does not spell as a prefix; */
char *cxx_prototype_text(CXCursor fn, const char *name);
/* a K&R definition's parameter declarations moved into its parentheses
 * (`open`: its '(', `body`: its '{'); one C passes promoted (float, char,
 * short) takes the promoted type under another name, its own declared at
 * the body's start from it; false after an error. */
bool cxx_knr_rewrite(const Source *src, CXCursor fn, unsigned open, unsigned body, EditList *edits);
/* True when a project header the file includes has one of these (or a
 * `()` declaration): headers.c then inlines the project headers so that
 * the rewrites reach them, as for cxx_headers_need_renames. */
bool cxx_headers_need_dialect(const Source *src);
/* whether the tokens after `open_tok` (a '(') are `fn`'s parameters' names
 * only, `(a, n)`: a K&R definition's identifier list; */
bool cxx_knr_identifier_list(const Source *src, CXCursor fn, size_t open_tok);
/* `(const int *a, int n)` for a K&R definition, as its rewrite spells it,
 * or NULL: not K&R, or after an error. */
char *cxx_knr_prototype_parameters(const Source *src, CXCursor def);

/* Renamed functions and variables with external linkage keep their C
 * symbol: a declaration with an asm label (`__asm__("norm")`) before the
 * first one, so other files link with them; false after an error. */
bool cxx_renamed_symbols(const Source *src, EditList *edits);
/* cxx_interpose.c: false (with an error) when the program defines, with
 * external linkage, a C library function the CUDA runtime calls */
bool cxx_check_runtime_interposition(const Source *src);

/* ------------------------------------------------------------ cxx_library.c */

/* The C or POSIX header (as <...> names it) that declares `function`, or
 * NULL when none does. */
const char *cxx_library_header(const char *function);

/* ---------------------------------------------------------------- warnings.c */

/* A reduction variable the loop starts from that has no value yet. */
void warn_about_sites(const Source *src, const Site *sites, int n);
/* A file without marked loops or data directives. */
void warn_no_marked_loop(const Source *src, int nloops, int ndirectives);

#endif
