/* expect-error-at: 14:18: x; 21:20: x */
/* A global reduction variable: any pointer may point to it (from this
 * file or another), so a loop that reads through pointers cannot reduce
 * into it; a static one only when its address is taken somewhere. */
double total;
static double counted;
static double *counted_at = &counted;
static double kept;

void add_all(const double *x, long n)
{
#pragma reduce(+: total)
    for (long i = 0; i < n; i++)
        total += x[i];
}

void add_counted(const double *x, long n)
{
#pragma reduce(+: counted)
    for (long i = 0; i < n; i++)
        counted += x[i];
}

/* accepted: the address of 'kept' is never taken */
void add_kept(const double *x, long n)
{
#pragma reduce(+: kept)
    for (long i = 0; i < n; i++)
        kept += x[i];
}

double read_counted(void) { return *counted_at; }
