/*
 * arena.c - allocation and growable strings.
 *
 * Every block comes from xmalloc and is chained into one list that
 * arena_free_all() releases at exit: as simple as never freeing (the
 * transpiler runs briefly) while leak checkers stay quiet.
 */
#include "pragreduce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Block {
    struct Block *next, *prev;
    max_align_t align[]; /* payload */
} Block;

static Block *blocks;

_Noreturn void pr_internal_error(const char *file, int line, const char *what)
{
    fprintf(stderr, "pragreduce: internal error at %s:%d: %s\n", file, line, what);
    abort();
}

static _Noreturn void out_of_memory(size_t size)
{
    fprintf(stderr, "pragreduce: out of memory allocating %zu bytes\n", size);
    abort();
}

void *xmalloc(size_t size)
{
    Block *b = malloc(sizeof(Block) + (size ? size : 1));
    if (!b)
        out_of_memory(size);
    b->prev = NULL;
    b->next = blocks;
    if (blocks)
        blocks->prev = b;
    blocks = b;
    return b->align;
}

void arena_release(void *p)
{
    if (!p)
        return;
    Block *b = (Block *)((char *)p - offsetof(Block, align));
    if (b->prev)
        b->prev->next = b->next;
    else
        blocks = b->next;
    if (b->next)
        b->next->prev = b->prev;
    free(b);
}

void *xcalloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        out_of_memory(SIZE_MAX);
    void *p = xmalloc(count * size);
    memset(p, 0, count * size);
    return p;
}

void *xrealloc(void *p, size_t size)
{
    if (!p)
        return xmalloc(size);
    Block *old = (Block *)((char *)p - offsetof(Block, align));
    Block *prev = old->prev, *next = old->next;
    Block *b = realloc(old, sizeof(Block) + (size ? size : 1));
    if (!b)
        out_of_memory(size);
    if (prev)
        prev->next = b;
    else
        blocks = b;
    if (next)
        next->prev = b;
    return b->align;
}

/* Small zeroed objects carved from 64 KB chunks of the arena: a tree's
 * nodes and child arrays, a million of them in a big file, without a
 * malloc header and an arena link each. */
#define SMALL_CHUNK (64 * 1024)
static char *small_next, *small_end;

void *arena_small(size_t size)
{
    size = (size + sizeof(void *) - 1) & ~(sizeof(void *) - 1);
    if (size > SMALL_CHUNK / 4)
        return xcalloc(1, size);
    if ((size_t)(small_end - small_next) < size) {
        small_next = xcalloc(1, SMALL_CHUNK);
        small_end = small_next + SMALL_CHUNK;
    }
    void *p = small_next;
    small_next += size;
    return p;
}

void *plain_realloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q)
        out_of_memory(size);
    return q;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xformat(const char *fmt, ...)
{
    StrBuf sb = {0};
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(&sb, fmt, ap);
    va_end(ap);
    return strbuf_steal(&sb);
}

void arena_free_all(void)
{
    small_next = small_end = NULL;
    while (blocks) {
        Block *next = blocks->next;
        free(blocks);
        blocks = next;
    }
}

static void strbuf_reserve(StrBuf *sb, size_t extra)
{
    if (sb->len + extra + 1 <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + extra + 1)
        cap *= 2;
    char *buf = realloc(sb->buf, cap);
    if (!buf)
        out_of_memory(cap);
    sb->buf = buf;
    sb->cap = cap;
}

void strbuf_putn(StrBuf *sb, const char *s, size_t n)
{
    strbuf_reserve(sb, n);
    memcpy(sb->buf + sb->len, s, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
}

void strbuf_puts(StrBuf *sb, const char *s) { strbuf_putn(sb, s, strlen(s)); }

void strbuf_vprintf(StrBuf *sb, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    PR_ASSERT(n >= 0);
    strbuf_reserve(sb, (size_t)n);
    vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
}

void strbuf_printf(StrBuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(sb, fmt, ap);
    va_end(ap);
}

void strbuf_free(StrBuf *sb)
{
    free(sb->buf);
    *sb = (StrBuf){0};
}

/* The buffer itself becomes the arena's block, shrunk to fit (in place
 * for a big one): stealing a whole output file's text copies none of it,
 * so its peak is one copy, not two. */
char *strbuf_steal(StrBuf *sb)
{
    if (!sb->buf)
        return xstrndup("", 0);
    size_t n = sb->len + 1;
    Block *b = realloc(sb->buf, sizeof(Block) + n);
    if (!b)
        out_of_memory(sizeof(Block) + n);
    memmove(b->align, b, n);
    b->prev = NULL;
    b->next = blocks;
    if (blocks)
        blocks->prev = b;
    blocks = b;
    *sb = (StrBuf){0};
    return (char *)b->align;
}
