/* Conversions C allows and C++ refuses: a pointer that drops `const`
 * (`int *t = table;` with a const table, a const pointer passed where a
 * plain one is expected), strchr/strstr/memchr of const strings (C returns
 * `char *`), and compound assignments to enums (`c += 1`, `c |= 2`), in
 * host code and in a marked loop's body. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum level { LOW, MID, HIGH, TOP };

static const int weights[4] = {1, 3, 5, 7};

static long total(int *w, long n)
{
    long s = 0;
#pragma reduce(+: s) in(w[0:4])
    for (long i = 0; i < n; i++) {
        enum level l = LOW;
        l += i % 3;
        if (i % 5 == 0)
            l |= HIGH;
        s += w[l];
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
    printf("top: %d\n", (int)top);
    printf("total: %ld\n", total(w, n));
    printf("total (const passed): %ld\n", total(weights, n / 2));
    return 0;
}
