/* C that C++ scopes or reads otherwise, used around and inside marked
 * loops: types defined inside a struct (an unnamed enum, a named enum, a
 * struct, a struct inside an unnamed union) used outside it, _Noreturn and
 * <stdnoreturn.h>'s noreturn, `double scale();` declared before its
 * definition and called with arguments (from host code and a loop body),
 * goto and switch jumping past initializations (in host code and in a
 * marked loop's body). */
#include <stdio.h>
#include <stdlib.h>
#include <stdnoreturn.h>

struct shape {
    enum { CIRCLE, SQUARE, TRIANGLE } kind;
    enum unit { MM = 1, CM = 10 } unit;
    struct point {
        int x, y;
    } at;
    union {
        struct extent { int w, h; } box;
        long radius;
    } size;
};

typedef struct {
    struct span { int lo, hi; } range; /* inside a typedef of an unnamed struct */
} window;

struct registry {
    enum { SLOTS = 3 };   /* no member: only the constants */
    struct entry {
        int id;
    };                    /* no member: only the tag */
    struct entry first[SLOTS];
};

_Noreturn static void die(const char *why)
{
    fprintf(stderr, "%s\n", why);
    exit(2);
}

noreturn void fail(int code);

double scale();
int weight();

static int classify(long v)
{
    int r = 0;
    switch (v % 4) {
    case 0:;
        int base = 3; /* case 1 and 2 jump past it */
        r = base;
        break;
    case 1:
        r = 1;
        break;
    default:
        r = 2;
    }
    return r;
}

static long bounded(long n)
{
    long out = 0;
    if (n > 50)
        goto done;
    long extra = n * 2; /* the goto jumps past it */
    out += extra;
done:
    return out;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    if (n < 0)
        die("negative size");
    if (n > 100000000)
        fail(3);
    struct shape *s = malloc((n > 0 ? n : 1) * sizeof *s);
    if (!s)
        return 1;
    for (long i = 0; i < n; i++) {
        s[i].kind = i % 3 == 0 ? CIRCLE : i % 3 == 1 ? SQUARE : TRIANGLE;
        s[i].unit = i % 2 ? CM : MM;
        s[i].at = (struct point){(int)(i % 7), (int)(i % 5)};
        s[i].size.box = (struct extent){(int)(i % 4), 2};
    }
    struct span whole = {0, (int)n};
    window w = {whole};

    long squares = 0;
#pragma reduce(+: squares)
    for (long i = 0; i < n; i++)
        if (s[i].kind == SQUARE)
            squares += s[i].unit == CM ? CM : MM;
    printf("squares: %ld\n", squares);

    double scaled = 0;
#pragma reduce(+: scaled)
    for (long i = 0; i < n; i++)
        scaled += scale((double)s[i].at.x, 2) + weight(s[i].size.box.w);
    printf("scaled: %.1f (host: %.1f)\n", scaled, scale(3.0, 2));

    long classes = 0;
#pragma reduce(+: classes)
    for (long i = 0; i < n; i++) {
        int c = 0;
        switch (i % 3) {
        case 0:;
            int bonus = 5; /* case 1 jumps past it */
            c = bonus;
            break;
        case 1:
            c = 1;
            break;
        }
        classes += c + classify(i);
    }
    printf("classes: %ld\n", classes);
    printf("bounded: %ld, window: %d..%d\n", bounded(n), w.range.lo, w.range.hi);
    struct registry reg = {{{1}, {2}, {3}}};
    struct entry last = reg.first[SLOTS - 1];
    printf("registry: %d of %d\n", last.id, SLOTS);
    free(s);
    return 0;
}

double scale(double v, int k) { return v * k; }
int weight(int w) { return w + 1; }

void fail(int code)
{
    exit(code);
}
