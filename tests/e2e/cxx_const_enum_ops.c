/* Conversions C allows and C++ refuses: a pointer that drops `const`
 * (`int *t = table;` with a const table, a const pointer passed where a
 * plain one is expected), strchr/strstr/memchr of const strings (C returns
 * `char *`), compound assignments to enums (`c += 1`, `c |= 2`), and an
 * enum (or a double) converted to another enum type, in host code, a
 * helper and a marked loop's body. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum level { LOW, MID, HIGH, TOP };

enum band { NARROW, WIDE, FULL };

static const int weights[4] = {1, 3, 5, 7};

static enum level level_of(enum band b) { return b; }

static long total(int *w, long n)
{
    long s = 0;
#pragma reduce(+: s) in(w[0:4])
    for (long i = 0; i < n; i++) {
        enum level l = LOW;
        l += i % 3;
        if (i % 5 == 0)
            l |= HIGH;
        enum band b = i % 2;
        enum level m = b;
        s += w[l] + m + level_of(b);
    }
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    const char *csv = "alpha,beta;gamma";
    char *comma = strchr(csv, ',');
    char *semi = strrchr(csv, ';');
    char *word = strstr(csv, "beta");
    char *any = strpbrk(csv, ";,");
    char *mem = memchr(csv, 'g', strlen(csv));
    printf("%s|%s|%s|%s|%s\n", comma, semi, word, any, mem);

    int *w = weights; /* drops const, as C allows */
    enum level top = LOW;
    for (int k = 0; k < 3; k++)
        top += 1;
    top &= 3;
    enum band wide = WIDE;
    enum level from_band = wide, from_double = 2.75;
    printf("converted: %d %d %d\n", (int)from_band, (int)from_double, (int)level_of(FULL));
    printf("top: %d\n", (int)top);
    printf("total: %ld\n", total(w, n));
    printf("total (const passed): %ld\n", total(weights, n / 2));
    return 0;
}
