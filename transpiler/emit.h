/*
 * emit.h - what emit.c shares with emit_segment.c (segmented kernels).
 */
#ifndef PRAGREDUCE_EMIT_H
#define PRAGREDUCE_EMIT_H

#include "pragreduce.h"

typedef struct {
    const Source *src;
    const Site *site;
    const EmitOptions *opts;
    const char *p;  /* prefix */
    unsigned line;  /* line of the `for` */
} Ctx;

/* #line directives back into the input, and back into the output. */
void line_to_input(const Ctx *c, StrBuf *sb, unsigned offset);
void line_to_output(const Ctx *c, StrBuf *sb);
/* The C++ type of a variable. */
char *var_type(const Var *v);
/* Declarators and types of captured arrays (see emit.c). */
char *array_decl(const Capture *cap, const char *qual, const char *name);
char *fixed_extent(const Capture *cap);
char *fixed_array_type(const Capture *cap, const char *ext, const char *inner);
char *array_param(const Capture *cap);
char *array_elem(const Capture *cap);
/* Edits of copied text: one per range; calls to the device copies of the
 * file's functions; the file's C-to-C++ edits. */
void add_unique_edit(EditList *edits, unsigned start, unsigned end, char *text);
void add_call_renames(const Ctx *c, EditList *edits, Node **calls, int ncalls, unsigned start,
                      unsigned end);
void add_cxx_edits(const Ctx *c, EditList *edits, unsigned start, unsigned end);
/* Globals read by the functions the loop calls (emit_globals.c): the
 * arguments a call of its copy passes first; the
 * parameters its copy's header declares first (the name at `name_at`, the
 * body at `body`); calls in the loop as written made calls of the copies
 * where they read globals (the fake device then reads the device copies). */
void add_global_args(const Ctx *c, EditList *edits, const Node *callee);
void add_global_params(const Ctx *c, EditList *edits, const SiteFunction *f, unsigned name_at,
                       unsigned body);
void add_global_call_edits(const Ctx *c, EditList *edits, unsigned start, unsigned end);
/* The input's [start, end) with the edits applied (their offsets are moved). */
char *splice_range(const Ctx *c, EditList *edits, unsigned start, unsigned end);

/* The loop's trip count as an expression of its first value and step. */
void emit_trip_expr(StrBuf *sb, const LoopInfo *li, const char *lo, const char *step);
/* The kernel's parameters for the loop's captures and its iteration space;
 * inside it, the fixed-size arrays under their C types. */
void emit_capture_params(const Ctx *c, StrBuf *sb, bool restrict_written);
void emit_fixed_arrays(const Ctx *c, StrBuf *sb);
/* The call that replaces the loop; in_segment: inside a segmented loop's
 * wrapper, whose parameters hold the in() sections' values. */
void emit_call(const Ctx *c, StrBuf *sb, bool in_segment);
/* The wrapper's arguments; false when there are none. */
bool emit_call_args(const Ctx *c, StrBuf *sb, bool in_segment);
/* Whether the loop writes any array. */
bool site_writes_arrays(const Site *site);
bool cpu_wrote_elems(const Ctx *c);
void emit_cpu_wrote(const Ctx *c, StrBuf *sb, const char *indent);
/* The loop as written where it stands, at its own line (`before` after
 * its indentation; homes: element accumulators in the elements). */
void emit_loop_in_caller(const Ctx *c, StrBuf *sb, const char *before, bool homes);
/* `text` in the loop's place in the caller, under #line directives to it. */
void emit_text_in_caller(const Ctx *c, StrBuf *sb, const char *text);
/* After the call: the rest of the loop's last line keeps its number. */
void emit_rest_of_line(const Ctx *c, StrBuf *sb);
/* emit_team.c: the call of a loop under `#pragma omp for`. */
void emit_team_call(const Ctx *c, StrBuf *sb);
/* `{(const volatile void *)a, ...}`: the arrays a loop reads (the auto mode's probe) */
void emit_array_probe(const Ctx *c, StrBuf *sb);

/* The kernel's slots (a result per reduction variable or maxloc pair):
 * parameters, launch arguments for chunk pr_c, and the end of the kernel
 * combining them over the grid (blocks of `block` threads). */
void emit_slot_params(const Ctx *c, StrBuf *sb);
void emit_slot_args(const Ctx *c, StrBuf *sb);
void emit_grid_combine(const Ctx *c, StrBuf *sb, int block);

/* emit_table.c: tables of pointers (CAP_TABLE). After pr_resident is set,
 * each table's device copy, pr_t_NAME; the loop runs as written when one
 * does not fit or shares bytes with what the loop writes. */
void emit_table_build(const Ctx *c, StrBuf *sb);
/* The clause naming a table's extents. */
const ArraySection *table_section(const Site *site, const Capture *cap);

/* emit_segment.c */
void emit_segment_kernel(const Ctx *c, StrBuf *sb);
/* The segmented loop as written for the CPU, its marked loops calling
 * their own wrappers (the parallel loops its groups share run as written). */
char *segment_cpu_text(const Ctx *c);
/* The segmented loop as written, every marked loop inside it too (no
 * wrapper calls): what a team runs under its `omp for` (emit_team.c). */
char *segment_as_written_text(const Ctx *c);
/* The loops inside a segmented site whose wrappers its CPU path calls. */
int segment_called_children(const Site *t);
/* Whether segmented site t's CPU path calls child's wrapper. */
bool segment_calls(const Site *t, const Site *child);
/* Wrapper pieces: after the range variables, the decision to use the GPU;
 * the launch shape; one chunk's launch; the private scalars' last values. */
void emit_segment_decision(const Ctx *c, StrBuf *sb);
/* Auto mode's thresholds pr_cpu_below, pr_cpu_below_kept at this call's inner
 * trips; false (nothing written) when the body has no fixed inner loops. */
bool emit_work_scale(const Ctx *c, StrBuf *sb);
void emit_segment_shape(const Ctx *c, StrBuf *sb);
void emit_segment_launch(const Ctx *c, StrBuf *sb);
void emit_segment_lastprivate(const Ctx *c, StrBuf *sb);
/* The device scratch for the private scalars' last values. */
void emit_segment_last_bytes(const Ctx *c, StrBuf *sb);

/* emit_section.c: array sections, reduce(op: h[lo:len]) */
void emit_section_types(const Ctx *c, StrBuf *sb);
void emit_section_kernel_params(const Ctx *c, StrBuf *sb);
void emit_section_kernel_prologue(const Ctx *c, StrBuf *sb);
void emit_section_kernel_epilogue(const Ctx *c, StrBuf *sb);
void emit_section_wrapper_params(const Ctx *c, StrBuf *sb, const char **sep);
void emit_section_call_args(const Ctx *c, StrBuf *sb, const char **sep);
void emit_section_cpu_conditions(const Ctx *c, StrBuf *sb);
void emit_section_shared(const Ctx *c, StrBuf *sb);
void emit_section_bytes(const Ctx *c, StrBuf *sb, const char *total, bool declare);
void emit_section_start(const Ctx *c, StrBuf *sb);
void emit_section_launch_before(const Ctx *c, StrBuf *sb);
void emit_section_launch_args(const Ctx *c, StrBuf *sb);
void emit_section_launch_after(const Ctx *c, StrBuf *sb);
void emit_section_chunk_done(const Ctx *c, StrBuf *sb);
void emit_section_check(const Ctx *c, StrBuf *sb, void (*restore)(const Ctx *, StrBuf *));
void emit_section_fold_results(const Ctx *c, StrBuf *sb);

#endif
