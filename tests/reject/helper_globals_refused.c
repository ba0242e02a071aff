/* expect-error-at: 14:16: the accumulator; 26:12: the induction variable; 49:14: hidden; 56:12: no extent; 71:16: volatile */
/* Globals that functions called from a marked loop may not read: the
 * loop's accumulator, its induction variable, a global a variable of the
 * caller hides, a pointer whose extent nothing names (in() would), a
 * volatile (helper_global_written: an array the loop writes).
 * tests/e2e/helper_globals.c has the ones they may read. */
#include <stdio.h>

double total;
int it;

static double running(double x)
{
    return x + total;
}

void accumulate(const double *x, int n)
{
#pragma reduce(+: total)
    for (int i = 0; i < n; i++)
        total += running(x[i]);
}

static int at(void)
{
    return it;
}

void count(const int *x, int n, long *cnt)
{
    long c = 0;
#pragma reduce(+: c)
    for (it = 0; it < n; it++)
        c += x[it] == at();
    *cnt = c;
}

double scale = 2.0;
static double scaled(double x)
{
    return x * scale;
}

double hidden(const double *x, int n)
{
    double scale = 3.0, s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += scaled(x[i]) * scale;
    return s;
}

double *table;
static double lookup(int k)
{
    return table[k];
}

double unnamed(int n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += lookup(i);
    return s;
}

volatile int flag;
static int flagged(int i)
{
    return i + flag;
}

long volatile_read(int n)
{
    long s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += flagged(i);
    return s;
}
