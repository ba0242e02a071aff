/* C that is not C++: C++ keywords as identifiers (variables, a reduction
 * variable, an array, a function and its parameter, a struct field, a
 * macro), int-to-enum conversions, malloc without a cast, restrict,
 * _Bool, in-order designated initializers, compound literals by value,
 * sizeof of a character constant. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

enum color { RED, GREEN, BLUE };
struct node {
    int class;
    double value;
};
#define TEMPLATE_SCALE(this) ((this) * 3)

static int template(int class) { return TEMPLATE_SCALE(class) + 1; }
static enum color pick(int k) { return k % 3; }

static long total(const int *restrict new, long n)
{
    long delete = 0;
#pragma reduce(+: delete)
    for (long this = 0; this < n; this++)
        delete += template(new[this]);
    return delete;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *new = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    struct node *nodes = calloc((size_t)(n > 0 ? n : 1), sizeof *nodes);
    if (!new || !nodes)
        return 1;
    for (long i = 0; i < n; i++) {
        new[i] = (int)(i % 7);
        nodes[i].class = (int)(i % 5);
        nodes[i].value = (double)(i % 9) * 0.5;
    }
    printf("total %ld\n", total(new, n));

    int virtual = 0;
    _Bool friend = false;
#pragma reduce(max: virtual) reduce(||: friend)
    for (long i = 0; i < n; i++) {
        virtual = nodes[i].class > virtual ? nodes[i].class : virtual;
        friend = friend || nodes[i].value > 3.5;
    }
    printf("max class %d, any big %d\n", virtual, (int)friend);

    enum color c = 1;
    c = pick((int)n);
    enum color shades[3] = {2, 0, 1};
    struct node first = {.class = 7, .value = 1.5};
    struct node second = (struct node){3, 2.5};
    bool ok = c != RED || n % 3 == 0;
    printf("%d %d %d %.1f %d %.1f %d %d\n", (int)c, (int)shades[0], first.class, first.value,
           second.class, second.value, (int)ok, (int)sizeof('a'));
    free(new);
    free(nodes);
    return 0;
}
