/* NaN and signed zeros in min/max reductions, against C (README, "NaN and
 * signed zeros"): every update form, with NaN at the start, the middle, the
 * end, everywhere, in the initial value, and zeros of both signs. The GPU
 * must print what the sequential loop prints, so each result is printed
 * with its sign (a zero's sign shows which zero the loop kept). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static double max_fmax(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = fmax(m, x[i]);
    return m;
}

static double min_fmin(const double *x, long n, double m)
{
#pragma reduce(min: m)
    for (long i = 0; i < n; i++)
        m = fmin(x[i], m);
    return m;
}

static double max_fmaxf(const double *x, long n, float m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = fmaxf(m, (float)x[i]);
    return m;
}

/* a double variable through the float function: C rounds it to float */
static double max_fmaxf_double(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = fmaxf(m, x[i]);
    return m;
}

static double max_keep_ternary(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = x[i] > m ? x[i] : m;
    return m;
}

static double max_take_ternary(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = m > x[i] ? m : x[i];
    return m;
}

static double max_if(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        if (x[i] > m)
            m = x[i];
    return m;
}

static double max_if_ge(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        if (x[i] >= m)
            m = x[i];
    return m;
}

static double min_if(const double *x, long n, double m)
{
#pragma reduce(min: m)
    for (long i = 0; i < n; i++) {
        if (m > x[i])
            m = x[i];
    }
    return m;
}

static double max_macro_take(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = MAX(m, x[i]);
    return m;
}

static double max_macro_keep(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = MAX(x[i], m);
    return m;
}

static double min_macro_take(const double *x, long n, double m)
{
#pragma reduce(min: m)
    for (long i = 0; i < n; i++)
        m = MIN(m, x[i]);
    return m;
}

/* two take updates in one iteration: a NaN the first takes, the second drops */
static double max_take_twice(const double *x, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++) {
        m = m > x[i] ? m : x[i];
        m = m >= x[n - 1 - i] * 0.5 ? m : x[n - 1 - i] * 0.5;
    }
    return m;
}

/* a loop that also writes an output: when the GPU's result is a zero the
 * loop runs again on the CPU, which must start from the outputs as they were */
static double max_with_output(const double *x, double *y, long n, double m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++) {
        y[i] += 1.0;
        m = x[i] > m ? x[i] : m;
    }
    return m;
}

/* C leaves the sign of fmax(-0.0, +0.0) unspecified (gcc's builds at -O0
 * and -O1 differ): those forms print a zero without its sign */
static void print_value(double v, int zero_sign)
{
    if (isnan(v))
        printf(" nan");
    else if (v == 0 && !zero_sign)
        printf(" 0");
    else
        printf(" %c%g", signbit(v) ? '-' : '+', fabs(v));
}

typedef double (*form_fn)(const double *, long, double);

/* scenario s of the data: n values from -3 to 12, then NaNs and zeros */
static void fill(double *x, long n, int s)
{
    for (long i = 0; i < n; i++)
        x[i] = (double)((i * 7 + 3) % 16) - 3.0;
    switch (s) {
    case 1: if (n) x[0] = NAN; break;
    case 2: if (n) x[n / 2] = NAN; break;
    case 3: if (n) x[n - 1] = NAN; break;
    case 4: for (long i = 0; i < n; i++) x[i] = NAN; break;
    case 5: for (long i = 0; i < n; i += 7) x[i] = NAN; break;
    case 6: /* only non-positive values: the max is a zero, -0.0 first */
        for (long i = 0; i < n; i++)
            x[i] = i % 5 == 0 ? -0.0 : i % 5 == 3 ? 0.0 : -(double)(i % 4 + 1);
        break;
    case 7: /* +0.0 first */
        for (long i = 0; i < n; i++)
            x[i] = i % 5 == 0 ? 0.0 : i % 5 == 3 ? -0.0 : -(double)(i % 4 + 1);
        break;
    case 8: for (long i = 0; i < n; i++) x[i] = -0.0; break;
    case 9: for (long i = 0; i < n; i++) x[i] = i % 2 ? 0.0 : -0.0; break;
    case 10: /* zeros and NaNs */
        for (long i = 0; i < n; i++)
            x[i] = i % 3 == 0 ? NAN : i % 3 == 1 ? -0.0 : 0.0;
        break;
    case 11: /* infinities */
        for (long i = 0; i < n; i++)
            x[i] = i % 4 == 0 ? -INFINITY : i % 9 == 1 ? INFINITY : -1.0;
        break;
    default: break;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    double *x = malloc(sizeof(double) * (size_t)(n + 1));
    double *y = calloc((size_t)(n + 1), sizeof(double));
    if (!x || !y)
        return 1;
    static const struct { const char *name; form_fn f; int zero_sign; } forms[] = {
        {"fmax", max_fmax, 0}, {"fmin", min_fmin, 0}, {"fmaxf-double", max_fmaxf_double, 0},
        {"keep?:", max_keep_ternary, 1}, {"take?:", max_take_ternary, 1}, {"if>", max_if, 1},
        {"if>=", max_if_ge, 1}, {"min-if", min_if, 1}, {"MAX(m,x)", max_macro_take, 1},
        {"MAX(x,m)", max_macro_keep, 1}, {"MIN(m,x)", min_macro_take, 1}, {"take-twice", max_take_twice, 1},
    };
    const double inits[] = {-INFINITY, INFINITY, NAN, -0.0, 0.0, 5.0, -1.0, 0.1};
    const int ninits = (int)(sizeof inits / sizeof inits[0]);
    for (int s = 0; s < 12; s++) {
        fill(x, n, s);
        for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
            printf("data %d %-12s", s, forms[f].name);
            for (int k = 0; k < ninits; k++)
                print_value(forms[f].f(x, n, inits[k]), forms[f].zero_sign);
            printf("\n");
        }
        printf("data %d %-12s", s, "fmaxf");
        for (int k = 0; k < ninits; k++)
            print_value(max_fmaxf(x, n, (float)inits[k]), 0);
        printf("\n");
        printf("data %d %-12s", s, "output");
        for (int k = 0; k < ninits; k++)
            print_value(max_with_output(x, y, n, inits[k]), 1);
        double ys = 0.0;
        for (long i = 0; i < n; i++)
            ys += y[i];
        printf(" | outputs %.1f\n", ys);
    }
    free(x);
    free(y);
    return 0;
}
